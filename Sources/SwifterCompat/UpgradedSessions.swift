import ShortcutHTTP
import ShortcutPlatform

/// The socket of a connection the core handed over after a 101 (`UpgradedConnection`): the bytes the
/// server had already read past the request come first, then the descriptor.
final class UpgradedSocket: Socket {
    private var buffered: [UInt8]
    private var position = 0

    init(_ connection: UpgradedConnection) {
        buffered = connection.bufferedBytes
        super.init(socketFileDescriptor: connection.socket.fd)
    }

    override func read() throws -> UInt8 {
        if position < buffered.count {
            defer { position += 1 }
            return buffered[position]
        }
        var byte: UInt8 = 0
        let count = try withUnsafeMutableBytes(of: &byte) { try readSome(into: $0) }
        guard count == 1 else { throw SocketError.recvFailed("end of input") }
        return byte
    }

    override func read(length: Int) throws -> [UInt8] {
        guard length > 0 else { return [] }
        let fromBuffer = min(length, buffered.count - position)
        var bytes = Array(buffered[position..<(position + fromBuffer)])
        position += fromBuffer
        if bytes.count < length { bytes += try readFromDescriptor(length: length - bytes.count) }
        return bytes
    }
}

/// The connections handed to `.switchProtocols` closures (websocket sessions), each holding a Dispatch
/// worker for its life: at most `limit` at once, and all of them ended by `stop()`.
final class UpgradedSessions: @unchecked Sendable {
    let limit: Int
    private let lock = Lock()
    // Guarded by `lock`: the live sessions' sockets (removed before they are closed, so that `closeAll`
    // never shuts a descriptor number that was closed and reused).
    private var sockets: [ObjectIdentifier: Socket] = [:]
    private var isStopped = false

    init(limit: Int) { self.limit = limit }

    /// Whether another session may start now.
    var hasRoom: Bool { lock.withLock { !isStopped && sockets.count < limit } }

    /// Counts a session in; false when full or stopped.
    func add(_ socket: Socket) -> Bool {
        lock.withLock {
            guard !isStopped, sockets.count < limit else { return false }
            sockets[ObjectIdentifier(socket)] = socket
            return true
        }
    }

    func remove(_ socket: Socket) { _ = lock.withLock { sockets.removeValue(forKey: ObjectIdentifier(socket)) } }

    /// Ends every session: their blocked reads return end of input. No new session starts after this.
    func closeAll() {
        lock.withLock {
            isStopped = true
            for socket in sockets.values { ShortcutPlatform.Socket(fd: socket.socketFileDescriptor).shutdownReadWrite() }
        }
    }
}

/// A value carried across threads although its type is not `Sendable`: an app's `.switchProtocols`
/// closure, run on the worker the core hands the connection to (Swifter, too, ran it on another thread).
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
}
