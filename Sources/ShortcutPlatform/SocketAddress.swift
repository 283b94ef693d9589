#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An IPv4 or IPv6 address and port, parsed from text with `inet_pton` (no name resolution: the server
/// binds numeric addresses; `localhost` is taken as 127.0.0.1).
package struct SocketAddress: Sendable, CustomStringConvertible {
    var storage = sockaddr_storage()

    /// Parses `host` (`127.0.0.1`, `::1`, `[::1]`, `0.0.0.0`, `::`, `localhost`) with `port`.
    /// Returns nil when `host` is not a numeric IPv4 or IPv6 address.
    package init?(host: String, port: UInt16) {
        var name = host
        if name == "localhost" { name = "127.0.0.1" }
        if name.hasPrefix("[") && name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        var v4 = sockaddr_in()
        var v6 = sockaddr_in6()
        if inet_pton(AF_INET, name, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port.bigEndian
            withUnsafeMutableBytes(of: &storage) { raw in withUnsafeBytes(of: v4) { raw.copyMemory(from: $0) } }
        } else if inet_pton(AF_INET6, name, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = port.bigEndian
            withUnsafeMutableBytes(of: &storage) { raw in withUnsafeBytes(of: v6) { raw.copyMemory(from: $0) } }
        } else {
            return nil
        }
        Syscall.setLength(&storage, length)
    }

    init(storage: sockaddr_storage) { self.storage = storage }

    /// `AF_INET` or `AF_INET6`.
    package var family: Int32 { Int32(storage.ss_family) }

    /// Whether this is an IPv6 address (a URL then puts the host in brackets).
    package var isIPv6: Bool { family == AF_INET6 }

    /// The size of the `sockaddr` this address is.
    var length: socklen_t {
        family == AF_INET6 ? socklen_t(MemoryLayout<sockaddr_in6>.size) : socklen_t(MemoryLayout<sockaddr_in>.size)
    }

    /// The port, in host byte order.
    package var port: UInt16 {
        withUnsafeBytes(of: storage) { raw in
            family == AF_INET6
                ? UInt16(bigEndian: raw.load(as: sockaddr_in6.self).sin6_port)
                : UInt16(bigEndian: raw.load(as: sockaddr_in.self).sin_port)
        }
    }

    /// The numeric host: `127.0.0.1` or `::1` (no brackets).
    package var host: String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        withUnsafeBytes(of: storage) { raw in
            if family == AF_INET6 {
                var address = raw.load(as: sockaddr_in6.self).sin6_addr
                _ = inet_ntop(AF_INET6, &address, &text, socklen_t(text.count))
            } else {
                var address = raw.load(as: sockaddr_in.self).sin_addr
                _ = inet_ntop(AF_INET, &address, &text, socklen_t(text.count))
            }
        }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The address's bytes in network order: 4 for IPv4, 16 for IPv6.
    package var addressBytes: [UInt8] {
        withUnsafeBytes(of: storage) { raw in
            if family == AF_INET6 {
                return withUnsafeBytes(of: raw.load(as: sockaddr_in6.self).sin6_addr) { Array($0) }
            }
            return withUnsafeBytes(of: raw.load(as: sockaddr_in.self).sin_addr) { Array($0) }
        }
    }

    /// Whether this is an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, RFC 4291 §2.5.5.2): an IPv4 peer of a
    /// dual-stack listener, as `accept` reports it. Read in place (no array): asked once per connection.
    package var isIPv4Mapped: Bool {
        guard family == AF_INET6 else { return false }
        return withUnsafeBytes(of: storage) { raw in
            withUnsafeBytes(of: raw.load(as: sockaddr_in6.self).sin6_addr) { bytes in
                bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
            }
        }
    }

    /// The address with its IPv4-mapped IPv6 form (`::ffff:a.b.c.d`) read as the IPv4 address it maps.
    private var unmappedBytes: [UInt8] {
        let bytes = addressBytes
        return isIPv4Mapped ? Array(bytes[12...]) : bytes
    }

    /// The IPv4 address `a.b.c.d` (with the same port) for an IPv4-mapped `::ffff:a.b.c.d`; any other address
    /// as it is. A dual-stack listener's IPv4 peer is so made what it is, an IPv4 peer: `127.0.0.1:50312` in
    /// the log, the journal and every check of where a request came from.
    package var unmapped: SocketAddress {
        guard isIPv4Mapped else { return self }
        var v4 = sockaddr_in()
        v4.sin_family = sa_family_t(AF_INET)
        v4.sin_port = port.bigEndian
        let bytes = addressBytes
        withUnsafeMutableBytes(of: &v4.sin_addr) { $0.copyBytes(from: bytes[12...]) }
        var storage = sockaddr_storage()
        withUnsafeMutableBytes(of: &storage) { raw in withUnsafeBytes(of: v4) { raw.copyMemory(from: $0) } }
        var address = SocketAddress(storage: storage)
        Syscall.setLength(&address.storage, address.length)
        return address
    }

    /// Whether this is `0.0.0.0` or `::`: every address of the machine.
    package var isWildcard: Bool { addressBytes.allSatisfy { $0 == 0 } }

    /// Whether this is a loopback address: 127.0.0.0/8, `::1`, or 127/8 mapped into IPv6.
    package var isLoopback: Bool {
        let bytes = unmappedBytes
        return bytes.count == 4 ? bytes[0] == 127 : bytes == [UInt8](repeating: 0, count: 15) + [1]
    }

    /// Whether this is a link-local address: 169.254.0.0/16 or fe80::/10.
    package var isLinkLocal: Bool {
        let bytes = unmappedBytes
        return bytes.count == 4 ? bytes[0] == 169 && bytes[1] == 254 : bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80
    }

    /// The same address with another port.
    package func with(port: UInt16) -> SocketAddress {
        var copy = self
        withUnsafeMutableBytes(of: &copy.storage) { raw in
            if family == AF_INET6 {
                var address = raw.load(as: sockaddr_in6.self)
                address.sin6_port = port.bigEndian
                raw.storeBytes(of: address, as: sockaddr_in6.self)
            } else {
                var address = raw.load(as: sockaddr_in.self)
                address.sin_port = port.bigEndian
                raw.storeBytes(of: address, as: sockaddr_in.self)
            }
        }
        return copy
    }

    /// `127.0.0.1:9081` or `[::1]:9081`.
    package var description: String { family == AF_INET6 ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// Calls `body` with this address as a `sockaddr` pointer and its length.
    func withSockaddr<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        withUnsafeBytes(of: storage) { raw in
            body(raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), length)
        }
    }
}
