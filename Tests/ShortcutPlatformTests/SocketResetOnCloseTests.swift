import Dispatch
import ShortcutPlatform
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `resetOnClose` and `sendAll` on a real loopback connection.
@Suite struct SocketResetOnCloseTests {
    /// A connected pair on 127.0.0.1: the client blocking with a 5 s timeout, the server as accepted.
    static func connectedPair() throws -> (client: Socket, server: Socket) {
        guard let any = SocketAddress(host: "127.0.0.1", port: 0) else { throw SystemError("address", errno: EINVAL) }
        let listener = try Socket.listen(on: any, backlog: 1)
        defer { listener.close() }
        let client = try Socket.connect(to: listener.localAddress(), timeoutSeconds: 5)
        // Loopback completes the handshake within connect: the connection is already in the accept queue.
        guard let (server, _) = try listener.accept() else {
            client.close()
            throw SystemError("accept: nothing pending", errno: EAGAIN)
        }
        return (client, server)
    }

    @Test func aSocketClosedAfterResetOnCloseResetsThePeer() throws {
        let (client, server) = try Self.connectedPair()
        defer { client.close() }
        #expect(server.resetOnClose())
        server.close()
        var buffer = [UInt8](repeating: 0, count: 16)
        let error = #expect(throws: SystemError.self) { try Platform.read(client.fd, into: &buffer, upTo: 16) }
        #expect(error?.errno == ECONNRESET)
    }

    @Test func sendAllToAPeerThatResetThrowsInsteadOfRaisingSIGPIPE() throws {
        let (client, server) = try Self.connectedPair()
        defer { client.close() }
        #expect(server.resetOnClose())
        server.close()
        // The first send may be taken before the RST is seen; a later one fails. SIGPIPE would end the process.
        let error = #expect(throws: SystemError.self) {
            for _ in 0..<8 { try client.sendAll([UInt8](repeating: 1, count: 4096), subject: "the peer") }
        }
        #expect(error?.errno == EPIPE || error?.errno == ECONNRESET)
    }

    @Test func sendAllDeliversEveryByte() throws {
        let (client, server) = try Self.connectedPair()
        defer { server.close() }
        try server.setBlocking()
        // 1 MiB, more than the socket buffers hold: the sends block until the reader below takes bytes.
        let bytes = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        let sent = DispatchSemaphore(value: 0)
        try Platform.startThread {
            defer { sent.signal() }
            defer { client.close() }
            try? client.sendAll(bytes)
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = try Platform.read(server.fd, into: &buffer, upTo: buffer.count)
            if count == 0 { break }
            received += buffer[0..<count]
        }
        sent.wait()
        #expect(received == bytes)
    }
}
