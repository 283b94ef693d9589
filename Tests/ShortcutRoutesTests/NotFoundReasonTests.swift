import Foundation
import Testing

/// Issue 42, one voice: every 4xx of the API has a body with the reason. A record that is not there and a secret
/// that does not open it answer the same words (`no record 'ID' or wrong secret`), so a wrong secret still learns
/// nothing; a read, which takes no secret, says `no record 'ID'`. Before, each of these was a 404 with an
/// empty body.
@Suite struct NotFoundReasonTests {
    static let notThere = "no record 'nosuch' or wrong secret\n"

    @Test(
        arguments: [
            ("GET", "/api/mock/nosuch", nil, "no record 'nosuch'\n"),
            ("GET", "/api/mock/nosuch/stats", nil, "no record 'nosuch'\n"),
            ("POST", "/api/mock/nosuch/check", #"{"secret": "k"}"#, "no record 'nosuch'\n"),
            ("GET", "/api/shortcuts/nosuch", nil, "no shortcut 'nosuch'\n"),
            ("GET", "/api/links/nosuch", nil, "no record 'nosuch'\n"),
            ("PUT", "/api/mock/nosuch", #"{"secret": "k", "content": "x"}"#, notThere),
            ("DELETE", "/api/mock/nosuch", #"{"secret": "k"}"#, notThere),
            ("DELETE", "/api/shortcuts/nosuch", #"{"secret": "k"}"#, notThere),
            ("DELETE", "/api/links/nosuch", #"{"secret": "k"}"#, notThere),
        ] as [(String, String, String?, String)])
    func anUnknownIDIsA404ThatSaysSo(method: String, path: String, json: String?, reason: String) throws {
        let server = try AppServer()
        defer { server.stop() }
        let answer = try server.request(method, path, json: json)
        #expect(answer.status == 404)
        #expect(answer.bodyText == reason, "\(method) \(path)")
        #expect(answer.header("Content-Type")?.hasPrefix("text/plain") == true)
    }

    @Test func aWrongSecretIsAnsweredInTheWordsOfAMissingRecord() throws {
        let server = try AppServer()
        defer { server.stop() }
        #expect(try server.request("POST", "/api/mock", json: #"{"content": "x", "id": "mk", "secret": "k"}"#).status == 201)
        #expect(
            try server.request("POST", "/api/shortcuts", json: #"{"title": "T", "url": "myapp://t", "id": "sc", "secret": "k"}"#).status
                == 201)
        let link = #"{"title": "T", "app_url": "myapp://t", "fallback_url": "https://example.com/t", "id": "ln", "secret": "k"}"#
        #expect(try server.request("POST", "/api/links", json: link).status == 201)
        for (method, path, json) in [
            ("PUT", "/api/mock/mk", #"{"secret": "wrong", "content": "y"}"#), ("PUT", "/api/mock/mk", #"{"content": "y"}"#),
            ("DELETE", "/api/mock/mk", #"{"secret": "wrong"}"#), ("DELETE", "/api/shortcuts/sc", #"{"secret": "wrong"}"#),
            ("DELETE", "/api/links/ln", "{}"),
        ] {
            let id = String(path.split(separator: "/").last ?? "")
            let answer = try server.request(method, path, json: json)
            #expect(answer.status == 404, "\(method) \(path) \(json)")
            #expect(answer.bodyText == "no record '\(id)' or wrong secret\n", "\(method) \(path) \(json)")
        }
    }
}
