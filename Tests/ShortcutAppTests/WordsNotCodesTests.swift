import Foundation
import Testing

/// Issue 42, one voice: messages in words, not type names or errno numbers. Before, a member of the wrong type
/// was `title must be a string, not jsnumber`, and a `--store` path through a file was `/x/file/sub: Not a
/// directory (errno 20)` (naming `sub`, which is not the problem), after a note about `servers.json` in the
/// same words; `list` there printed an empty list, as if the store were only not made yet.
@Suite struct WordsNotCodesTests {
    static let commands: [[String]] = [
        ["add", "--title", "T", "--open", "myapp://t"], ["list"], ["list", "--json"], ["show", "x"], ["rm", "x"], ["mock", "list"],
        ["mock", "show", "x"], ["mock", "rm", "x"], ["links", "list"], ["qr", "x"], ["profile", "x"],
    ]

    @Test func aStorePathThroughAFileNamesTheFileInWords() throws {
        let file = CLITests.temporaryStore()
        try Data("not a store".utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        for command in Self.commands + [["mock", "add", "--file", file]] {
            let under = try CLITests.run(command + ["--store", file + "/sub"])
            #expect(under.status == 1, "\(command)")
            #expect(under.stdout.isEmpty, "\(command): \(under.stdout)")
            #expect(under.stderr == "error: --store \(file)/sub: \(file) is a file, not a folder\n", "\(command)")
            let itself = try CLITests.run(command + ["--store", file])
            #expect(itself.status == 1, "\(command)")
            #expect(itself.stderr == "error: --store \(file): it is a file, not a folder\n", "\(command)")
        }
        let served = try CLITests.run(["--store", file + "/sub", "--port", "0"])
        #expect(served.status == 1)
        #expect(served.stderr == "error: --store \(file)/sub: \(file) is a file, not a folder\n")
    }

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
