import Foundation
import ShortcutJSON
import Testing

/// `list --json` and `mock list --json` through the real binary: one JSON array a script can read, with the
/// field names of the HTTP API's lists, and the documented exit codes.
@Suite struct ListJSONCLITests {
    @Test func listsShortcutsAndMocksAsOneJSONArrayEach() throws {
        let store = CLITests.temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: store) }
        #expect(
            try CLITests.run(["add", "--title", "Scan", "--open", "myapp://scan", "--id", "scan", "--mode", "data", "--store", store])
                .status == 0)
        let file = store + "-page.json"
        defer { try? FileManager.default.removeItem(atPath: file) }
        try Data(#"{"ok":true}"#.utf8).write(to: URL(fileURLWithPath: file))
        #expect(
            try CLITests.run([
                "mock", "add", "--file", file, "--type", "application/json", "--status", "202", "--id", "ok",
                "--name", "tab\there", "--store", store,
            ]).status == 0)

        let shortcuts = try CLITests.run(["list", "--json", "--store", store, "--base-url", "http://example.test:8/"])
        #expect(shortcuts.status == 0 && shortcuts.stderr.isEmpty)
        #expect(
            shortcuts.stdout == #"[{"id":"scan","title":"Scan","url":"myapp://scan","app_name":"Scan","mode":"data","bundle_id":null,"#
                + #""shortcut":"http://example.test:8/s/scan","page":"http://example.test:8/p/scan","profile":"http://example.test:8/w/scan.mobileconfig"}]"#
                + "\n")

        let mocks = try CLITests.run(["mock", "list", "--json", "--store", store])
        #expect(mocks.status == 0)
        guard case .array(let items) = try JSONParser.parse(Array(mocks.stdout.utf8)), items.count == 1 else {
            Issue.record("not one item: \(mocks.stdout)")
            return
        }
        let mock = items[0]
        #expect(mock["id"] == .string("ok") && mock["status"] == .number(202) && mock["size"] == .number(11))
        #expect(mock["contentType"] == .string("application/json") && mock["kind"] == .string("mock"))
        #expect(mock["name"] == .string("tab\there"), "text a tab-separated line would break stays whole")
        #expect(mock["link"] == .string("http://127.0.0.1:9081/v3/ok"))
        guard case .string(let created)? = mock["createdAt"] else {
            Issue.record("no createdAt")
            return
        }
        #expect(created.hasSuffix("Z") && created.count == 24)
    }

    @Test func anEmptyStoreIsAnEmptyArrayAndAMissingOneExits1() throws {
        let store = CLITests.temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: store) }
        #expect(try CLITests.run(["mock", "add", "--file", "/nonexistent", "--store", store]).status == 1)
        try FileManager.default.createDirectory(atPath: store + "/pages", withIntermediateDirectories: true)
        let empty = try CLITests.run(["list", "--json", "--store", store])
        #expect(empty.status == 0 && empty.stdout == "[]\n")
        let missing = try CLITests.run(["mock", "list", "--json", "--store", store + "-missing"])
        #expect(missing.status == 1 && missing.stdout.isEmpty && missing.stderr.hasPrefix("error: no store at "))
        let usage = try CLITests.run(["list", "--json", "extra", "--store", store])
        #expect(usage.status == 64 && usage.stderr.hasPrefix("Error: "))
    }

    /// A landing link is a record of the store, but not a mock: `mock list` (text and JSON) leaves it out, as
    /// it leaves shortcuts out, and `links list` has it.
    @Test func mockListLeavesLandingLinksOut() throws {
        let store = CLITests.temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: store) }
        #expect(try CLITests.run(LandingLinksCLITests.spring + ["--store", store]).status == 0)
        let json = try CLITests.run(["mock", "list", "--json", "--store", store])
        #expect(json.status == 0 && json.stdout == "[]\n", "\(json.stdout)")
        let text = try CLITests.run(["mock", "list", "--store", store])
        #expect(text.status == 0 && text.stdout.isEmpty, "\(text.stdout)")
        #expect(try CLITests.run(["links", "list", "--store", store]).stdout.hasPrefix("spring\t"))
    }
}
