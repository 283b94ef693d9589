import ShortcutPlatform

/// A handler that accepts a websocket handshake (RFC 6455 §4.2) and runs the session: messages go to `text`
/// or `binary` (fragments joined), pongs to `pong`; pings are answered; a close frame is answered and ends it.
/// `connected` and `disconnected` bracket the session. A bad handshake gets 400 with the reason; a frame that
/// breaks the protocol, text that is not UTF-8, or a message over `WebSocketSession.maxPayloadBytes` ends the
/// session with a close frame (1002, 1007, 1009).
///
/// The session runs on a thread of its own, blocking on reads, as Swifter's did; at most
/// `HttpServerIO.maxUpgradedConnections` at once, and `stop()` ends them.
public func websocket(
    text: ((WebSocketSession, String) -> Void)? = nil,
    binary: ((WebSocketSession, [UInt8]) -> Void)? = nil,
    pong: ((WebSocketSession, [UInt8]) -> Void)? = nil,
    connected: ((WebSocketSession) -> Void)? = nil,
    disconnected: ((WebSocketSession) -> Void)? = nil
) -> ((HttpRequest) -> HttpResponse) {
    { request in
        guard request.hasTokenForHeader("upgrade", token: "websocket") else {
            return .badRequest(.text("Invalid value of 'Upgrade' header: \(request.headers["upgrade"] ?? "unknown")"))
        }
        guard request.hasTokenForHeader("connection", token: "upgrade") else {
            return .badRequest(.text("Invalid value of 'Connection' header: \(request.headers["connection"] ?? "unknown")"))
        }
        guard let key = request.headers["sec-websocket-key"], !key.isEmpty else {
            return .badRequest(.text("Invalid value of 'Sec-Websocket-Key' header: unknown"))
        }
        // RFC 6455 §4.2.2: the accept value is base64(SHA-1(key + this GUID)).
        let accept = String.toBase64(("\(key)258EAFA5-E914-47DA-95CA-C5AB0DC85B11").sha1())
        let headers = ["Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Accept": accept]
        return .switchProtocols(headers) { socket in
            let session = WebSocketSession(socket)
            connected?(session)
            WebSocketReader(session: session, text: text, binary: binary, pong: pong).run()
            disconnected?(session)
        }
    }
}

/// The three-closure form of Swifter's older API.
@available(*, deprecated, message: "Use websocket(text:binary:pong:connected:disconnected:) instead.")
public func websocket(
    _ text: @escaping (WebSocketSession, String) -> Void,
    _ binary: @escaping (WebSocketSession, [UInt8]) -> Void,
    _ pong: @escaping (WebSocketSession, [UInt8]) -> Void
) -> ((HttpRequest) -> HttpResponse) {
    websocket(text: text, binary: binary, pong: pong)
}

/// The read loop of one session: frames in, messages out, control frames answered.
struct WebSocketReader {
    let session: WebSocketSession
    let text: ((WebSocketSession, String) -> Void)?
    let binary: ((WebSocketSession, [UInt8]) -> Void)?
    let pong: ((WebSocketSession, [UInt8]) -> Void)?

    /// Reads until the peer closes, the connection fails, or the protocol is broken.
    func run() {
        var message: (opcode: WebSocketSession.OpCode, payload: [UInt8])?
        do {
            while true {
                let frame = try session.readFrame()
                switch frame.opcode {
                case .text, .binary:
                    guard message == nil else {
                        throw WebSocketSession.WsError.protocolError("a new message began inside a fragmented one")
                    }
                    if frame.fin { try deliver(frame.opcode, frame.payload) } else { message = (frame.opcode, frame.payload) }
                case .continue:
                    guard var fragments = message else {
                        throw WebSocketSession.WsError.protocolError("a continuation frame without a message")
                    }
                    guard frame.payload.count <= session.maxPayloadBytes - fragments.payload.count else {
                        throw WebSocketSession.PayloadTooLarge(
                            length: fragments.payload.count + frame.payload.count,
                            limit: session.maxPayloadBytes)
                    }
                    fragments.payload += frame.payload
                    message = frame.fin ? nil : fragments
                    if frame.fin { try deliver(fragments.opcode, fragments.payload) }
                case .ping:
                    session.writeFrame(frame.payload[...], .pong)
                case .pong:
                    pong?(session, frame.payload)
                case .close:
                    // RFC 6455 §5.5.1: answer with a close frame (echoing the status code), then end.
                    session.writeFrame(frame.payload.prefix(2), .close)
                    return
                }
            }
        } catch let error as WebSocketSession.WsError {
            session.writeFrame(WebSocketReader.closeCode(for: error)[...], .close)
        } catch is WebSocketSession.PayloadTooLarge {
            session.writeFrame(WebSocketReader.closeCode(1009)[...], .close)
        } catch {
            // The connection failed or was shut by `stop()`: nothing can be said to the peer.
        }
    }

    private func deliver(_ opcode: WebSocketSession.OpCode, _ payload: [UInt8]) throws {
        if opcode == .text {
            guard let string = String.validatedUTF8(payload) else {
                throw WebSocketSession.WsError.invalidUTF8("a text message is not UTF-8")
            }
            text?(session, string)
        } else {
            binary?(session, payload)
        }
    }

    /// RFC 6455 §7.4.1: 1002 protocol error, 1003 unacceptable data, 1007 invalid data.
    static func closeCode(for error: WebSocketSession.WsError) -> [UInt8] {
        switch error {
        case .invalidUTF8: closeCode(1007)
        case .unknownOpCode: closeCode(1003)
        case .unMaskedFrame, .protocolError: closeCode(1002)
        }
    }

    /// A close frame's payload: the status code, big-endian (RFC 6455 §5.5.1).
    static func closeCode(_ code: UInt16) -> [UInt8] { [UInt8(code >> 8), UInt8(code & 0xFF)] }
}
