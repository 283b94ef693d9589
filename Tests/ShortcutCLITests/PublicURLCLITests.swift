import Foundation
import ShortcutServe
import TestSupport
import Testing

@testable import ShortcutCLI

/// Issue 24, item 1, at the command line: `--public-url` takes an origin and nothing else, and the start says
/// once when a page on the network would not be in a secure context.
@Suite struct PublicURLCLITests {
    @Test func publicURLIsAnOriginAndNothingElse() throws {
        #expect(try ServerConfiguration.parse(["--public-url", "https://Mac.Example:443/"]).publicURL == "https://mac.example")
        #expect(try ServerConfiguration.parse(["--public-url", "http://192.168.1.20:9081"]).publicURL == "http://192.168.1.20:9081")
        #expect(try ServerConfiguration.parse(["--public-url", "https://[fd00::1]:8443"]).publicURL == "https://[fd00::1]:8443")
        #expect(try ServerConfiguration.parse(["--trust-proxy"]).trustsProxy)
        for refused in [
            "ftp://a.example", "https://", "https://a.example/path", "https://user@a.example", "a.example",
            "https://a.example?x=1", "https://a.example#f", "https://a b",
        ] {
            #expect(throws: UsageError.self, "\(refused)") { try ServerConfiguration.parse(["--public-url", refused]) }
        }
    }

    /// What the binary says on standard error at start with `arguments`, read once it has announced itself.
    static func startupNotes(_ arguments: [String]) throws -> String {
        let process = TestProcess()
        process.executableURL = ServeBinary.url
        process.arguments = arguments + ["--port", "0", "--store", ServeBinary.temporaryStore(), "--quiet"]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        _ = out.fileHandleForReading.availableData  // the announcement: written after the notes
        process.terminate()
        process.waitUntilExit()
        return String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    @Test func theStartSaysOnceThatALANAddressOverHTTPIsNotASecureContext() throws {
        let notes = try Self.startupNotes(["--host", "0.0.0.0"])
        #expect(notes.components(separatedBy: "not in a secure context").count == 2, "\(notes)")
        #expect(notes.contains("/w/<id>.mobileconfig") && notes.contains("--public-url https://"))
        #expect(!(try Self.startupNotes(["--host", "0.0.0.0", "--public-url", "https://mac.example"])).contains("secure context"))
        #expect(!(try Self.startupNotes([])).contains("secure context"), "loopback: a page there is a secure context")
    }
}
