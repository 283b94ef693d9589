#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Name resolution, for connecting out (a mock's upstream): the server itself binds numeric addresses only.
extension SocketAddress {
    /// The addresses of `host` with `port`, in the resolver's order of preference (RFC 6724 sorting by
    /// `getaddrinfo`), each once. An IP literal (`127.0.0.1`, `::1`, `[::1]`) is its one address and asks
    /// no resolver: no DNS query, so no delay and no leak of the literal. Any other name, `localhost`
    /// included, goes to `getaddrinfo` (`AF_UNSPEC`, `SOCK_STREAM`), which reads `/etc/hosts` before DNS.
    /// Throws `getaddrinfo HOST: <the resolver's text>` when the name has no address.
    package static func resolve(host: String, port: UInt16) throws(SystemError) -> [SocketAddress] {
        var name = host
        if name.hasPrefix("[") && name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        // `init(host:port:)` takes `localhost` as 127.0.0.1 without asking; a client asks, since the
        // machine may name it otherwise (`::1` first, or not at all).
        if name != "localhost", let literal = SocketAddress(host: name, port: port) { return [literal] }
        var list: UnsafeMutablePointer<addrinfo>?
        var code: Int32
        repeat {
            code = Syscall.resolveStream(name, &list)
        } while code == EAI_SYSTEM && Syscall.lastError() == EINTR
        guard code == 0 else {
            if code == EAI_SYSTEM { throw SystemError("getaddrinfo", host, errno: Syscall.lastError()) }
            throw SystemError("getaddrinfo", host, errno: 0, systemText: Syscall.resolverErrorText(code))
        }
        defer { if let list { Syscall.freeAddresses(list) } }
        var found: [SocketAddress] = []
        var entry = list
        while let current = entry {
            entry = current.pointee.ai_next
            let info = current.pointee
            guard let address = info.ai_addr, info.ai_family == AF_INET || info.ai_family == AF_INET6,
                Int(info.ai_addrlen) <= MemoryLayout<sockaddr_storage>.size
            else { continue }
            var storage = sockaddr_storage()
            withUnsafeMutableBytes(of: &storage) { raw in
                raw.copyMemory(from: UnsafeRawBufferPointer(start: address, count: Int(info.ai_addrlen)))
            }
            let resolved = SocketAddress(storage: storage).with(port: port)
            // One entry per protocol and socket type on some systems; the hints ask for streams only, but
            // an address listed twice would only be tried twice.
            if !found.contains(where: { $0.family == resolved.family && $0.addressBytes == resolved.addressBytes }) {
                found.append(resolved)
            }
        }
        guard !found.isEmpty else {
            throw SystemError("getaddrinfo", host, errno: 0, systemText: "no IPv4 or IPv6 address")
        }
        return found
    }
}
