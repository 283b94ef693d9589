import Dispatch
import ShortcutPlatform

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A one-exchange HTTP upstream on loopback for the client's tests: it listens on port 0, accepts one
/// connection on a thread of its own, reads the request (its head, then a `Content-Length` body), does what
/// `behaviour` says, and closes. `request()` waits for the end and returns the request's raw bytes.
final class LoopbackUpstream: @unchecked Sendable {
    /// What the upstream does once it has the request.
    enum Behaviour: Sendable {
        /// Sends these bytes verbatim, then closes.
        case answer([UInt8])
        /// Sends nothing and waits for the client to leave.
        case silent
    }

    /// The port it listens on.
    let port: UInt16
    private let listener: Socket
    private let finished = DispatchSemaphore(value: 0)
    /// Written by the server thread before it signals `finished`, read only after waiting on it: the
    /// semaphore orders the two.
    private var captured: [UInt8] = []

    /// Listens on `host` port 0 and starts the server thread.
    init(host: String = "127.0.0.1", _ behaviour: Behaviour) throws {
        guard let address = SocketAddress(host: host, port: 0) else { throw SystemError("address", host, errno: EINVAL) }
        listener = try Socket.listen(on: address, backlog: 4)
        do {
            port = try listener.localAddress().port
            // The thread blocks in accept: the listener was made non-blocking for an event loop.
            try listener.setBlocking()
            try Platform.startThread { [self] in serve(behaviour) }
        } catch {
            listener.close()
            throw error
        }
    }

    /// An answer written as text (CRLF line ends are the caller's).
    convenience init(answer: String) throws { try self.init(.answer(Array(answer.utf8))) }

    deinit { listener.close() }

    /// Waits for the exchange to end; the request's bytes as received.
    func request() -> [UInt8] {
        finished.wait()
        finished.signal()
        return captured
    }

    /// The request as text.
    func requestText() -> String { String(decoding: request(), as: UTF8.self) }

    private func serve(_ behaviour: Behaviour) {
        defer { finished.signal() }
        guard let (connection, _) = try? listener.accept() else { return }
        defer { connection.close() }
        guard (try? connection.setBlocking()) != nil else { return }
        // A client that never sends must not hold the thread for ever: a failing test ends in 10 s.
        var patience = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(connection.fd, SOL_SOCKET, SO_RCVTIMEO, &patience, socklen_t(MemoryLayout<timeval>.size))
        captured = Self.readRequest(connection)
        switch behaviour {
        case .answer(let bytes):
            // The client may leave early (a limit): a failed send is its choice, not an error here.
            try? connection.sendAll(bytes)
        case .silent:
            var scratch = [UInt8](repeating: 0, count: 1024)
            while ((try? Platform.read(connection.fd, into: &scratch, upTo: scratch.count)) ?? 0) > 0 {}
        }
    }

    /// The head up to its blank line, then as many body bytes as its `Content-Length` says.
    private static func readRequest(_ connection: Socket) -> [UInt8] {
        var received: [UInt8] = []
        var scratch = [UInt8](repeating: 0, count: 4096)
        var needed = Int.max
        while received.count < needed {
            guard let count = try? Platform.read(connection.fd, into: &scratch, upTo: scratch.count), count > 0 else { break }
            received += scratch[0..<count]
            if needed == .max, let end = headEnd(received) {
                needed = end + contentLength(String(decoding: received[..<end], as: UTF8.self))
            }
        }
        return received
    }

    /// The offset just past `\r\n\r\n`, or nil.
    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        let separator = Array("\r\n\r\n".utf8)
        guard bytes.count >= 4 else { return nil }
        return (0...(bytes.count - 4)).first { bytes[$0..<$0 + 4].elementsEqual(separator) }.map { $0 + 4 }
    }

    private static func contentLength(_ head: String) -> Int {
        for line in head.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "content-length" {
                return Int(parts[1].filter { $0 != " " }) ?? 0
            }
        }
        return 0
    }

    /// Whether this machine can listen on `::1` (a container may have no IPv6).
    static let canListenOnIPv6Loopback: Bool = {
        guard let address = SocketAddress(host: "::1", port: 0), let socket = try? Socket.listen(on: address, backlog: 1) else {
            return false
        }
        socket.close()
        return true
    }()

    /// A port on 127.0.0.1 that refuses connections for as long as the returned descriptor is open: bound,
    /// not listening, so no other process can take it meanwhile. Close the descriptor after the test.
    static func refusingPort() throws -> (port: UInt16, fd: Int32) {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw SystemError("socket", errno: errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            let code = errno
            close(fd)
            throw SystemError("bind", errno: code)
        }
        return (try Socket(fd: fd).localAddress().port, fd)
    }
}
