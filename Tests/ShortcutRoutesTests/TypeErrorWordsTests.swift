import Foundation
import Testing

/// Issue 42, one voice: a member of the wrong type is said in words. Before, it was `title must be a string,
/// not jsnumber`. (The command line's words: WordsNotCodesTests.)
@Suite struct TypeErrorWordsTests {
    @Test(arguments: [
        ("/api/shortcuts", #"{"title": 5, "url": "myapp://t"}"#, ".title", "title must be a string, not a number"),
        ("/api/shortcuts", #"{"title": "T", "url": ["myapp://t"]}"#, ".url", "url must be a string, not an array"),
        ("/api/mock", #"{"content": {"a": 1}}"#, ".content", "content must be a string, not an object"),
        ("/api/mock", #"{"name": true}"#, ".name", "name must be a string, not true or false"),
        ("/api/mock", #"{"headers": 5}"#, ".headers", "headers must be an object, not a number"),
        ("/api/links", #"{"title": "T", "app_url": 1}"#, ".app_url", "app_url must be a string, not a number"),
    ])
    func aMemberOfTheWrongTypeIsSaidInWords(path: String, json: String, field: String, reason: String) throws {
        let server = try AppRoutes()
        defer { server.stop() }
        let answer = try server.request("POST", path, json: json)
        #expect(answer.status == 422)
        #expect(answer.json?["reasons"]?[field]?.stringValue == reason, "\(answer.bodyText)")
    }
}
