import ShortcutPlatform

/// One websocket connection (RFC 6455), as Swifter's: write text, binary and control frames; read frames.
/// Writes may come from any thread (each frame goes out whole, under a lock). Frames read are checked:
/// masked (§5.1), no reserved bits (§5.2), control frames short and whole (§5.5), payload at most
/// `maxPayloadBytes` (Swifter allocated whatever length a frame announced).
public class WebSocketSession: Hashable {
    /// A frame broke the protocol.
    public enum WsError: Error {
        /// Unknown op code (with the error's detail).
        case unknownOpCode(String)
        /// Un masked frame (with the error's detail).
        case unMaskedFrame(String)
        /// Protocol error (with the error's detail).
        case protocolError(String)
        /// Invalid utf8 (with the error's detail).
        case invalidUTF8(String)
    }

    /// Frame opcodes (RFC 6455 §5.2).
    public enum OpCode: UInt8 {
        /// Continue.
        case `continue` = 0x00
        /// Close.
        case close = 0x08
        /// Ping.
        case ping = 0x09
        /// Pong.
        case pong = 0x0A
        /// Text.
        case text = 0x01
        /// Binary.
        case binary = 0x02
    }

    /// Thrown to end a session's read loop on a close frame.
    public enum Control: Error {
        /// The peer closed the session.
        case close
    }

    /// A frame, or a message's payload is over `maxPayloadBytes`: nothing of it was read into memory.
    public struct PayloadTooLarge: Error, CustomStringConvertible {
        /// The frame's announced length, or the message's length with that frame.
        public let length: Int
        /// `maxPayloadBytes` when it was thrown.
        public let limit: Int

        /// Makes the error.
        public init(length: Int, limit: Int) {
            self.length = length
            self.limit = limit
        }

        /// The reason, with the length and the limit.
        public var description: String { "a websocket payload of \(length) bytes is over \(limit) (WebSocketSession.maxPayloadBytes)" }
    }

    /// One frame.
    public class Frame {
        /// The opcode.
        public var opcode = OpCode.close
        /// Whether this is a message's last frame.
        public var fin = false
        /// The reserved bits, as read (nonzero ones are refused).
        public var rsv1: UInt8 = 0
        /// The second reserved bit (RFC 6455 §5.2); 0 unless an extension says otherwise.
        public var rsv2: UInt8 = 0
        /// The third reserved bit (RFC 6455 §5.2).
        public var rsv3: UInt8 = 0
        /// The payload, unmasked.
        public var payload = [UInt8]()

        /// An empty close frame.
        public init() {}
    }

    /// The connection.
    public let socket: Socket

    /// Largest frame payload, and largest message (fragments joined), in bytes. Default 16 MiB.
    public var maxPayloadBytes = 16 * 1024 * 1024

    private let writeLock = Lock()
    /// Whether a close frame went out (one is sent when the session is released otherwise). Guarded by
    /// `writeLock`.
    private var closeSent = false

    /// A session over `socket`.
    public init(_ socket: Socket) { self.socket = socket }

    deinit {
        if !writeLock.withLock({ closeSent }) { writeCloseFrame() }
        socket.close()
    }

    /// Hashes the socket.
    public func hash(into hasher: inout Hasher) { hasher.combine(socket) }

    /// Whether both are sessions over one socket.
    public static func == (left: WebSocketSession, right: WebSocketSession) -> Bool { left.socket == right.socket }

    /// Sends a text message.
    public func writeText(_ text: String) { writeFrame(ArraySlice(text.utf8), .text) }

    /// Sends a binary message.
    public func writeBinary(_ binary: [UInt8]) { writeBinary(binary[...]) }

    /// Sends a binary message.
    public func writeBinary(_ binary: ArraySlice<UInt8>) { writeFrame(binary, .binary) }

    /// Sends one frame (unmasked, as a server's are, §5.1). A failed write is dropped: the read loop ends
    /// when the connection fails.
    public func writeFrame(_ data: ArraySlice<UInt8>, _ op: OpCode, _ fin: Bool = true) {
        var frame: [UInt8] = [(fin ? 0x80 : 0) | op.rawValue]
        frame.reserveCapacity(data.count + 10)
        switch data.count {
        case 0...125:
            frame.append(UInt8(data.count))
        case 126...0xFFFF:
            frame.append(126)
            frame += [UInt8(data.count >> 8), UInt8(data.count & 0xFF)]
        default:
            frame.append(127)
            for shift in stride(from: 56, through: 0, by: -8) {
                frame.append(UInt8(truncatingIfNeeded: UInt64(data.count) >> UInt64(shift)))
            }
        }
        frame += data
        writeLock.withLock {
            if op == .close { closeSent = true }
            do { try socket.writeUInt8(frame) } catch {}  // see the comment above: the reader notices
        }
    }

    /// Sends an empty close frame.
    public func writeCloseFrame() { writeFrame([], .close) }

    /// Reads one frame, unmasked.
    public func readFrame() throws -> Frame {
        let frame = Frame()
        let first = try socket.read()
        frame.fin = first & 0x80 != 0
        frame.rsv1 = first & 0x40
        frame.rsv2 = first & 0x20
        frame.rsv3 = first & 0x10
        guard frame.rsv1 == 0 && frame.rsv2 == 0 && frame.rsv3 == 0 else {
            throw WsError.protocolError("Reserved frame bit has not been negotiated.")
        }
        guard let opcode = OpCode(rawValue: first & 0x0F) else { throw WsError.unknownOpCode("\(first & 0x0F)") }
        frame.opcode = opcode
        let isControl = opcode == .close || opcode == .ping || opcode == .pong
        if isControl && !frame.fin { throw WsError.protocolError("Control frames must not be fragmented.") }
        let second = try socket.read()
        guard second & 0x80 != 0 else {
            throw WsError.unMaskedFrame("A client must mask all frames that it sends to the server.")
        }
        var length = UInt64(second & 0x7F)
        if length == 126 {
            length = try (0..<2).reduce(UInt64(0)) { value, _ in value << 8 | UInt64(try socket.read()) }
        } else if length == 127 {
            length = try (0..<8).reduce(UInt64(0)) { value, _ in value << 8 | UInt64(try socket.read()) }
            guard length >> 63 == 0 else { throw WsError.protocolError("The most significant bit of a 64-bit length must be 0.") }
        }
        if isControl && length > 125 { throw WsError.protocolError("Control frame payloads are at most 125 bytes.") }
        guard length <= UInt64(maxPayloadBytes) else {
            throw PayloadTooLarge(length: Int(clamping: length), limit: maxPayloadBytes)
        }
        let mask = [try socket.read(), try socket.read(), try socket.read(), try socket.read()]
        var payload = try socket.read(length: Int(length))
        for index in payload.indices { payload[index] ^= mask[index & 3] }
        frame.payload = payload
        return frame
    }
}
