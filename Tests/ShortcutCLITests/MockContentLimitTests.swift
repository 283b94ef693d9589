import Foundation
import ShortcutJSON
import TestSupport
import Testing

/// Issue 42, one voice: `shortcut-serve mock add --file` and `POST /api/mock` refuse the same content with the
/// same limit and words (one check, `MockService`'s), and the refusal of a file names the file's own size.
/// Before, the command line stored 1,000,001 bytes the API refused with 422, and refused a 20 MiB file
/// naming the size of a record.
@Suite struct MockContentLimitTests {
    /// A file of `count` bytes of `x` in a fresh temp folder.
    static func file(bytes count: Int) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ss-content-\(UUID().uuidString).html").path
        try Data(repeating: UInt8(ascii: "x"), count: count).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func theCommandLineAndTheAPIRefuseOneByteOverTheLimitInTheSameWords() throws {
        let store = ServeBinary.temporaryStore()
        let exact = try Self.file(bytes: 1_000_000)
        let over = try Self.file(bytes: 1_000_001)
        defer { for path in [store, exact, over] { try? FileManager.default.removeItem(atPath: path) } }
        let stored = try ServeBinary.run(["mock", "add", "--file", exact, "--store", store])
        #expect(stored.status == 0, "\(stored.stderr)")
        let refused = try ServeBinary.run(["mock", "add", "--file", over, "--store", store])
        #expect(refused.status == 1)
        #expect(refused.stderr == "error: \(over): content is 1000001 bytes; the limit is 1000000\n")
        // The API of a server on that store: the same limit, in the same words.
        let server = try ServeBinary.Server(["--store", store, "--quiet"])
        defer { _ = server.stop() }
        let body = Array(#"{"content": "\#(String(repeating: "x", count: 1_000_001))"}"#.utf8)
        let client = try RawClient(port: server.port)
        try client.send(
            Array(
                "POST /api/mock HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n".utf8
            )
                + body)
        let answer = try client.readResponse()
        #expect(answer.status == 422)
        let reasons = try #require(try JSONParser.parse(answer.body)["reasons"], "\(answer.bodyText)")
        #expect(reasons[".content"] == .string("content is 1000001 bytes; the limit is 1000000"))
    }

    @Test func aFileFarOverTheLimitIsRefusedNamingItsOwnSize() throws {
        let store = ServeBinary.temporaryStore()
        let huge = try Self.file(bytes: 20 << 20)
        defer { for path in [store, huge] { try? FileManager.default.removeItem(atPath: path) } }
        let refused = try ServeBinary.run(["mock", "add", "--file", huge, "--store", store])
        #expect(refused.status == 1)
        #expect(refused.stderr == "error: \(huge): content is 20971520 bytes; the limit is 1000000\n")
    }

    @Test func anIconFileOverItsLimitIsRefusedNamingItsOwnSize() throws {
        let store = ServeBinary.temporaryStore()
        let icon = try Self.file(bytes: 1 << 20)
        defer { for path in [store, icon] { try? FileManager.default.removeItem(atPath: path) } }
        let refused = try ServeBinary.run(["add", "--title", "T", "--open", "myapp://t", "--icon", icon, "--store", store])
        #expect(refused.status == 1)
        #expect(refused.stderr == "error: \(icon): icon is 1048576 bytes; the limit is 262144\n")
    }
}
