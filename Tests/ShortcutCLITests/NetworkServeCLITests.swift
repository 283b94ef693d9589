import Foundation
import ShortcutPlatform
import TestSupport
import Testing

/// Issue 11 through the real binary: on 0.0.0.0 or `::` it prints each network address a phone can use,
/// and each of them answers; on loopback it prints none.
@Suite struct NetworkServeCLITests {
    /// The binary started on a temporary store with `arguments`, and what it announced on standard output
    /// (one write: one read takes it whole). `body` runs while it serves; it is stopped after.
    static func withServer(_ arguments: [String], _ body: (String) throws -> Void) throws {
        let store = FileManager.default.temporaryDirectory.appendingPathComponent("ss-lan-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: store) }
        let process = TestProcess()
        process.executableURL = ServeBinary.url
        process.arguments = arguments + ["--port", "0", "--store", store.path, "--quiet"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        try body(String(decoding: out.fileHandleForReading.availableData, as: UTF8.self))
    }

    /// On `::` the IPv4 lines, then the IPv6 ones: the listener is dual-stack (issue 42); with `--ipv6-only`
    /// the IPv6 ones alone, since an IPv4 line there would be refused. Each line answers.
    @Test(arguments: [("0.0.0.0", false), ("::", false), ("::", true)])
    func theBinaryPrintsOneLineForEachNetworkAddressAndThoseAnswerThe301(wildcard: String, ipv6Only: Bool) throws {
        try Self.withServer(["--host", wildcard] + (ipv6Only ? ["--ipv6-only"] : [])) { text in
            let lines = text.split(separator: "\n").map(String.init)
            let first = try #require(lines.first)
            let shown = wildcard == "::" ? "[::]" : wildcard
            #expect(first.hasPrefix("listening on http://\(shown):"))
            let port = try #require(UInt16(first.dropFirst("listening on http://\(shown):".count)))
            let any = try #require(SocketAddress(host: wildcard, port: 0))
            let reachable = try NetworkInterfaces.reachable(listeningOn: any, ipv6Only: ipv6Only)
            let expected = reachable.map { "  on your network: http://\($0.with(port: port))/s" }
            #expect(!expected.isEmpty)
            if wildcard == "::" { #expect(reachable.contains { !$0.isIPv6 } == !ipv6Only, "IPv4 lines unless --ipv6-only") }
            #expect(lines.dropFirst().first?.hasPrefix("  store: ") == true, "the store line, then the addresses")
            #expect(Array(lines.dropFirst(2)) == expected)
            for line in lines.dropFirst(2) {
                let authority = String(line.dropFirst("  on your network: http://".count).dropLast(2))
                let host =
                    authority.hasPrefix("[") ? String(authority.dropFirst().prefix { $0 != "]" }) : String(authority.prefix { $0 != ":" })
                let client = try RawClient(port: port, host: host)
                try client.send("GET /s HTTP/1.1\r\nHost: \(authority)\r\n\r\n")
                let response = try client.readResponse()
                #expect(response.status == 301)
                #expect(response.header("Location") == "/p/demo")
            }
        }
    }

    @Test func onLoopbackTheBinaryPrintsNoNetworkLine() throws {
        try Self.withServer([]) { text in
            #expect(text.hasPrefix("listening on http://127.0.0.1:"))
            #expect(!text.contains("on your network"))
        }
    }
}
