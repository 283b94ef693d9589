#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One address of one of the machine's network interfaces, as the system lists them (`getifaddrs`).
package struct InterfaceAddress: Sendable, Equatable, CustomStringConvertible {
    /// The interface's name (`en0`, `eth0`, `lo`).
    package let interface: String
    /// The address (its port is 0).
    package let address: SocketAddress
    /// Whether the interface is up (`IFF_UP`).
    package let isUp: Bool
    /// Whether the interface is a loopback one (`IFF_LOOPBACK`), or the address a loopback address.
    package let isLoopback: Bool

    /// Whether the address is link-local (169.254.0.0/16, fe80::/10): valid on one link only, and for IPv6
    /// unusable in a URL without a zone, so never what to show a phone.
    package var isLinkLocal: Bool { address.isLinkLocal }

    /// Whether a device on the same network can reach the machine at this address: up, neither loopback
    /// nor link-local.
    package var isReachableFromNetwork: Bool { isUp && !isLoopback && !isLinkLocal }

    package var description: String { "\(interface) \(address.host)" }

    package static func == (lhs: InterfaceAddress, rhs: InterfaceAddress) -> Bool {
        lhs.interface == rhs.interface && lhs.address.host == rhs.address.host && lhs.isUp == rhs.isUp
            && lhs.isLoopback == rhs.isLoopback
    }
}

/// The machine's interface addresses (IPv4 and IPv6), in the system's order.
package enum NetworkInterfaces {
    // <net/if.h> on Linux and the BSDs alike; spelled as numbers because Glibc imports these as members
    // of an anonymous enum and Darwin as macros, of different Swift types.
    static let up: UInt32 = 0x1
    static let loopback: UInt32 = 0x8

    /// Every IPv4 and IPv6 address of every interface.
    package static func addresses() throws(SystemError) -> [InterfaceAddress] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard Syscall.interfaceAddresses(&list) == 0 else {
            throw SystemError("getifaddrs", errno: Syscall.lastError())
        }
        guard let first = list else { return [] }
        defer { Syscall.freeInterfaceAddresses(first) }
        var result: [InterfaceAddress] = []
        var next: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = next {
            next = entry.pointee.ifa_next
            // Interfaces without an address, and link-layer (AF_PACKET, AF_LINK) entries, are skipped.
            guard let raw = entry.pointee.ifa_addr else { continue }
            let family = Int32(raw.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            var storage = sockaddr_storage()
            let size = family == AF_INET6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size
            withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: UnsafeRawBufferPointer(start: raw, count: size)) }
            let address = SocketAddress(storage: storage)
            let flags = UInt32(entry.pointee.ifa_flags)
            result.append(
                InterfaceAddress(
                    interface: entry.pointee.ifa_name.map { String(cString: $0) } ?? "",
                    address: address, isUp: flags & up != 0,
                    isLoopback: flags & loopback != 0 || address.isLoopback))
        }
        return result
    }

    /// The addresses a device on the same network can reach the machine at, for a server listening on
    /// `listening` (a wildcard address, `0.0.0.0` or `::`; any other address is itself the only one), its
    /// socket made as `Socket.listen(on:backlog:ipv6Only:)` made it: IPv4 ones for `0.0.0.0`; for `::`, IPv4
    /// ones then IPv6 ones (a dual-stack listener takes both), or only the IPv6 ones when `ipv6Only`. IPv4
    /// first: what a URL typed or scanned on a phone most often reaches. An IPv4-mapped address
    /// (`::ffff:a.b.c.d`) is the IPv4 address it maps.
    package static func reachable(listeningOn listening: SocketAddress, ipv6Only: Bool = false) throws(SystemError) -> [SocketAddress] {
        let listening = listening.unmapped
        guard listening.isWildcard else {
            return listening.isLoopback || listening.isLinkLocal ? [] : [listening.with(port: 0)]
        }
        let all = try addresses().filter(\.isReachableFromNetwork).map(\.address)
        let v4 = all.filter { !$0.isIPv6 }
        let v6 = all.filter(\.isIPv6)
        guard listening.isIPv6 else { return v4 }
        return ipv6Only ? v6 : v4 + v6
    }
}
