import Foundation
import ShortcutHTTP
import ShortcutPlatform
import TestSupport
import Testing

/// A 101 answer with an upgrade handler hands the connection over: the head goes out as given, the server
/// stops reading, and the handler gets the socket and the bytes already read past the request.
@Suite struct ServerUpgradeTests {
    /// An upgrade handler that echoes what it reads, upper-cased, buffered bytes first, then closes.
    static let echo: UpgradeHandler = { connection in
        var input = connection.bufferedBytes
        var buffer = [UInt8](repeating: 0, count: 1024)
        while true {
            if !input.isEmpty {
                let upper = input.map { $0 >= 97 && $0 <= 122 ? $0 - 32 : $0 }
                do { try Platform.writeAll(connection.fileDescriptor, upper) } catch { break }
                input = []
            }
            let count: Int
            do { count = try Platform.read(connection.fileDescriptor, into: &buffer, upTo: buffer.count) } catch { break }
            if count == 0 { break }
            input = Array(buffer[0..<count])
        }
        connection.close()
    }

    @Test func aSwitchingProtocolsAnswerHandsTheConnectionOver() throws {
        let server = try TestServer { server in
            server.GET["/up"] = { _ in .switchingProtocols(["Upgrade": "echo", "Connection": "Upgrade"], to: ServerUpgradeTests.echo) }
            server.GET["/plain"] = { _ in .ok(.text("plain")) }
        }
        defer { server.stop() }
        let client = try server.client()
        // The upgrade request, and bytes of the new protocol right behind it in the same write.
        try client.send("GET /up HTTP/1.1\r\nHost: a\r\nUpgrade: echo\r\nConnection: Upgrade\r\n\r\nfirst bytes;")
        // Read as raw bytes: the echo may arrive in the same segment as the head.
        var received = try client.readToEndOr(count: 1)
        while !String(decoding: received, as: UTF8.self).hasSuffix("FIRST BYTES;") && received.count < 4096 {
            received += try client.readToEndOr(count: 1)
        }
        let text = String(decoding: received, as: UTF8.self)
        let parts = text.components(separatedBy: "\r\n\r\n")
        let head = parts[0].components(separatedBy: "\r\n")
        #expect(head.first == "HTTP/1.1 101 Switching Protocols")
        #expect(head.contains("Connection: Upgrade"))
        #expect(head.contains("Upgrade: echo"))
        #expect(!head.contains { $0.lowercased().hasPrefix("content-length") })
        #expect(parts.count == 2 && parts.last == "FIRST BYTES;", "the bytes behind the request reached the handler")
        var echoed: [UInt8]
        try client.send("GET /plain HTTP/1.1\r\n\r\n")
        echoed = try client.readToEndOr(count: 23)
        #expect(String(decoding: echoed, as: UTF8.self) == "GET /PLAIN HTTP/1.1\r\n\r\n", "no longer HTTP: echoed, not answered")

        // The server goes on serving others, and the upgraded connection no longer counts against it.
        let other = try server.client()
        try other.send("GET /plain HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try other.readResponse().bodyText == "plain")
        #expect(server.server.connectionsPerLoop.reduce(0, +) == 1)
    }

    /// A taken-over connection may block for its whole life (a websocket session reads until its peer goes),
    /// so each handler has a thread of its own: many sessions blocked at once do not wait for one another.
    /// On Dispatch's global queue (before) Linux's pool stopped growing at a few threads per core, the later
    /// sessions never started, and a test elsewhere in the process waiting on one timed out (CI, 2026-11-25).
    @Test func manyHandlersBlockedAtOnceAllRun() throws {
        let count = 4 * ProcessInfo.processInfo.activeProcessorCount + 16
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let server = try TestServer { server in
            server.GET["/up"] = { _ in
                .switchingProtocols(["Upgrade": "hold", "Connection": "Upgrade"]) { connection in
                    started.signal()
                    _ = release.wait(timeout: .now() + 20)  // bounded: a failing test must not leave threads behind
                    connection.close()
                }
            }
        }
        defer { server.stop() }
        var clients: [RawClient] = []
        for _ in 0..<count {
            let client = try server.client()
            try client.send("GET /up HTTP/1.1\r\nHost: a\r\nUpgrade: hold\r\nConnection: Upgrade\r\n\r\n")
            #expect(try client.readResponse(toHead: true).status == 101)
            clients.append(client)
        }
        // One deadline for all of them, as a failure bound like a read timeout: Linux's Dispatch pool added a
        // thread a second, so the 24th handler of a 2-core machine started after 21 s.
        let deadline = DispatchTime.now() + 5
        var running = 0
        while running < count, started.wait(timeout: deadline) == .success { running += 1 }
        for _ in 0..<count { release.signal() }
        #expect(running == count, "\(running) of \(count) handlers ran while the others were blocked")
        for client in clients { #expect(client.isClosedByServer()) }
    }

    @Test func aHundredAndOneWithoutAHandlerIsAnOrdinaryAnswer() throws {
        let server = try TestServer { $0.GET["/s"] = { _ in HTTPResponse(status: HTTPStatus(101), headers: ["Upgrade": "x"]) } }
        defer { server.stop() }
        let client = try server.client()
        try client.send("GET /s HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try client.readResponse(toHead: true).status == 101)
    }
}

extension RawClient {
    /// Reads until `count` bytes have come (or the server closed, or the read timed out).
    func readToEndOr(count: Int) throws -> [UInt8] {
        var all: [UInt8] = []
        while all.count < count, let chunk = try readChunk() { all += chunk }
        return all
    }
}
