import Foundation
import TestSupport

/// A websocket client over raw bytes (RFC 6455): the handshake, masked frames out, frames in.
final class WebSocketClient {
    let raw: RawClient
    private var buffer: [UInt8] = []
    /// The handshake answer's head.
    private(set) var head = ""

    /// RFC 6455 §1.3's sample key, and the accept value it must get.
    static let key = "dGhlIHNhbXBsZSBub25jZQ=="
    static let accept = "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="

    init(port: UInt16) throws { raw = try RawClient(port: port) }

    /// Sends the handshake for `path` (and `extra` bytes behind it in the same write); reads the answer's head.
    func handshake(_ path: String, extra: [UInt8] = []) throws {
        try raw.send(
            Array("GET \(path) HTTP/1.1\r\nHost: a\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n".utf8)
                + Array("Sec-WebSocket-Key: \(WebSocketClient.key)\r\nSec-WebSocket-Version: 13\r\n\r\n".utf8) + extra)
        while true {
            if let end = index(of: [13, 10, 13, 10]) {
                head = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeFirst(end + 4)
                return
            }
            guard let chunk = try raw.readChunk() else { throw RawClient.Failure(description: "closed during the handshake") }
            buffer += chunk
        }
    }

    /// A masked frame's bytes.
    static func frame(_ opcode: UInt8, _ payload: [UInt8], fin: Bool = true, masked: Bool = true, announced: UInt64? = nil) -> [UInt8] {
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        let length = announced ?? UInt64(payload.count)
        let maskBit: UInt8 = masked ? 0x80 : 0
        if length < 126 {
            bytes.append(maskBit | UInt8(length))
        } else if length <= 0xFFFF {
            bytes += [maskBit | 126, UInt8(length >> 8), UInt8(length & 0xFF)]
        } else {
            bytes.append(maskBit | 127)
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: length >> UInt64(shift))) }
        }
        guard masked else { return bytes + payload }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        return bytes + mask + payload.enumerated().map { $0.element ^ mask[$0.offset & 3] }
    }

    func send(_ opcode: UInt8, _ payload: [UInt8], fin: Bool = true) throws {
        try raw.send(WebSocketClient.frame(opcode, payload, fin: fin))
    }

    func sendText(_ text: String) throws { try send(0x1, Array(text.utf8)) }

    /// Reads one (unmasked) frame from the server: its opcode and payload; nil when the server closed.
    func readFrame() throws -> (opcode: UInt8, payload: [UInt8])? {
        while true {
            if buffer.count >= 2 {
                var length = Int(buffer[1] & 0x7F)
                var start = 2
                if length == 126, buffer.count >= 4 {
                    length = Int(buffer[2]) << 8 | Int(buffer[3])
                    start = 4
                } else if length == 127, buffer.count >= 10 {
                    length = buffer[2..<10].reduce(0) { $0 << 8 | Int($1) }
                    start = 10
                }
                if (buffer[1] & 0x7F) < 126 || start > 2, buffer.count >= start + length {
                    let frame = (buffer[0] & 0x0F, Array(buffer[start..<(start + length)]))
                    buffer.removeFirst(start + length)
                    return frame
                }
            }
            guard let chunk = try raw.readChunk() else { return nil }
            buffer += chunk
        }
    }

    func readText() throws -> String? {
        guard let frame = try readFrame(), frame.opcode == 1 else { return nil }
        return String(decoding: frame.payload, as: UTF8.self)
    }

    /// The status code of the close frame the server sends next; nil if the next frame is not a close.
    func readCloseCode() throws -> Int? {
        guard let frame = try readFrame(), frame.opcode == 8 else { return nil }
        return frame.payload.count >= 2 ? Int(frame.payload[0]) << 8 | Int(frame.payload[1]) : 0
    }

    private func index(of needle: [UInt8]) -> Int? {
        guard buffer.count >= needle.count else { return nil }
        return (0...(buffer.count - needle.count)).first { Array(buffer[$0..<($0 + needle.count)]) == needle }
    }
}
