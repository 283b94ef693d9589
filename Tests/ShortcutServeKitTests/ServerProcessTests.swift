import Foundation
import Testing
import TestSupport

/// What one client or the process's surroundings can do to the real binary: memory, standard error,
/// open files, signals.
@Suite struct ServerProcessTests {
    #if os(Linux)
    /// A field of `/proc/<pid>/status` in bytes (`VmHWM`, `VmRSS`).
    static func memory(_ field: String, of pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
        let kilobytes = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int($0) }
        guard let kilobytes else { throw RawClient.Failure(description: "no \(field) in /proc/\(pid)/status") }
        return kilobytes * 1024
    }

    /// Issue 8, point 1: one connection pipelining 1,500 plays of a 900 KB page in one write, with a small
    /// receive window, took the server to 1.3 GB (every answer built before the first went out). Now the
    /// answers wait for the client to read: the peak stays a few MB over the idle size.
    @Test func aClientThatDoesNotReadCannotMakeTheServerBuildEveryAnswer() throws {
        let store = CLITests.temporaryStore()
        let page = store + "-big.html"
        try Data(repeating: 0x61, count: 900_000).write(to: URL(fileURLWithPath: page))
        let added = try CLITests.run(["mock", "add", "--file", page, "--id", "big", "--store", store])
        #expect(added.status == 0, "\(added.stderr)")
        let server = try CLITests.Server(["--store", store, "--quiet"])
        defer { _ = server.stop() }
        let pid = server.process.processIdentifier

        let client = try RawClient(port: server.port, timeout: 30, receiveBuffer: 4096)
        let count = 1500  // 61 KB of requests: one read of the server's
        try client.send(String(repeating: "GET /v3/big HTTP/1.1\r\nHost: localhost\r\n\r\n", count: count))
        let first = try client.readResponse()
        #expect(first.status == 200 && first.body.count == 900_000)
        let peak = try Self.memory("VmHWM", of: pid)
        #expect(peak < 64 << 20, "peak RSS \(peak >> 20) MB with \(count) answers of 900 KB asked for")
    }
    #endif

    /// Answers to pipelined plays of pages on both sides of the output bound come whole and in order.
    @Test func pipelinedPlaysOfLargePagesArriveWholeAndInOrder() throws {
        let store = CLITests.temporaryStore()
        let pages: [(id: String, bytes: [UInt8])] = [
            ("a", [UInt8](repeating: 0x61, count: 1_200_000)),
            ("b", Array("small".utf8)),
            ("c", (0..<700_000).map { UInt8(0x41 + $0 % 26) }),
        ]
        for page in pages {
            let file = store + "-\(page.id).html"
            try Data(page.bytes).write(to: URL(fileURLWithPath: file))
            let added = try CLITests.run(["mock", "add", "--file", file, "--id", page.id, "--store", store])
            #expect(added.status == 0, "\(added.stderr)")
        }
        let server = try CLITests.Server(["--store", store, "--quiet"])
        defer { _ = server.stop() }
        let client = try RawClient(port: server.port, timeout: 30, receiveBuffer: 4096)
        let order = (0..<24).map { pages[$0 % 3] }
        try client.send(order.map { "GET /v3/\($0.id) HTTP/1.1\r\nHost: localhost\r\n\r\n" }.joined())
        for (index, page) in order.enumerated() {
            let response = try client.readResponse()
            #expect(response.status == 200 && response.body == page.bytes, "answer \(index) (\(page.id))")
        }
    }
}
