#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A non-blocking stream socket: a file descriptor and the few calls the server makes on it. The calls
/// that differ per OS are in `Syscall+Glibc.swift` and `Syscall+Darwin.swift`.
///
/// `read`, `write` and the poller's calls run for every request in another module: they are `@inlinable`
/// so that crossing the module costs no call of its own (`scripts/bench.sh --instructions`).
package struct Socket: Sendable, Hashable {
    /// The descriptor.
    package let fd: Int32

    /// Wraps a descriptor (the socket takes no ownership: `close` closes it).
    @inlinable
    package init(fd: Int32) { self.fd = fd }

    /// Outcome of a non-blocking read or write.
    package enum IOResult: Equatable, Sendable {
        /// This many bytes were read or written.
        case bytes(Int)
        /// Nothing now: wait for readiness.
        case wouldBlock
        /// End of input, or the connection failed.
        case closed
    }

    /// A listening socket bound to `address` with `SO_REUSEADDR`, non-blocking.
    ///
    /// An IPv6 socket is dual-stack unless `ipv6Only`: bound to `::` it takes IPv4 clients too, as Go's and
    /// Node's listeners do, and they arrive as IPv4-mapped peers (`::ffff:a.b.c.d`, RFC 4291 §2.5.5.2;
    /// `SocketAddress.unmapped` reads them as the IPv4 address). `IPV6_V6ONLY` is set either way, not left
    /// to the system's default (Linux's `net.ipv6.bindv6only`, RFC 3493 §5.3). `ipv6Only` is ignored for an
    /// IPv4 address.
    package static func listen(on address: SocketAddress, backlog: Int32, ipv6Only: Bool = false) throws(SystemError) -> Socket {
        let fd = try Platform.retryingEINTR("socket") { Syscall.streamSocket(family: address.family) }
        let socket = Socket(fd: fd)
        do {
            try socket.setOption(SOL_SOCKET, SO_REUSEADDR, 1, "SO_REUSEADDR")
            if address.family == AF_INET6 {
                try socket.setOption(Int32(IPPROTO_IPV6), IPV6_V6ONLY, ipv6Only ? 1 : 0, "IPV6_V6ONLY")
            }
            try socket.setNonBlocking()
            _ = try Platform.retryingEINTR("bind", address.description) { address.withSockaddr { Syscall.bind(fd, $0, $1) } }
            _ = try Platform.retryingEINTR("listen", address.description) { Syscall.listen(fd, backlog) }
        } catch {
            socket.close()
            throw error
        }
        return socket
    }

    /// A blocking socket connected to `address`, whose reads and writes fail after `timeoutSeconds` of
    /// silence (`SO_RCVTIMEO`, `SO_SNDTIMEO`): for the command line's requests to a running server.
    package static func connect(to address: SocketAddress, timeoutSeconds: Int) throws(SystemError) -> Socket {
        let fd = try Platform.retryingEINTR("socket") { Syscall.streamSocket(family: address.family) }
        let socket = Socket(fd: fd)
        do throws(SystemError) {
            var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
            for (option, label) in [(SO_RCVTIMEO, "SO_RCVTIMEO"), (SO_SNDTIMEO, "SO_SNDTIMEO")] {
                _ = try Platform.retryingEINTR("setsockopt", label) {
                    Syscall.setOption(fd, SOL_SOCKET, option, &timeout, socklen_t(MemoryLayout<timeval>.size))
                }
            }
            // Not retried on EINTR: a second connect of a socket whose first was interrupted fails (EALREADY).
            let status = address.withSockaddr { Syscall.connect(fd, $0, $1) }
            if status != 0 { throw SystemError("connect", address.description, errno: Syscall.lastError()) }
        } catch {
            socket.close()
            throw error
        }
        return socket
    }

    /// The address the socket is bound to (the real port after binding port 0).
    package func localAddress() throws(SystemError) -> SocketAddress {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = try Platform.retryingEINTR("getsockname") {
            withUnsafeMutableBytes(of: &storage) { raw in
                Syscall.localName(fd, raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), &length)
            }
        }
        return SocketAddress(storage: storage)
    }

    /// Accepts one pending connection, non-blocking with `TCP_NODELAY`; nil when none is pending.
    package func accept() throws(SystemError) -> (Socket, SocketAddress)? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        while true {
            let accepted = withUnsafeMutableBytes(of: &storage) { raw in
                Syscall.acceptNonBlocking(fd, raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), &length)
            }
            if accepted >= 0 {
                let client = Socket(fd: accepted)
                // Header and body leave in one write; without TCP_NODELAY, Nagle would still hold a
                // second segment of a large response back until the peer's delayed ACK (~40 ms). A failure
                // here (not a TCP socket, say) costs latency, not correctness, so the connection is kept.
                _ = try? client.setOption(Int32(IPPROTO_TCP), TCP_NODELAY, 1, "TCP_NODELAY")
                Syscall.disableSIGPIPE(accepted)
                return (client, SocketAddress(storage: storage))
            }
            let code = Platform.errno
            switch code {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return nil
            // The peer gave up before we got to it, or a firewall refused it: try the next one later. Linux
            // also passes a new connection's pending network error on to accept, to be treated as EAGAIN
            // (accept(2), "Error handling").
            case ECONNABORTED:
                // A client that gave up, or (Darwin) a listener the system reclaimed: only the listener's own
                // state tells them apart, and a listener that is gone must not be polled again and again.
                try checkAcceptingConnections()
                return nil
            case EPROTO, EPERM, ENETDOWN, ENOPROTOOPT, EHOSTDOWN, EHOSTUNREACH, EOPNOTSUPP, ENETUNREACH:
                return nil
            default: throw SystemError("accept", errno: code)
            }
        }
    }

    /// Makes sure no send on this socket raises SIGPIPE, for a socket made outside this module (an app's own,
    /// handed to SwifterCompat): `SO_NOSIGPIPE` on Darwin; nothing on Linux, where every send of this
    /// module passes `MSG_NOSIGNAL`. Sockets this module makes or accepts have it already. A library never
    /// ignores SIGPIPE for the whole app, so each socket must say so itself.
    package func disableBrokenPipeSignal() { Syscall.disableSIGPIPE(fd) }

    /// Throws unless the socket is a listening one that still accepts connections (`SO_ACCEPTCONN`); one that
    /// does not gets `EINVAL`, what `accept` answers then.
    package func checkAcceptingConnections() throws(SystemError) {
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        _ = try Platform.retryingEINTR("getsockopt", "SO_ACCEPTCONN") {
            Syscall.getOption(fd, SOL_SOCKET, SO_ACCEPTCONN, &value, &length)
        }
        if value == 0 { throw SystemError("getsockopt", "SO_ACCEPTCONN: the socket no longer accepts connections", errno: EINVAL) }
    }

    /// Reads into `buffer` (`recv`, not `read`: the same bytes without the file layer's checks, ~0.3 µs of
    /// kernel time less a read, issue 25).
    @inlinable
    package func read(into buffer: UnsafeMutableRawBufferPointer) -> IOResult {
        while true {
            let count = Syscall.receive(fd, buffer.baseAddress, buffer.count)
            if count > 0 { return .bytes(count) }
            if count == 0 { return .closed }
            switch Syscall.lastError() {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: return .closed
            }
        }
    }

    /// Writes from `buffer` (never raises SIGPIPE).
    @inlinable
    package func write(_ buffer: UnsafeRawBufferPointer) -> IOResult {
        Socket.sent { Syscall.send(fd, buffer.baseAddress, buffer.count) }
    }

    /// Writes `first`, `second` and `third` in that order with one gathered send (never raises SIGPIPE).
    @inlinable
    package func write(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer, _ third: UnsafeRawBufferPointer)
        -> IOResult
    {
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
            return Socket.sent { Syscall.sendMessage(fd, &message) }
        }
    }

    /// The outcome of a send: bytes taken, or would block, or closed (any other error); EINTR retried.
    @inlinable
    static func sent(_ send: () -> Int) -> IOResult {
        while true {
            let count = send()
            if count >= 0 { return .bytes(count) }
            switch Syscall.lastError() {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: return .closed
            }
        }
    }

    /// Whether bytes from the peer wait unread in the kernel (a peek; EOF and errors count as none).
    @inlinable
    package func hasUnreadInput() -> Bool {
        var byte: UInt8 = 0
        return Syscall.peek(fd, &byte, 1) > 0
    }

    /// Closes the descriptor.
    @inlinable
    package func close() { Platform.close(fd) }

    /// Stops further sends, so the peer reads our last bytes and then EOF (used before closing on errors).
    @inlinable
    package func shutdownWrite() { _ = Syscall.shutdownWrite(fd) }

    /// Stops both directions: a thread blocked reading the socket wakes with end of input (closing the
    /// descriptor under it instead could let it read a descriptor reused meanwhile).
    @inlinable
    package func shutdownReadWrite() { _ = Syscall.shutdownBoth(fd) }

    /// Makes the coming close abort the connection: the kernel drops what is unsent and answers RST, not FIN
    /// (`SO_LINGER` on with a zero timeout, socket(7)). A mock server's "connection reset by peer", on demand.
    /// Returns false when the system refused the option; the close then ends the connection with FIN, which
    /// a caller faking a fault can only accept.
    @discardableResult
    package func resetOnClose() -> Bool { Syscall.lingerReset(fd) == 0 }

    /// Sends all of `bytes` on a blocking socket (one made by `connect`), past partial sends and EINTR,
    /// never raising SIGPIPE (`Platform.writeAll` writes with `write`, which raises it on Linux). Throws
    /// with the failed send's errno: `EAGAIN` when `SO_SNDTIMEO` ran out, `EPIPE` or `ECONNRESET` when the
    /// peer left.
    package func sendAll(_ bytes: [UInt8], subject: @autoclosure () -> String? = nil) throws(SystemError) {
        var failure: SystemError?
        bytes.withUnsafeBytes { raw in
            do throws(SystemError) {
                try Platform.writeAll(fd, raw, subject: subject()) { Syscall.send($0, $1, $2) }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
    }

    /// Sets an integer socket option; `label` names it in the error (`SO_REUSEADDR`).
    package func setOption(_ level: Int32, _ name: Int32, _ value: Int32, _ label: String) throws(SystemError) {
        var value = value
        _ = try Platform.retryingEINTR("setsockopt", label) {
            Syscall.setOption(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size))
        }
    }

    /// Makes the descriptor blocking again (clears `O_NONBLOCK`), for a connection handed from the event loop
    /// to code that reads it on a thread of its own (an upgraded connection).
    package func setBlocking() throws(SystemError) {
        let flags = try Platform.retryingEINTR("fcntl", "F_GETFL") { Syscall.getFlags(fd) }
        _ = try Platform.retryingEINTR("fcntl", "F_SETFL") { Syscall.setFlags(fd, flags & ~O_NONBLOCK) }
    }

    /// Makes the descriptor non-blocking (`O_NONBLOCK`).
    package func setNonBlocking() throws(SystemError) {
        let flags = try Platform.retryingEINTR("fcntl", "F_GETFL") { Syscall.getFlags(fd) }
        _ = try Platform.retryingEINTR("fcntl", "F_SETFL") { Syscall.setFlags(fd, flags | O_NONBLOCK) }
    }
}
