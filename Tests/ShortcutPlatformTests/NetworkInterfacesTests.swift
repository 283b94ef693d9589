import Foundation
import ShortcutPlatform
import TestSupport
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#endif

/// The machine's interface addresses (for the `on your network:` lines and QR codes of issue 11).
@Suite struct NetworkInterfacesTests {
    @Test(arguments: [
        ("127.0.0.1", true, false, false), ("127.255.0.9", true, false, false), ("::1", true, false, false),
        ("::ffff:127.0.0.1", true, false, false), ("169.254.3.4", false, true, false), ("fe80::1", false, true, false),
        ("febf::1", false, true, false), ("fec0::1", false, false, false), ("192.168.1.20", false, false, false),
        ("10.0.0.1", false, false, false), ("fd00::2", false, false, false), ("0.0.0.0", false, false, true),
        ("::", false, false, true), ("::2", false, false, false),
    ])
    func addressKinds(host: String, loopback: Bool, linkLocal: Bool, wildcard: Bool) throws {
        let address = try #require(SocketAddress(host: host, port: 9081))
        #expect(address.isLoopback == loopback)
        #expect(address.isLinkLocal == linkLocal)
        #expect(address.isWildcard == wildcard)
    }

    @Test func withPortKeepsTheAddress() throws {
        let address = try #require(SocketAddress(host: "fd00::2", port: 0)).with(port: 9081)
        #expect(address.description == "[fd00::2]:9081")
        #expect(try #require(SocketAddress(host: "192.168.1.20", port: 1)).with(port: 80).description == "192.168.1.20:80")
    }

    /// What getifaddrs gives us is what `ip -o addr` (iproute2, netlink: another way in) lists.
    @Test func theAddressesAreTheOnesTheSystemReports() throws {
        #if os(Linux)
            let ours = Set(try NetworkInterfaces.addresses().map { "\($0.interface) \($0.address.host)" })
            let listed = Set(try NetworkInterfacesTests.ipAddresses())
            #expect(!listed.isEmpty)
            #expect(ours == listed)
            let loopback = try NetworkInterfaces.addresses().filter { $0.address.host == "127.0.0.1" }
            #expect(loopback.count == 1 && loopback.allSatisfy(\.isLoopback))
        #endif
    }

    /// Listening on 0.0.0.0: every IPv4 address a device on the network reaches (not 127/8, not 169.254/16);
    /// on `::` (dual-stack) those and then the IPv6 ones (not fe80::/10), on an IPv6-only `::` the IPv6 ones
    /// alone; on one address, that address unless it is loopback (an IPv4-mapped one read as IPv4).
    @Test func reachableAddressesForEachKindOfListener() throws {
        let all = try NetworkInterfaces.addresses()
        let expectedV4 = all.filter { !$0.address.isIPv6 && $0.isUp && !$0.isLoopback && !$0.isLinkLocal }.map(\.address.host)
        let expectedV6 = all.filter { $0.address.isIPv6 && $0.isUp && !$0.isLoopback && !$0.isLinkLocal }.map(\.address.host)
        let any4 = try #require(SocketAddress(host: "0.0.0.0", port: 9081))
        let any6 = try #require(SocketAddress(host: "::", port: 9081))
        #expect(try NetworkInterfaces.reachable(listeningOn: any4).map(\.host) == expectedV4)
        #expect(try NetworkInterfaces.reachable(listeningOn: any6).map(\.host) == expectedV4 + expectedV6)
        #expect(try NetworkInterfaces.reachable(listeningOn: any6, ipv6Only: false).map(\.host) == expectedV4 + expectedV6)
        #expect(try NetworkInterfaces.reachable(listeningOn: any6, ipv6Only: true).map(\.host) == expectedV6)
        #expect(try NetworkInterfaces.reachable(listeningOn: any4, ipv6Only: true).map(\.host) == expectedV4, "IPv4: no IPv6 option")
        #expect(try NetworkInterfaces.reachable(listeningOn: #require(SocketAddress(host: "::ffff:127.0.0.1", port: 1))).isEmpty)
        #expect(
            try NetworkInterfaces.reachable(listeningOn: #require(SocketAddress(host: "::ffff:192.0.2.9", port: 1))).map(\.description)
                == ["192.0.2.9:0"])
        #expect(try NetworkInterfaces.reachable(listeningOn: #require(SocketAddress(host: "127.0.0.1", port: 1))).isEmpty)
        #expect(
            try NetworkInterfaces.reachable(listeningOn: #require(SocketAddress(host: "192.0.2.9", port: 1))).map(\.host)
                == ["192.0.2.9"])
        for address in try NetworkInterfaces.reachable(listeningOn: any6) {
            #expect(!address.isLoopback && !address.isLinkLocal && !address.isWildcard)
        }
    }

    struct IPFailed: Error {
        let status: Int32
    }

    /// `interface address` pairs from `ip -o addr show` (`4: eth0    inet 192.0.2.2/24 …`).
    static func ipAddresses() throws -> [String] {
        let process = TestProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ip", "-o", "addr", "show"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw IPFailed(status: process.terminationStatus) }
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 4, fields[2] == "inet" || fields[2] == "inet6" else { return nil }
            let name = fields[1].split(separator: "@").first.map(String.init) ?? String(fields[1])
            return "\(name) \(fields[3].split(separator: "/")[0])"
        }
    }
}
