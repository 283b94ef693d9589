import Foundation
import SwifterCompat
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `WebSocketSession`'s frame reading and writing on their own, over a connected pair of sockets.
@Suite struct WebSocketSessionTests {
    func pair() throws -> (server: Socket, client: Socket) { try Socket.connectedPair() }

    @Test func readFrameUnmasksAndReportsItsFields() throws {
        let (server, client) = try pair()
        let session = WebSocketSession(server)
        try client.writeUInt8(WebSocketClient.frame(0x2, [1, 2, 3, 4, 5], fin: false))
        let frame = try session.readFrame()
        #expect(frame.opcode == .binary && !frame.fin && frame.payload == [1, 2, 3, 4, 5])
        #expect(frame.rsv1 == 0 && frame.rsv2 == 0 && frame.rsv3 == 0)
        try client.writeUInt8(WebSocketClient.frame(0x1, [UInt8](repeating: 0x61, count: 300)))
        #expect(try session.readFrame().payload.count == 300, "a 16-bit length")

        session.maxPayloadBytes = 4
        try client.writeUInt8(WebSocketClient.frame(0x2, [1, 2, 3, 4]))
        #expect(try session.readFrame().payload == [1, 2, 3, 4], "at the limit")
        try client.writeUInt8(WebSocketClient.frame(0x2, [1, 2, 3, 4, 5]))
        #expect(throws: WebSocketSession.PayloadTooLarge.self, "one over") { try session.readFrame() }
        #expect(WebSocketSession.PayloadTooLarge(length: 5, limit: 4).description.contains("over 4"))
    }

    @Test func writesFramesAServerSends() throws {
        let (server, client) = try pair()
        let session = WebSocketSession(server)
        session.writeBinary([9, 8, 7][1...])
        session.writeFrame(ArraySlice("part".utf8), .text, false)
        session.writeCloseFrame()
        let bytes = try client.read(length: 2 + 2 + 2 + 4 + 2)
        #expect(bytes == [0x82, 2, 8, 7, 0x01, 4] + Array("part".utf8) + [0x88, 0])
        #expect(WebSocketSession.OpCode(rawValue: 0x9) == .ping && WebSocketSession.OpCode.continue.rawValue == 0)
        let control: any Error = WebSocketSession.Control.close
        #expect(control is WebSocketSession.Control)
        #expect(Frame().opcode == .close && Frame().payload.isEmpty)
    }

    typealias Frame = WebSocketSession.Frame
}
