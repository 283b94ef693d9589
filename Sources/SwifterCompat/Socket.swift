import Foundation
import ShortcutPlatform

/// Why a `Socket` call failed (Swifter's cases; the text is the system's reason).
public enum SocketError: Error {
    // Swifter's cases, each with the system's reason.
    /// Socket creation failed (with the system's reason).
    case socketCreationFailed(String)
    /// SO_REUSEADDR could not be set (with the system's reason).
    case socketSettingReUseAddrFailed(String)
    /// Bind failed (with the system's reason).
    case bindFailed(String)
    /// Listen failed (with the system's reason).
    case listenFailed(String)
    /// Write failed (with the system's reason).
    case writeFailed(String)
    /// Get peer name failed (with the system's reason).
    case getPeerNameFailed(String)
    /// Converting peer name failed.
    case convertingPeerNameFailed
    /// Get name info failed (with the system's reason).
    case getNameInfoFailed(String)
    /// Accept failed (with the system's reason).
    case acceptFailed(String)
    /// Recv failed (with the system's reason).
    case recvFailed(String)
    /// Get sock name failed (with the system's reason).
    case getSockNameFailed(String)
}

/// The text of the calling thread's last `errno`, as Swifter's `Errno`.
public class Errno {
    /// `strerror(errno)`.
    public class func description() -> String { Platform.errorText(Platform.errno) }
}

/// A connected stream socket, as Swifter's: blocking reads of one byte, of a length, or of a line, and
/// writes of everything given. `read()` is `open`, so tests and adapters can feed `HttpParser` and
/// `WebSocketSession` from memory by overriding it. Writes never raise SIGPIPE.
open class Socket: Hashable {
    /// The descriptor.
    public let socketFileDescriptor: Int32
    /// Set by the first `close()`. Writes check it holding `writing`, and the descriptor is closed holding
    /// `writing` too: once it is set no write starts, and the number is given back (where the next accepted
    /// connection may get it) only after the write in progress, if any, has returned.
    private let closing = AtomicWord(0)
    /// Writes in progress (0 or 1: they hold `writing`); `close()` shuts the socket down first when one is,
    /// so that a write blocked on a peer that does not read returns.
    private let writers = AtomicWord(0)
    private let writing = ShortcutPlatform.Lock()

    /// Wraps a descriptor; the socket closes it (on `close()` or when released). A socket descriptor is set
    /// never to raise SIGPIPE (`setNoSigPipe`), whoever made it.
    public init(socketFileDescriptor: Int32) {
        self.socketFileDescriptor = socketFileDescriptor
        if socketFileDescriptor >= 0 { Socket.setNoSigPipe(socketFileDescriptor) }
    }

    deinit { close() }

    /// Hashes the descriptor.
    public func hash(into hasher: inout Hasher) { hasher.combine(socketFileDescriptor) }

    /// Whether both wrap one descriptor.
    public static func == (left: Socket, right: Socket) -> Bool {
        left.socketFileDescriptor == right.socketFileDescriptor
    }

    /// Closes the descriptor (once; later calls do nothing). Writes made afterwards, from any thread, throw
    /// `writeFailed` and touch no descriptor: the number may already be another connection's.
    public func close() {
        guard socketFileDescriptor >= 0, closing.increment() == 1 else { return }
        if writers.load() > 0 { ShortcutPlatform.Socket(fd: socketFileDescriptor).shutdownReadWrite() }
        writing.withLock { Platform.close(socketFileDescriptor) }
    }

    /// Whether `close()` was called.
    var isClosed: Bool { closing.load() != 0 }

    /// Closes a descriptor.
    public class func close(_ socket: Int32) { Platform.close(socket) }

    /// Makes sure writing to `socket` after its peer has gone answers an error instead of raising SIGPIPE,
    /// which would end the app: `SO_NOSIGPIPE` on Darwin (Linux sends with `MSG_NOSIGNAL`). Every `Socket`
    /// made with `init(socketFileDescriptor:)` is set so already.
    public class func setNoSigPipe(_ socket: Int32) { ShortcutPlatform.Socket(fd: socket).disableBrokenPipeSignal() }

    /// The local port (`getsockname`).
    public func port() throws -> UInt16 { try localAddress().port }

    /// Whether the socket is bound to an IPv4 address.
    public func isIPv4() throws -> Bool { !(try localAddress().isIPv6) }

    private func localAddress() throws -> SocketAddress {
        do {
            return try ShortcutPlatform.Socket(fd: socketFileDescriptor).localAddress()
        } catch {
            throw SocketError.getSockNameFailed(error.reason)
        }
    }

    // MARK: Writing

    /// Writes the UTF-8 bytes of `string`.
    public func writeUTF8(_ string: String) throws { try writeUInt8(Array(string.utf8)) }

    /// Writes `data`.
    public func writeUInt8(_ data: [UInt8]) throws { try writeUInt8(data[...]) }

    /// Writes `data`.
    public func writeUInt8(_ data: ArraySlice<UInt8>) throws {
        try data.withUnsafeBytes { try writeBuffer($0) }
    }

    /// Writes `data`.
    public func writeData(_ data: NSData) throws { try writeData(Data(referencing: data)) }

    /// Writes `data`.
    public func writeData(_ data: Data) throws {
        try data.withUnsafeBytes { try writeBuffer($0) }
    }

    /// Writes the rest of an open file.
    public func writeFile(_ file: String.File) throws {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = try file.read(&chunk)
            if count == 0 { return }
            try writeUInt8(chunk[0..<count])
        }
    }

    private func writeBuffer(_ buffer: UnsafeRawBufferPointer) throws {
        writing.lock()
        defer { writing.unlock() }
        guard !isClosed else { throw SocketError.writeFailed("the socket is closed") }
        _ = writers.increment()
        defer { writers.store(0) }
        let socket = ShortcutPlatform.Socket(fd: socketFileDescriptor)
        var sent = 0
        while sent < buffer.count {
            switch socket.write(UnsafeRawBufferPointer(rebasing: buffer[sent...])) {
            case .bytes(let count): sent += count
            case .wouldBlock: throw SocketError.writeFailed("the socket is non-blocking and its buffer is full")
            case .closed: throw SocketError.writeFailed(Errno.description())
            }
        }
    }

    // MARK: Reading

    /// Reads one byte; throws `recvFailed` at the end of input or on an error.
    open func read() throws -> UInt8 {
        var byte: UInt8 = 0
        let count = try withUnsafeMutableBytes(of: &byte) { try readSome(into: $0) }
        guard count == 1 else { throw SocketError.recvFailed("end of input") }
        return byte
    }

    /// Reads exactly `length` bytes. A subclass that overrides only `read()` is read through it, byte by
    /// byte; a plain socket reads in chunks.
    open func read(length: Int) throws -> [UInt8] {
        guard length > 0 else { return [] }
        guard Swift.type(of: self) == Socket.self else {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(min(length, 64 * 1024))
            for _ in 0..<length { bytes.append(try read()) }
            return bytes
        }
        return try readFromDescriptor(length: length)
    }

    /// Exactly `length` bytes from the descriptor, in chunks of at most `readChunkBytes`: the buffer grows
    /// with what arrives, so a length a peer announced (a websocket frame's) costs memory only once it is sent.
    func readFromDescriptor(length: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(length, Socket.readChunkBytes))
        while bytes.count < length {
            let offset = bytes.count
            let want = min(length - offset, Socket.readChunkBytes)
            bytes.append(contentsOf: repeatElement(0, count: want))
            let count = try bytes.withUnsafeMutableBytes { try readSome(into: UnsafeMutableRawBufferPointer(rebasing: $0[offset...])) }
            bytes.removeLast(want - count)
            guard count > 0 else { throw SocketError.recvFailed("end of input after \(offset) of \(length) bytes") }
        }
        return bytes
    }

    /// Most bytes one read asks for, and so most memory a read holds ahead of the bytes themselves: 64 KiB.
    static let readChunkBytes = 64 * 1024

    /// Reads a line ending in LF, without its CR and LF (bytes under CR are dropped, as Swifter did).
    public func readLine() throws -> String { try readLine(maxBytes: Int.max) }

    /// `readLine()` that throws `recvFailed` once the line passes `maxBytes` bytes. Every byte read counts,
    /// the dropped ones too (a line of CRs or NULs would otherwise be read for ever), except one CR just
    /// before the LF.
    func readLine(maxBytes: Int) throws -> String {
        var bytes: [UInt8] = []
        var length = 0
        while true {
            let byte = try read()
            if byte == 10 { return String(decoding: bytes, as: UTF8.self) }
            length += 1
            if byte > 13 { bytes.append(byte) }
            if length > maxBytes && !(byte == 13 && length == maxBytes + 1) {
                throw SocketError.recvFailed("line longer than \(maxBytes) bytes")
            }
        }
    }

    /// One read of at most `buffer.count` bytes from the descriptor; 0 at the end of input.
    func readSome(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard !isClosed else { throw SocketError.recvFailed("the socket is closed") }
        do {
            return try Platform.read(socketFileDescriptor, into: buffer)
        } catch {
            throw SocketError.recvFailed(error.reason)
        }
    }
}
