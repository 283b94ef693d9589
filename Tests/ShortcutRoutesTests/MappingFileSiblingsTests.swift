import Foundation
import ShortcutServe
import Testing

/// Issue 48 (2): a `{"mappings": [...]}` file of the `--stubs` folder loads mapping by mapping: a refused mapping
/// is one warning naming the file, its place and the field's JSON pointer, and its siblings answer.
@Suite struct MappingFileSiblingsTests {
    final class Folder {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("siblings-\(UUID().uuidString)")
        var mappings: URL { root.appendingPathComponent("mappings") }

        init() throws {
            try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        }

        /// Writes `mappings/<name>`; returns its path as the server names it.
        @discardableResult
        func write(_ name: String, _ json: String) throws -> String {
            try Data(json.utf8).write(to: mappings.appendingPathComponent(name))
            return root.path + "/mappings/" + name
        }

        func server() throws -> AppServer {
            var options = ServerConfiguration()
            options.stubsPath = root.path
            return try AppServer(options: options)
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    static let taken = "0d6b1e1c-2f7a-4c1e-9d1b-6f0e8f3a2b10"

    /// Five mappings, the 2nd (a `..` in `bodyFileName`) and the 4th (a regex that does not compile) refused.
    static func api(second: String = #""bodyFileName": "../secret.txt""#, fifth: String = #""body": "5""#) -> String {
        """
        {"mappings": [
          {"request": {"url": "/1"}, "response": {"body": "1"}},
          {"request": {"url": "/2"}, "response": {\(second)}},
          {"request": {"url": "/3"}, "response": {"body": "3"}},
          {"request": {"urlPathPattern": "/4(", "method": "GET"}, "response": {"body": "4"}},
          {"id": "\(taken)", "request": {"url": "/5"}, "response": {\(fifth)}}
        ]}
        """
    }

    @Test func aRefusedMappingIsOneWarningAndItsSiblingsAnswer() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let api = try folder.write("api.json", Self.api())
        let broken = try folder.write("broken.json", "{\"mappings\": [\n  {\"request\": \n}]}")
        // Refused when added (read after api.json): the id is api.json's 5th's; the template does not compile.
        let later = try folder.write(
            "later.json",
            #"""
            {"mappings": [
              {"id": "\#(Self.taken)", "request": {"url": "/dup"}},
              {"request": {"url": "/6"}, "response": {"body": "6"}},
              {"request": {"url": "/7"}, "response": {"body": "{{nope 'x'}}", "transformers": ["response-template"]}}
            ]}
            """#)
        let one = try folder.write("one.json", #"{"request": {"url": "/one"}, "response": {"bodyFileName": "a/../../b"}}"#)

        let server = try folder.server()
        defer { server.stop() }
        for path in ["/1", "/3", "/5", "/6"] {
            let answer = try server.request("GET", path)
            #expect(answer.status == 200 && answer.bodyText == String(path.dropFirst()), "\(path): \(answer.status) \(answer.bodyText)")
        }
        for path in ["/2", "/4", "/dup", "/7", "/one"] { #expect(try server.request("GET", path).status == 404, "\(path)") }

        // One line each, in the order the folder is read (by name).
        let problems = server.app.stubs.loadProblems
        try #require(problems.count == 6, "\(problems)")
        #expect(
            problems[0]
                == "\(api): mapping 2 of 5 skipped, at /mappings/1/response/bodyFileName: may not hold a '..' segment (3 of the file's 5 mappings are served)"
        )
        #expect(problems[1].hasPrefix("\(api): mapping 4 of 5 skipped, at /mappings/3/request/urlPathPattern: "), "\(problems[1])")
        #expect(problems[1].hasSuffix(" (3 of the file's 5 mappings are served)"), "\(problems[1])")
        #expect(problems[2].hasPrefix("\(broken): line 3, column 1: malformed JSON: "), "\(problems[2])")
        #expect(problems[2].hasSuffix(" (the file is skipped)"), "\(problems[2])")
        #expect(
            problems[3]
                == "\(later): mapping 1 of 3 skipped, at /mappings/0: a stub mapping with id \(Self.taken) exists already (1 of the file's 3 mappings is served)"
        )
        #expect(problems[4].hasPrefix("\(later): mapping 3 of 3 skipped, at /mappings/2/response: "), "\(problems[4])")
        #expect(problems[4].hasSuffix("unknown helper 'nope' (1 of the file's 3 mappings is served)"), "\(problems[4])")
        #expect(problems[5] == "\(one): response.bodyFileName: may not hold a '..' segment (the file is skipped)")

        // The file changes: its 2nd mapping is mended, its 5th refused; the warnings follow the new content.
        try folder.write("api.json", Self.api(second: #""body": "2""#, fifth: #""bodyFileName": "/etc/passwd""#))
        server.app.stubs.checkFolderNow()
        for path in ["/1", "/2", "/3", "/6"] { #expect(try server.request("GET", path).bodyText == String(path.dropFirst()), "\(path)") }
        #expect(try server.request("GET", "/5").status == 404)
        #expect(try server.request("GET", "/dup").status == 200, "the id is free now: later.json's 1st mapping loads")
        let now = server.app.stubs.loadProblems
        try #require(now.count == 5, "\(now)")
        #expect(now[0].hasPrefix("\(api): mapping 4 of 5 skipped, at /mappings/3/request/urlPathPattern: "), "\(now[0])")
        #expect(
            now[1]
                == "\(api): mapping 5 of 5 skipped, at /mappings/4/response/bodyFileName: must be relative to __files, not an absolute path (3 of the file's 5 mappings are served)"
        )
        #expect(now[2].hasPrefix("\(broken): line 3, column 1: "), "\(now[2])")
        #expect(now[3].hasPrefix("\(later): mapping 3 of 3 skipped, at /mappings/2/response: "), "\(now[3])")
        #expect(now[3].hasSuffix(" (2 of the file's 3 mappings are served)"), "\(now[3])")
        #expect(now[4] == problems[5])
    }
}
