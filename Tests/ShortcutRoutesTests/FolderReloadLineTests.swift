import Foundation
import ShortcutServe
import Testing

/// Issue 48, point 8: each time the watch reads a stubs folder again, it says so in one line (files, mappings
/// served, refused), before a line for each skipped mapping or file; a reload printed nothing before.
@Suite struct FolderReloadLineTests {
    @Test func eachReadingOfTheFolderIsOneLine() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("reload-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let mappings = root.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        try Data(#"{"request": {"url": "/a"}, "response": {"body": "a"}}"#.utf8).write(to: mappings.appendingPathComponent("a.json"))
        var options = ServerConfiguration()
        options.stubsPath = root.path
        let server = try AppServer(options: options)
        defer { server.stop() }
        #expect(server.app.stubs.checkFolderNow().isEmpty, "nothing changed: nothing read, nothing said")

        let two =
            #"{"mappings": [{"request": {"url": "/b"}, "response": {}}, {"request": {"url": "/c"}, "response": {}}, "#
            + #"{"request": {"url": "/d"}, "response": {"bodyFileName": "../x"}}]}"#
        try Data(two.utf8).write(to: mappings.appendingPathComponent("b.json"))
        let lines = server.app.stubs.checkFolderNow()
        #expect(lines.first == "stubs: read \(root.path)/mappings again: 2 files, 3 mappings served, 1 refused", "\(lines)")
        #expect(lines.count == 2 && lines.last?.contains("mapping 3 of 3 skipped") == true, "\(lines)")
        #expect(try server.request("GET", "/c").status == 200)
    }
}
