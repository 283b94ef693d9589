import Foundation
import SwifterCompat
import TestSupport
import Testing

/// Issue 42: `listenAddressIPv6 = "::"` answers IPv4 as well, as Swifter's dual-stack socket did, unless
/// `ipv6Only`; `forceIPv4` keeps its meaning, IPv4 only. An IPv4 client's `address` is its IPv4 address.
@Suite(.enabled(if: DualStack.hasIPv6Loopback, "\(DualStack.noIPv6Loopback)"))
struct DualStackTests {
    static func server() -> HttpServer {
        let server = HttpServer()
        server["/"] = { request in .ok(.text(request.address ?? "-")) }
        return server
    }

    @Test func doubleColonAnswersIPv4AndIPv6() throws {
        let server = Self.server()
        server.listenAddressIPv6 = "::"
        #expect(!server.ipv6Only, "dual-stack by default")
        try server.start(0)
        defer { server.stop() }
        #expect(try !server.isIPv4())
        let port = UInt16(try server.port())
        #expect(try DualStack.get("/", port: port, host: "127.0.0.1").bodyText == "127.0.0.1", "not ::ffff:127.0.0.1")
        #expect(try DualStack.get("/", port: port, host: "::1").bodyText == "::1")
    }

    @Test func ipv6OnlyRefusesIPv4() throws {
        let server = Self.server()
        server.listenAddressIPv6 = "::"
        server.ipv6Only = true
        try server.start(0)
        defer { server.stop() }
        let port = UInt16(try server.port())
        #expect(DualStack.isRefused(port: port, host: "127.0.0.1"), "127.0.0.1 is refused, not answered")
        #expect(try DualStack.get("/", port: port, host: "::1").bodyText == "::1")
    }

    /// `forceIPv4` binds `listenAddressIPv4` whatever `listenAddressIPv6` and `ipv6Only` say; an IPv6 address
    /// there is refused rather than bound as a dual-stack or IPv6 listener.
    @Test func forceIPv4StaysIPv4Only() throws {
        let server = Self.server()
        server.listenAddressIPv6 = "::"
        server.ipv6Only = true
        try server.start(0, forceIPv4: true)
        #expect(try server.isIPv4())
        let port = UInt16(try server.port())
        #expect(try DualStack.get("/", port: port, host: "127.0.0.1").bodyText == "127.0.0.1")
        #expect(DualStack.isRefused(port: port, host: "::1"), "an IPv4 listener: ::1 is refused")
        server.stop()

        server.listenAddressIPv4 = "::"
        do {
            try server.start(0, forceIPv4: true)
            Issue.record("forceIPv4 bound an IPv6 address")
            server.stop()
        } catch SocketError.bindFailed(let reason) {
            #expect(reason == "forceIPv4 takes an IPv4 listenAddressIPv4, not '::'")
        }
        #expect(server.state == .stopped)
    }
}
