import Foundation
import TestSupport
import Testing

/// `mock add` refuses what `POST /api/mock` refuses, before anything is stored: a byte the writer cannot send
/// (once a 0x01 in a content type made every play of the page a 500), an interim status, content with a
/// status that has none.
@Suite struct ContentRefusalCLITests {
    @Test func theCommandLineRefusesAControlByteInTheContentTypeCharsetOrAHeader() throws {
        let store = ServeBinary.temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: store) }
        let file = store + "-page.html"
        defer { try? FileManager.default.removeItem(atPath: file) }
        try Data("<p>x</p>".utf8).write(to: URL(fileURLWithPath: file))
        for (flag, value, field) in [
            ("--type", "text/html\u{01}", "content_type"), ("--charset", "utf\u{01}8", "charset"),
            ("--header", "X-A: a\u{01}b", "header \"X-A\""),
        ] {
            let run = try ServeBinary.run(["mock", "add", "--file", file, flag, value, "--store", store])
            #expect(run.status == 1, "\(flag): \(run.stdout)")
            #expect(run.stderr.hasPrefix("error: \(field)") && run.stderr.contains("byte 0x01 at offset"), "\(run.stderr)")
        }
        #expect(try ServeBinary.run(["mock", "list", "--store", store]).stdout.isEmpty, "nothing was stored")
    }

    @Test func anInterimStatusOrContentWithANoContentStatusIsRefused() throws {
        let store = FileManager.default.temporaryDirectory.appendingPathComponent("ss-status-\(UUID().uuidString)").path
        let file = store + ".html"
        try Data("<p>x</p>".utf8).write(to: URL(fileURLWithPath: file))
        defer {
            try? FileManager.default.removeItem(atPath: store)
            try? FileManager.default.removeItem(atPath: file)
        }
        let interim = try ServeBinary.run(["mock", "add", "--file", file, "--status", "101", "--store", store])
        #expect(interim.status == 64)
        #expect(interim.stderr.hasPrefix("Error: --status takes a whole number from 200 to 999, not '101'"), "\(interim.stderr)")
        let noContent = try ServeBinary.run(["mock", "add", "--file", file, "--status", "204", "--store", store])
        #expect(noContent.status == 1)
        #expect(
            noContent.stderr == "error: \(file): status 204 has no content; content must be empty, not 8 bytes\n", "\(noContent.stderr)")
        #expect(try ServeBinary.run(["mock", "list", "--store", store]).stdout.isEmpty, "nothing was stored")
    }
}
