import Foundation
import TestSupport
import Testing

@testable import ShortcutCLI
@testable import ShortcutRoutes
@testable import ShortcutServe

/// A byte the writer cannot send never gets into the store, whichever way in: the HTTP API answers 422
/// and the command line exits 1, each naming the byte (once, the command line stored a 0x01 in a content
/// type and every play of the page was answered 500).
@Suite struct FieldValidityTests {
    @Test func theCommandLineRefusesAControlByteInTheContentTypeCharsetOrAHeader() throws {
        let store = CLITests.temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: store) }
        let file = store + "-page.html"
        defer { try? FileManager.default.removeItem(atPath: file) }
        try Data("<p>x</p>".utf8).write(to: URL(fileURLWithPath: file))
        for (flag, value, field) in [
            ("--type", "text/html\u{01}", "content_type"), ("--charset", "utf\u{01}8", "charset"),
            ("--header", "X-A: a\u{01}b", "header \"X-A\""),
        ] {
            let run = try CLITests.run(["mock", "add", "--file", file, flag, value, "--store", store])
            #expect(run.status == 1, "\(flag): \(run.stdout)")
            #expect(run.stderr.hasPrefix("error: \(field)") && run.stderr.contains("byte 0x01 at offset"), "\(run.stderr)")
        }
        #expect(try CLITests.run(["mock", "list", "--store", store]).stdout.isEmpty, "nothing was stored")
    }

    @Test func theAPIRefusesAControlByteWith422NamingIt() throws {
        let server = try AppServer()
        defer { server.stop() }
        for (json, field) in [
            (#"{"content_type": "text/html\u0001"}"#, ".content_type"), (#"{"charset": "a\u0001"}"#, ".charset"),
            (#"{"headers": {"X-A": "a\u007Fb"}}"#, ".headers"),
        ] {
            let refused = try server.request("POST", "/api/mock", json: json)
            #expect(refused.status == 422, "\(json)")
            #expect(refused.json?["errors"]?[field]?.stringValue == "error.invalid", "\(refused.bodyText)")
            #expect(refused.json?["reasons"]?[field]?.stringValue?.contains("at offset") == true, "\(refused.bodyText)")
        }
    }
}
