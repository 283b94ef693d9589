import Foundation
import ShortcutPlatform
import TestSupport
import Testing

@testable import ShortcutHTTP

/// One `Connection` on the server's end of a loopback TCP connection with small buffers both ways, driven by
/// hand on the test's thread with no event loop at all (a `ConnectionContext` and a manual clock are all it
/// needs): each call runs one pass of the connection, so what it answered in that pass can be counted
/// exactly, which a client alone cannot see through the kernel's buffers. The actions it returns are kept.
final class ConnectionHarness {
    let context: ConnectionContext
    let clock: ManualClock
    let connection: Connection
    /// The client's end.
    let client: RawClient
    /// What the connection asked of its owner, in order.
    private(set) var actions: [ConnectionAction] = []

    /// `smallBuffers`: the kernel's smallest socket buffers on both sides (answers go out a little at a
    /// time); `readBufferBytes`: the connection's read buffer (one read takes at most that much).
    init(
        limits: ServerLimits, smallBuffers: Bool = true, readBufferBytes: Int = ConnectionContext.readBufferBytes,
        journal: RequestJournal? = nil, clock: ManualClock = ManualClock(), routes: (inout Router) -> Void
    ) throws {
        self.clock = clock
        guard let any = SocketAddress(host: "127.0.0.1", port: 0) else { throw SystemError("address", errno: 0) }
        let listener = try Socket.listen(on: any, backlog: 1)
        defer { listener.close() }
        client = try RawClient(port: try listener.localAddress().port, receiveBuffer: smallBuffers ? 1 : nil)  // 1: the kernel's minimum
        guard let (socket, _) = try listener.accept() else { throw SystemError("accept: nothing pending", errno: 0) }
        if smallBuffers { try socket.setOption(SOL_SOCKET, SO_SNDBUF, 1, "SO_SNDBUF") }
        var router = Router()
        routes(&router)
        context = ConnectionContext(
            limits: limits, responder: Responder(router: router), clock: clock, logWriter: nil, journal: journal,
            readBufferBytes: readBufferBytes)
        connection = Connection(socket: socket, remote: "harness", context: context)
    }

    deinit {
        connection.close()
        connection.socket.close()
    }

    /// Keeps what the connection asked for (the owner's part; the harness polls by hand instead of watching).
    @discardableResult
    func record(_ action: ConnectionAction) -> ConnectionAction {
        actions.append(action)
        return action
    }

    /// Sends `text` and runs the connection's read pass once it has arrived.
    func sendAndRead(_ text: String) throws {
        try client.send(text)
        var ready = pollfd(fd: connection.socket.fd, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, 5000) == 1 else { throw SystemError("poll: the request did not arrive", errno: 0) }
        record(connection.readable(hangup: false))
    }

    /// Reads and lets the connection write (as the loop would when the socket has room) until `done`.
    func receiveAll(until done: ([UInt8]) -> Bool) throws -> [UInt8] {
        var received: [UInt8] = []
        for _ in 0..<100_000 {
            received += receive()
            if done(received) { return received }
            record(connection.writable())
        }
        throw SystemError("the connection's answer did not complete; \(received.count) bytes", errno: 0)
    }

    /// Reads what the connection has sent so far (without waiting).
    func receive() -> [UInt8] {
        var all: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(client.fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            guard count > 0 else { return all }
            all += chunk[0..<count]
        }
    }
}

/// `ServerLimits.maxPendingOutputBytes` at its edge: the next pipelined request is answered while the unsent
/// output is under the bound, and waits (unparsed, the socket unread) once it is at or over it.
@Suite struct ConnectionOutputBoundTests {
    static let bound = 64 * 1024

    /// Two pipelined requests; the first's answer (head and body) is `firstAnswerBytes` long.
    /// Returns how many were answered in the pass that read them.
    func answeredInOnePass(firstAnswerBytes: Int) throws -> (answered: Int, harness: ConnectionHarness, bodySize: Int) {
        var limits = ServerLimits()
        limits.maxPendingOutputBytes = Self.bound
        let calls = ServerOutputBoundTests.Counter()
        let harness = try ConnectionHarness(limits: limits) { router in
            router.add(.GET, "/size/:n") { request in
                calls.increment()
                let size = Int(request.params["n"] ?? "") ?? 0
                return .ok(HTTPBody(bytes: [UInt8](repeating: 0x78, count: size), contentType: "text/plain"))
            }
        }
        // The head's length, from a first answer read whole (same digits in Content-Length, same Date width).
        try harness.sendAndRead("GET /size/10000 HTTP/1.1\r\nHost: a\r\n\r\n")
        var calibration = try harness.receiveAll(until: { $0.count >= 10000 && RawAnswer.length(of: $0) == $0.count })
        let head = calibration.count - 10000
        #expect(RawAnswer.take(&calibration)?.count == 10000)
        let bodySize = firstAnswerBytes - head
        let before = calls.value
        try harness.sendAndRead("GET /size/\(bodySize) HTTP/1.1\r\nHost: a\r\n\r\nGET /size/10 HTTP/1.1\r\nHost: a\r\n\r\n")
        return (calls.value - before, harness, bodySize)
    }

    @Test func underTheBoundTheNextRequestIsAnsweredAtOnce() throws {
        let (answered, _, _) = try answeredInOnePass(firstAnswerBytes: Self.bound - 1)
        #expect(answered == 2)
    }

    @Test func atTheBoundTheNextRequestWaitsUntilTheOutputDrains() throws {
        let (answered, harness, bodySize) = try answeredInOnePass(firstAnswerBytes: Self.bound)
        #expect(answered == 1)
        #expect(!harness.connection.isIdle, "a request waits unparsed")
        // The client reads; each time the socket takes more, the connection writes; once all is written,
        // the waiting request is answered, after the first answer.
        var buffer = try harness.receiveAll(until: { $0.ends(with: Array("\r\n\r\nxxxxxxxxxx".utf8)) })
        #expect(RawAnswer.take(&buffer)?.count == bodySize)
        #expect(RawAnswer.take(&buffer)?.count == 10)
        #expect(buffer.isEmpty)
        #expect(harness.connection.isIdle)
    }
}

/// One `Content-Length` answer at the front of raw bytes.
enum RawAnswer {
    /// The lengths of the first answer's head and body; nil while its head is incomplete.
    static func parts(of buffer: [UInt8]) -> (head: Int, body: Int)? {
        let marker: [UInt8] = [13, 10, 13, 10]
        guard buffer.count >= 4, let end = (0...(buffer.count - 4)).first(where: { Array(buffer[$0..<$0 + 4]) == marker }) else {
            return nil
        }
        let head = String(decoding: buffer[0..<end], as: UTF8.self)
        guard let field = head.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
            let length = Int(field.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
        else { return nil }
        return (end + 4, length)
    }

    /// The first answer's whole length; nil while its head is incomplete.
    static func length(of buffer: [UInt8]) -> Int? { parts(of: buffer).map { $0.head + $0.body } }

    /// Takes the first answer off the front; returns its body, or nil when it is not complete.
    static func take(_ buffer: inout [UInt8]) -> [UInt8]? {
        guard let (head, body) = parts(of: buffer), buffer.count >= head + body else { return nil }
        let taken = Array(buffer[head..<head + body])
        buffer.removeFirst(head + body)
        return taken
    }
}

extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}
