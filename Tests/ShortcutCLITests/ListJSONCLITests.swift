import Foundation
import ShortcutJSON
import TestSupport
import Testing

/// `list --json` and `mock list --json` through the real binary: one JSON array a script can read, with the
/// fields of the HTTP API's lists (in snake_case: issue 42), and the documented exit codes.
@Suite struct ListJSONCLITests {
    @Test func listsShortcutsAndMocksAsOneJSONArrayEach() throws {
        let store = ServeBinary.temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: store) }
        #expect(
            try ServeBinary.run(["add", "--title", "Scan", "--open", "myapp://scan", "--id", "scan", "--mode", "data", "--store", store])
                .status == 0)
        let file = store + "-page.json"
        defer { try? FileManager.default.removeItem(atPath: file) }
        try Data(#"{"ok":true}"#.utf8).write(to: URL(fileURLWithPath: file))
        #expect(
            try ServeBinary.run([
                "mock", "add", "--file", file, "--type", "application/json", "--status", "202", "--id", "ok",
                "--name", "tab\there", "--store", store,
            ]).status == 0)

        let shortcuts = try ServeBinary.run(["list", "--json", "--store", store, "--base-url", "http://example.test:8/"])
        #expect(shortcuts.status == 0 && shortcuts.stderr.isEmpty)
        #expect(
            shortcuts.stdout == #"[{"id":"scan","title":"Scan","url":"myapp://scan","app_name":"Scan","mode":"data","bundle_id":null,"#
                + #""shortcut":"http://example.test:8/s/scan","page":"http://example.test:8/p/scan","profile":"http://example.test:8/w/scan.mobileconfig"}]"#
                + "\n")

        let mocks = try ServeBinary.run(["mock", "list", "--json", "--store", store])
        #expect(mocks.status == 0)
        let items = try #require((try JSONParser.parse(Array(mocks.stdout.utf8))).arrayValue, "not a list: \(mocks.stdout)")
        try #require(items.count == 1, "not one item: \(mocks.stdout)")
        let mock = items[0]
        #expect(mock["id"] == .string("ok") && mock["status"] == .number(202) && mock["size"] == .number(11))
        #expect(mock["content_type"] == .string("application/json") && mock["kind"] == .string("mock"))
        #expect(mock["name"] == .string("tab\there"), "text a tab-separated line would break stays whole")
        #expect(mock["link"] == .string("http://127.0.0.1:9081/v3/ok"))
        let created = try #require(mock["created_at"]?.stringValue, "no created_at")
        #expect(created.hasSuffix("Z") && created.count == 24)
    }

    /// Issue 26, point 5: a listing before any store exists is empty, exit 0, as a script expects before the
    /// first `add` (`[]` with `--json`); a note on standard error names the folder, and nothing is made.
    /// Before, it failed (exit 1).
    @Test func anEmptyOrMissingStoreIsAnEmptyList() throws {
        let store = ServeBinary.temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: store) }
        #expect(try ServeBinary.run(["mock", "add", "--file", "/nonexistent", "--store", store]).status == 1)
        try FileManager.default.createDirectory(atPath: store + "/pages", withIntermediateDirectories: true)
        let empty = try ServeBinary.run(["list", "--json", "--store", store])
        #expect(empty.status == 0 && empty.stdout == "[]\n")
        for command in [["list"], ["mock", "list"], ["links", "list"]] {
            let missing = try ServeBinary.run(command + ["--json", "--store", store + "-missing"])
            #expect(missing.status == 0 && missing.stdout == "[]\n", "\(command): \(missing.stderr)")
            #expect(missing.stderr == "note: no store at \(store)-missing yet (shortcut-serve add makes it): nothing to list\n")
            let text = try ServeBinary.run(command + ["--store", store + "-missing"])
            #expect(text.status == 0 && text.stdout.isEmpty, "\(command)")
        }
        #expect(!FileManager.default.fileExists(atPath: store + "-missing"))
        let links = try ServeBinary.run(["links", "list", "--json", "--store", store])
        #expect(links.status == 0 && links.stdout == "[]\n", "links list --json on an empty store")
        let usage = try ServeBinary.run(["list", "--json", "extra", "--store", store])
        #expect(usage.status == 64 && usage.stderr.hasPrefix("Error: "))
    }

    /// A landing link is a record of the store, but not a mock: `mock list` (text and JSON) leaves it out, as
    /// it leaves shortcuts out, and `links list` has it.
    @Test func mockListLeavesLandingLinksOut() throws {
        let store = ServeBinary.temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: store) }
        #expect(try ServeBinary.run(LandingLinksCLITests.spring + ["--store", store]).status == 0)
        let json = try ServeBinary.run(["mock", "list", "--json", "--store", store])
        #expect(json.status == 0 && json.stdout == "[]\n", "\(json.stdout)")
        let text = try ServeBinary.run(["mock", "list", "--store", store])
        #expect(text.status == 0 && text.stdout.isEmpty, "\(text.stdout)")
        #expect(try ServeBinary.run(["links", "list", "--store", store]).stdout.hasPrefix("spring\t"))
        // `links list --json`: the JSON of GET /api/links (issue 26: --json on every command that lists).
        let linksJSON = try ServeBinary.run(["links", "list", "--json", "--store", store, "--base-url", "http://192.0.2.7:9081"])
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(linksJSON.stdout.utf8)) as? [[String: Any]])
        #expect(parsed.count == 1 && parsed.first?["id"] as? String == "spring", "\(linksJSON.stdout)")
        #expect(parsed.first?["link"] as? String == "http://192.0.2.7:9081/open/spring", "\(linksJSON.stdout)")
    }
}

/// `--json` on every command that prints data (issue 26, point 5), each parsed as JSON, with the field names
/// of the HTTP API's answer to the same request; and `--id` for every `add`. Before, `add`, `show`,
/// `mock show`, `links list`, `links show` and `links add` refused `--json`, and `links add` took its id only
/// as a word.
@Suite struct JSONEverywhereCLITests {
    static func object(_ run: ServeBinary.Run) throws -> [String: Any] {
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
    }

    static func array(_ run: ServeBinary.Run) throws -> [[String: Any]] {
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]], "\(run.stdout)")
    }

    @Test func everyCommandThatPrintsDataPrintsJSON() throws {
        let store = ServeBinary.temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: store) }
        let page = store + "-page.html"
        try Data("<p>hi</p>".utf8).write(to: URL(fileURLWithPath: page))
        defer { try? FileManager.default.removeItem(atPath: page) }
        let common = ["--store", store, "--base-url", "http://192.0.2.7:9081"]

        let added = try Self.object(
            try ServeBinary.run(["add", "--id", "scan", "--title", "Scan", "--open", "myapp://scan", "--json"] + common))
        #expect(added["id"] as? String == "scan" && (added["secret"] as? String)?.isEmpty == false)
        #expect(added["page"] as? String == "http://192.0.2.7:9081/p/scan")
        let mock = try Self.object(try ServeBinary.run(["mock", "add", "--file", page, "--id", "hello", "--json"] + common))
        #expect(mock["id"] as? String == "hello" && mock["link"] as? String == "http://192.0.2.7:9081/v3/hello" && mock["secret"] != nil)
        let link = try Self.object(
            try ServeBinary.run(
                [
                    "links", "add", "--id", "spring", "--title", "Spring", "--app-url", "myapp://s", "--fallback-url",
                    "https://example.com/s", "--json",
                ]
                    + common))
        #expect(
            link["id"] as? String == "spring" && link["secret"] != nil && link["link"] as? String == "http://192.0.2.7:9081/open/spring")
        // The id as the first word, as before, still makes a link.
        let word = try ServeBinary.run(
            ["links", "add", "autumn", "--title", "Autumn", "--app-url", "myapp://a", "--fallback-url", "https://example.com/a"] + common)
        #expect(word.status == 0, "\(word.stderr)")

        #expect(try Self.object(try ServeBinary.run(["show", "scan", "--json"] + common))["url"] as? String == "myapp://scan")
        let shownMock = try Self.object(try ServeBinary.run(["mock", "show", "hello", "--json", "--store", store]))
        #expect(shownMock["content"] as? String == "<p>hi</p>" && shownMock["status"] as? Int == 200)
        #expect(try Self.object(try ServeBinary.run(["links", "show", "spring", "--json"] + common))["app_url"] as? String == "myapp://s")
        #expect(try Self.array(try ServeBinary.run(["list", "--json"] + common)).map { $0["id"] as? String } == ["scan"])
        #expect(try Self.array(try ServeBinary.run(["mock", "list", "--json"] + common)).map { $0["id"] as? String } == ["hello"])
        #expect(
            try Self.array(try ServeBinary.run(["links", "list", "--json"] + common)).compactMap { $0["id"] as? String }.sorted() == [
                "autumn", "spring",
            ])
    }
}
