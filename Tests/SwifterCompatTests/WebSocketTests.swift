import Foundation
import SwifterCompat
import Testing

/// `websocket(…)` and `WebSocketSession` against a raw-bytes websocket client, over the core's upgrade hook.
@Suite struct WebSocketTests {
    /// Records what the session callbacks saw.
    final class Events: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [String] = []
        private var stored: WebSocketSession?
        private let ended = DispatchSemaphore(value: 0)
        func add(_ item: String) { lock.withLock { items.append(item) } }
        var all: [String] { lock.withLock { items } }
        var session: WebSocketSession? {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
        func disconnected() { ended.signal() }
        /// Waits for `disconnected` (bounded, so a failure cannot hang the suite).
        func waitDisconnected() -> Bool { ended.wait(timeout: .now() + 5) == .success }
    }

    func echoServer(_ events: Events, payloadLimit: Int? = nil, configure: (HttpServer) -> Void = { _ in }) throws -> CompatHarness {
        let server = HttpServer()
        configure(server)
        server["/ws"] = websocket(
            text: { session, text in
                events.add("text:\(text)")
                session.writeText(text)
            },
            binary: { session, bytes in
                events.add("binary:\(bytes.count)")
                session.writeBinary(bytes)
            },
            pong: { _, bytes in events.add("pong:\(String(decoding: bytes, as: UTF8.self))") },
            connected: { session in
                if let payloadLimit { session.maxPayloadBytes = payloadLimit }
                events.session = session
                events.add("connected")
            },
            disconnected: { _ in
                events.add("disconnected")
                events.disconnected()
            })
        return try CompatHarness(server)
    }

    @Test func handshakeEchoFragmentsPingPongAndClose() throws {
        let events = Events()
        let harness = try echoServer(events)
        defer { harness.stop() }
        let client = try WebSocketClient(port: harness.port)
        // A frame right behind the handshake, in the same write: the server had read it with the request.
        try client.handshake("/ws", extra: WebSocketClient.frame(0x1, Array("early".utf8)))
        #expect(client.head.hasPrefix("HTTP/1.1 101 Switching Protocols"))
        #expect(client.head.contains("Sec-WebSocket-Accept: \(WebSocketClient.accept)"))
        #expect(client.head.contains("Upgrade: websocket") && client.head.contains("Connection: Upgrade"))
        #expect(try client.readText() == "early")

        try client.sendText("héllo")
        #expect(try client.readText() == "héllo")
        let big = [UInt8](repeating: 7, count: 70_000)  // a 64-bit length
        try client.send(0x2, big)
        let echoed = try client.readFrame()
        #expect(echoed?.opcode == 2 && echoed?.payload == big)
        try client.send(0x1, Array("frag".utf8), fin: false)
        try client.send(0x9, Array("ping!".utf8))  // a control frame between fragments is allowed (§5.4)
        #expect(try client.readFrame().map { $0.opcode == 0xA && $0.payload == Array("ping!".utf8) } == true)
        try client.send(0x0, Array("ment".utf8), fin: false)
        try client.send(0x0, Array("ed".utf8), fin: true)
        #expect(try client.readText() == "fragmented")
        try client.send(0xA, Array("unsolicited".utf8))

        // The server writes from another thread: a message the app sends on its own.
        let session = try #require(events.session)
        session.writeText("from the app")
        #expect(try client.readText() == "from the app")
        #expect(session.socket == session.socket && Set([session]).count == 1)

        try client.send(0x8, [0x03, 0xE8])
        #expect(try client.readCloseCode() == 1000, "the close is answered with its code")
        #expect(events.waitDisconnected())
        #expect(
            events.all == [
                "connected", "text:early", "text:héllo", "binary:70000", "text:fragmented", "pong:unsolicited",
                "disconnected",
            ])
        #expect(try client.readFrame() == nil, "the server closed the connection")
    }

    @Test(
        arguments: [
            ("unmasked", WebSocketClient.frame(0x1, Array("x".utf8), masked: false), 1002),
            ("invalid UTF-8", WebSocketClient.frame(0x1, [0xC3, 0x28]), 1007),
            ("unknown opcode", WebSocketClient.frame(0x3, []), 1003),
            ("reserved bit", [0xC1, 0x80, 0, 0, 0, 0], 1002),
            ("fragmented ping", WebSocketClient.frame(0x9, [], fin: false), 1002),
            ("long ping", WebSocketClient.frame(0x9, [UInt8](repeating: 0, count: 126)), 1002),
            ("lone continuation", WebSocketClient.frame(0x0, Array("x".utf8)), 1002),
            ("2^40 bytes announced", WebSocketClient.frame(0x2, [], announced: 1 << 40), 1009),
            ("a 64-bit length with its top bit set", WebSocketClient.frame(0x2, [], announced: 1 << 63), 1002),
            ("a fragmented close", WebSocketClient.frame(0x8, [], fin: false), 1002),
            (
                "new message inside a fragmented one", WebSocketClient.frame(0x1, [0x61], fin: false) + WebSocketClient.frame(0x1, [0x62]),
                1002
            ),
        ] as [(String, [UInt8], Int)])
    func protocolViolationsEndTheSessionWithACloseCode(_ name: String, _ bytes: [UInt8], _ code: Int) throws {
        let events = Events()
        let harness = try echoServer(events)
        defer { harness.stop() }
        let client = try WebSocketClient(port: harness.port)
        try client.handshake("/ws")
        try client.raw.send(bytes)
        #expect(try client.readCloseCode() == code, "\(name)")
        #expect(events.waitDisconnected())
        #expect(try client.readFrame() == nil)
    }

    @Test func theMessageLimitAtItsEdge() throws {
        let events = Events()
        let harness = try echoServer(events, payloadLimit: 10)
        defer { harness.stop() }
        let client = try WebSocketClient(port: harness.port)
        try client.handshake("/ws")
        try client.send(0x2, [UInt8](repeating: 1, count: 10))
        #expect(try client.readFrame()?.payload.count == 10)
        try client.send(0x2, [UInt8](repeating: 1, count: 6), fin: false)
        try client.send(0x0, [UInt8](repeating: 1, count: 5), fin: true)
        #expect(try client.readCloseCode() == 1009, "11 bytes in two fragments")
    }

    /// A message that never ends (1-byte fragments, pings between them, no FIN) is ended at the limit: the
    /// pings are answered meanwhile, and the 17th byte of a 16-byte limit gets close code 1009.
    @Test func aNeverEndingFragmentedMessageIsCappedAtTheLimit() throws {
        let events = Events()
        let harness = try echoServer(events, payloadLimit: 16)
        defer { harness.stop() }
        let client = try WebSocketClient(port: harness.port)
        try client.handshake("/ws")
        try client.send(0x2, [1], fin: false)
        for _ in 0..<15 {
            try client.send(0x9, [7])
            #expect(try client.readFrame()?.opcode == 0xA, "a ping inside a message is answered")
            try client.send(0x0, [1], fin: false)
        }
        try client.send(0x0, [1], fin: false)
        #expect(try client.readCloseCode() == 1009)
        #expect(events.waitDisconnected())
        #expect(!events.all.contains { $0.hasPrefix("binary") }, "no part of it was delivered")
    }

    @Test func badHandshakesGet400() throws {
        let harness = try echoServer(Events())
        defer { harness.stop() }
        let noUpgrade = try harness.send("GET /ws HTTP/1.1\r\nHost: a\r\nConnection: Upgrade\r\nSec-WebSocket-Key: k\r\n\r\n")
        #expect(noUpgrade.status == 400 && noUpgrade.bodyText.contains("'Upgrade'"))
        let noConnection = try harness.send("GET /ws HTTP/1.1\r\nHost: a\r\nUpgrade: websocket\r\nSec-WebSocket-Key: k\r\n\r\n")
        #expect(noConnection.status == 400 && noConnection.bodyText.contains("'Connection'"))
        let noKey = try harness.send("GET /ws HTTP/1.1\r\nHost: a\r\nUpgrade: websocket\r\nConnection: keep-alive, Upgrade\r\n\r\n")
        #expect(noKey.status == 400 && noKey.bodyText.contains("Sec-Websocket-Key"))
    }

    @Test func stopEndsLiveSessions() throws {
        let events = Events()
        let harness = try echoServer(events)
        let client = try WebSocketClient(port: harness.port)
        try client.handshake("/ws")
        try client.sendText("up")
        #expect(try client.readText() == "up")
        harness.stop()
        #expect(events.waitDisconnected())
        #expect(try client.readFrame() == nil)
    }

    @Test func maxUpgradedConnectionsAtItsEdge() throws {
        let events = Events()
        let harness = try echoServer(events) { $0.maxUpgradedConnections = 1 }
        defer { harness.stop() }
        let first = try WebSocketClient(port: harness.port)
        try first.handshake("/ws")
        try first.sendText("one")
        #expect(try first.readText() == "one")
        let second = try WebSocketClient(port: harness.port)
        try second.handshake("/ws")
        #expect(second.head.hasPrefix("HTTP/1.1 503"))
        try first.send(0x8, [])
        #expect(try first.readCloseCode() == 0)
        #expect(events.waitDisconnected())
        // The slot is free again once the first session has ended (its count drops before `disconnected`
        // returns... and after: so retry the handshake until it is accepted, a bounded number of times).
        var accepted = false
        for _ in 0..<50 where !accepted {
            let third = try WebSocketClient(port: harness.port)
            try third.handshake("/ws")
            accepted = third.head.hasPrefix("HTTP/1.1 101")
        }
        #expect(accepted)
    }

    @Test func aCustomSwitchProtocolsClosureGetsTheSocketAndTheDelegateHears() throws {
        final class Delegate: HttpServerIODelegate, @unchecked Sendable {
            let lock = NSLock()
            var count = 0
            func socketConnectionReceived(_ socket: Socket) { lock.withLock { count += 1 } }
        }
        let delegate = Delegate()
        let server = HttpServer()
        server.delegate = delegate
        server["/raw"] = { _ in
            .switchProtocols(["Upgrade": "shout"]) { socket in
                // A line protocol of the app's own: answer one line upper-cased.
                do {
                    let line = try socket.readLine()
                    try socket.writeUTF8(line.uppercased() + "\n")
                } catch {
                    try? socket.writeUTF8("failed: \(error)\n")  // best effort: the test reads what came
                }
            }
        }
        let harness = try CompatHarness(server)
        defer { harness.stop() }
        let client = try harness.client()
        try client.send("GET /raw HTTP/1.1\r\nHost: a\r\n\r\nhello\n")
        let all = String(decoding: try client.readToEnd(), as: UTF8.self)
        #expect(all.hasPrefix("HTTP/1.1 101 Switching Protocols\r\n"))
        #expect(all.contains("Upgrade: shout\r\n"))
        #expect(all.hasSuffix("\r\n\r\nHELLO\n"))
        #expect(delegate.lock.withLock { delegate.count } == 1)
    }
}
