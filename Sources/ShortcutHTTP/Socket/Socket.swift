#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A non-blocking stream socket: a file descriptor and the few calls the server makes on it.
/// Platform differences live in `Socket+Glibc.swift` and `Socket+Darwin.swift`.
struct Socket: Sendable, Hashable {
    let fd: Int32

    /// Outcome of a non-blocking read or write.
    enum IOResult: Equatable {
        case bytes(Int)
        case wouldBlock
        case closed
    }

    /// A listening socket bound to `address` with `SO_REUSEADDR` (and `IPV6_V6ONLY` for IPv6), non-blocking.
    static func listen(on address: SocketAddress, backlog: Int32) throws(SystemError) -> Socket {
        let fd = try retryingEINTR("socket", { Socket.makeStreamSocket(family: address.family) })
        let socket = Socket(fd: fd)
        do {
            try socket.setOption(SOL_SOCKET, SO_REUSEADDR, 1, "SO_REUSEADDR")
            if address.family == AF_INET6 { try socket.setOption(Int32(IPPROTO_IPV6), IPV6_V6ONLY, 1, "IPV6_V6ONLY") }
            try socket.setNonBlocking()
            _ = try retryingEINTR("bind \(address)", { address.withSockaddr { bind(fd, $0, $1) } })
            _ = try retryingEINTR("listen \(address)", { Glibc_listen(fd, backlog) })
        } catch {
            socket.close()
            throw error
        }
        return socket
    }

    /// The address the socket is bound to (the real port after binding port 0).
    func localAddress() throws(SystemError) -> SocketAddress {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = try retryingEINTR("getsockname", {
            withUnsafeMutableBytes(of: &storage) { raw in
                getsockname(fd, raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), &length)
            }
        })
        return SocketAddress(storage: storage)
    }

    /// Accepts one pending connection, non-blocking with `TCP_NODELAY`; nil when none is pending.
    func accept() throws(SystemError) -> (Socket, SocketAddress)? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        while true {
            let accepted = withUnsafeMutableBytes(of: &storage) { raw in
                Socket.acceptNonBlocking(fd, raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), &length)
            }
            if accepted >= 0 {
                let client = Socket(fd: accepted)
                // Header and body leave in one write; without TCP_NODELAY, Nagle would still hold a
                // second segment of a large response back until the peer's delayed ACK (~40 ms). A failure
                // here (not a TCP socket, say) costs latency, not correctness, so the connection is kept.
                _ = try? client.setOption(Int32(IPPROTO_TCP), TCP_NODELAY, 1, "TCP_NODELAY")
                client.disableSIGPIPE()
                return (client, SocketAddress(storage: storage))
            }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return nil
            // The peer gave up before we got to it, or a firewall refused it: try the next one later. Linux
            // also passes a new connection's pending network error on to accept, to be treated as EAGAIN
            // (accept(2), "Error handling").
            case ECONNABORTED, EPROTO, EPERM, ENETDOWN, ENOPROTOOPT, EHOSTDOWN, EHOSTUNREACH, EOPNOTSUPP, ENETUNREACH:
                return nil
            default: throw SystemError("accept", errno: errno)
            }
        }
    }

    /// Throws unless the socket is a listening one that still accepts connections (`SO_ACCEPTCONN`); one that
    /// does not gets `EINVAL`, what `accept` answers then.
    func checkAcceptingConnections() throws(SystemError) {
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        _ = try retryingEINTR("getsockopt SO_ACCEPTCONN", { getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &value, &length) })
        if value == 0 { throw SystemError("listen: the socket no longer accepts connections", errno: EINVAL) }
    }

    /// Reads into `buffer`.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> IOResult {
        while true {
            let count = Glibc_read(fd, buffer.baseAddress, buffer.count)
            if count > 0 { return .bytes(count) }
            if count == 0 { return .closed }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: return .closed
            }
        }
    }

    /// Writes from `buffer` (never raises SIGPIPE).
    func write(_ buffer: UnsafeRawBufferPointer) -> IOResult {
        Socket.sent { Socket.sendNoSignal(fd, buffer.baseAddress, buffer.count) }
    }

    /// Writes `first`, `second` and `third` in that order with one gathered send (never raises SIGPIPE).
    func write(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer, _ third: UnsafeRawBufferPointer) -> IOResult {
        withUnsafeTemporaryAllocation(of: iovec.self, capacity: 3) { vectors in
            var count = 0
            func add(_ part: UnsafeRawBufferPointer) {
                guard !part.isEmpty else { return }
                vectors[count] = iovec(iov_base: UnsafeMutableRawPointer(mutating: part.baseAddress), iov_len: part.count)
                count += 1
            }
            add(first)
            add(second)
            add(third)
            var message = msghdr()
            message.msg_iov = vectors.baseAddress
            message.msg_iovlen = numericCast(count)
            return Socket.sent { Socket.sendNoSignal(fd, &message) }
        }
    }

    /// The outcome of a send: bytes taken, or would block, or closed (any other error); EINTR retried.
    private static func sent(_ send: () -> Int) -> IOResult {
        while true {
            let count = send()
            if count >= 0 { return .bytes(count) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: return .closed
            }
        }
    }

    /// Whether bytes from the peer wait unread in the kernel (a peek; EOF and errors count as none).
    func hasUnreadInput() -> Bool {
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT)) > 0
    }

    /// Closes the descriptor.
    func close() { _ = Glibc_close(fd) }

    /// Stops further sends, so the peer reads our last bytes and then EOF (used before closing on errors).
    func shutdownWrite() { _ = shutdown(fd, Int32(SHUT_WR)) }

    func setOption(_ level: Int32, _ name: Int32, _ value: Int32, _ label: String) throws(SystemError) {
        var value = value
        _ = try retryingEINTR("setsockopt \(label)", {
            setsockopt(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size))
        })
    }

    func setNonBlocking() throws(SystemError) {
        let flags = try retryingEINTR("fcntl F_GETFL", { fcntl(fd, F_GETFL) })
        _ = try retryingEINTR("fcntl F_SETFL", { fcntl(fd, F_SETFL, flags | O_NONBLOCK) })
    }
}

// Names that do not clash with Socket's own methods.
@inline(__always) func Glibc_read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
@inline(__always) func Glibc_close(_ fd: Int32) -> Int32 { close(fd) }
@inline(__always) func Glibc_listen(_ fd: Int32, _ backlog: Int32) -> Int32 { listen(fd, backlog) }
