import Foundation
import TestSupport
import Testing

/// Issue 42 through the real binary: `--host ::` answers IPv4 as well, as Go's and Node's listeners do;
/// `--ipv6-only` refuses it.
@Suite(.enabled(if: DualStack.hasIPv6Loopback, "\(DualStack.noIPv6Loopback)"))
struct DualStackCLITests {
    /// The port of the announcement's first line, `listening on http://[::]:PORT`.
    static func port(announced text: String) throws -> UInt16 {
        let first = try #require(text.split(separator: "\n").first.map(String.init))
        let prefix = "listening on http://[::]:"
        #expect(first.hasPrefix(prefix), "\(first)")
        return try #require(UInt16(first.dropFirst(prefix.count)))
    }

    @Test func hostDoubleColonAnswersOverIPv4AndIPv6() throws {
        try NetworkServeCLITests.withServer(["--host", "::"]) { text in
            let port = try Self.port(announced: text)
            for host in ["127.0.0.1", "::1"] {
                let response = try DualStack.get("/s", port: port, host: host)
                #expect(response.status == 301, "\(host): \(response.statusLine)")
                #expect(response.header("Location") == "/p/demo")
            }
            // Over 127.0.0.1 the client is this machine: the API answers it.
            let api = try DualStack.get("/api/shortcuts", port: port, host: "127.0.0.1")
            #expect(api.status == 200, "\(api.statusLine) \(api.bodyText)")
        }
    }

    @Test func ipv6OnlyRefusesIPv4AndAnswersIPv6() throws {
        try NetworkServeCLITests.withServer(["--host", "::", "--ipv6-only"]) { text in
            let port = try Self.port(announced: text)
            #expect(DualStack.isRefused(port: port, host: "127.0.0.1"), "127.0.0.1 is refused, not answered")
            #expect(try DualStack.get("/s", port: port, host: "::1").status == 301)
            #expect(try DualStack.get("/api/shortcuts", port: port, host: "::1").status == 200)
        }
    }
}
