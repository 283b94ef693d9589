import Foundation
import ShortcutJSON
import TestSupport
import Testing

/// Issue 42, one voice: every JSON object the command line prints of a record is in snake_case, the casing of
/// the HTTP API's own JSON (`/api/shortcuts`, `/api/links`, `/api/requests`, the bodies `/api/mock` takes), and
/// carries the record's `id`. Before, `mock show --json` was mocky's camelCase without `id` (`contentType`,
/// `expireAt`), `mock list --json` and `mock add --json` camelCase, while `show --json` was snake_case with `id`.
@Suite struct CLIJSONCasingTests {
    /// Every member name in `value`, at any depth, except inside `headers` (header names are the fields' own).
    static func names(in value: JSONValue) -> [String] {
        switch value {
        case .object(let members): members.flatMap { name, member in [name] + (name == "headers" ? [] : names(in: member)) }
        case .array(let items): items.flatMap(names)
        default: []
        }
    }

    /// The records in `output`: its array's items, or the one object.
    static func records(_ output: String) throws -> [JSONValue] {
        let value = try JSONParser.parse(Array(output.utf8))
        if case .array(let items) = value { return items }
        return [value]
    }

    @Test func everyRecordsJSONIsSnakeCaseAndHasItsID() throws {
        let store = ServeBinary.temporaryStore()
        let page = store + "-page.html"
        defer { for path in [store, page] { try? FileManager.default.removeItem(atPath: path) } }
        try Data("<p>hi</p>".utf8).write(to: URL(fileURLWithPath: page))
        let common = ["--store", store, "--base-url", "http://192.0.2.7:9081"]
        let commands: [[String]] = [
            ["add", "--id", "scan", "--title", "Scan", "--open", "myapp://scan", "--json"],
            ["mock", "add", "--file", page, "--id", "hello", "--header", "X-Trace-ID: 1", "--json"],
            [
                "links", "add", "--id", "spring", "--title", "Spring", "--app-url", "myapp://s", "--fallback-url",
                "https://example.com/s", "--json",
            ],
            ["list", "--json"], ["show", "scan", "--json"], ["mock", "list", "--json"], ["mock", "show", "hello", "--json"],
            ["links", "list", "--json"], ["links", "show", "spring", "--json"],
        ]
        for command in commands {
            // `mock show` prints no link, so it takes no --base-url.
            let run = try ServeBinary.run(command + (command.prefix(2) == ["mock", "show"] ? ["--store", store] : common))
            #expect(run.status == 0, "\(command): \(run.stderr)")
            let records = try Self.records(run.stdout)
            #expect(!records.isEmpty, "\(command)")
            for record in records {
                guard case .string(let id)? = record["id"] else {
                    Issue.record("\(command) prints a record without its id: \(run.stdout)")
                    continue
                }
                #expect(!id.isEmpty)
                for name in Self.names(in: record) {
                    #expect(name.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "_" }, "\(command): '\(name)' is not snake_case")
                }
            }
        }
    }

    @Test func mockShowJSONIsTheMockAPIsFieldsInSnakeCaseWithTheID() throws {
        let store = ServeBinary.temporaryStore()
        let page = store + "-page.json"
        defer { for path in [store, page] { try? FileManager.default.removeItem(atPath: path) } }
        try Data(#"{"ok":true}"#.utf8).write(to: URL(fileURLWithPath: page))
        let added = try ServeBinary.run([
            "mock", "add", "--file", page, "--id", "ok", "--type", "application/json", "--header", "X-Trace-ID: 1", "--store", store,
        ])
        #expect(added.status == 0, "\(added.stderr)")
        let shown = try ServeBinary.run(["mock", "show", "ok", "--json", "--store", store])
        #expect(
            shown.stdout
                == #"{"id":"ok","content":"{\"ok\":true}","status":200,"content_type":"application/json","charset":"UTF-8","#
                + #""headers":{"X-Trace-ID":"1"},"name":"","expire_at":null}"# + "\n")
    }
}
