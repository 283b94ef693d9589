import Foundation
import TestSupport
import Testing

@testable import ShortcutHTTP

/// `ServerLimits.maxPendingOutputBytes`, live: a client that pipelines requests and does not read the
/// answers gets no more answers built than the bound (and the kernel's buffers) hold.
@Suite struct ServerOutputBoundTests {
    /// Counts handler calls across the server's loops.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0  // guarded by lock

        func increment() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    static let answerBytes = 64 * 1024

    @Test func pipelinedRequestsWaitWhileTheClientDoesNotRead() throws {
        let calls = Counter()
        let body = [UInt8](repeating: 0x62, count: Self.answerBytes)
        // The default bound, 1 MiB: 16 of these answers.
        let server = try TestServer { server in
            server.GET["/big"] = { _ in
                calls.increment()
                return .ok(HTTPBody(bytes: body, contentType: "application/octet-stream"))
            }
        }
        defer { server.stop() }
        let client = try server.client(receiveBuffer: 4096)
        // 600 requests in one write (19 KB: one read of the server's). Before the bound the server built
        // all 600 answers (38 MB) before sending the first.
        let count = 600
        try client.send(String(repeating: "GET /big HTTP/1.1\r\nHost: a\r\n\r\n", count: count))
        let first = try client.readResponse()
        #expect(first.status == 200 && first.body.count == Self.answerBytes)
        // The bound (16 answers), the kernel's send and receive buffers (a few MB on loopback: about 40
        // answers) and the answer just read: far fewer than all.
        let built = calls.value
        #expect(built < count / 4, "\(built) of \(count) answers built while the client read one")
        // Reading on, every answer arrives, whole and in order.
        for index in 1..<count {
            let response = try client.readResponse()
            guard response.status == 200, response.body.count == Self.answerBytes else {
                Issue.record("answer \(index): \(response.statusLine), \(response.body.count) bytes")
                return
            }
        }
        #expect(calls.value == count)
    }

    /// Body sizes on both sides of the default bound (1 MiB) and of the attach threshold (2 KB).
    static let sizes = [10, 1_500_000, 3000, 1_048_575, 1_048_576, 1]

    @Test func answersStayInOrderAcrossTheBoundAndADelay() throws {
        let server = try TestServer { server in
            server.GET["/n/:i"] = { request in
                let index = Int(request.params["i"] ?? "") ?? 0
                let size = Self.sizes[index % 6]
                let byte = UInt8(0x41 + index % 26)
                let response = HTTPResponse.ok(HTTPBody(bytes: [UInt8](repeating: byte, count: size), contentType: "text/plain"))
                return index == 7 ? response.delayed(by: .milliseconds(50)) : response
            }
        }
        defer { server.stop() }
        let client = try server.client(receiveBuffer: 4096)
        let count = 30
        let requests = (0..<count).map { "GET /n/\($0) HTTP/1.1\r\nHost: a\r\n\($0 == count - 1 ? "Connection: close\r\n" : "")\r\n" }
        try client.send(requests.joined())
        for index in 0..<count {
            let response = try client.readResponse()
            let size = Self.sizes[index % 6]
            #expect(response.body == [UInt8](repeating: UInt8(0x41 + index % 26), count: size), "answer \(index)")
        }
        #expect(client.isClosedByServer())
    }

    @Test func theWriteTimeoutStillClosesAClientThatPipelinesAndNeverReads() throws {
        let body = [UInt8](repeating: 0x62, count: Self.answerBytes)
        let server = try ServerTimeoutTests.ClockedServer {
            $0.GET["/big"] = { _ in .ok(HTTPBody(bytes: body, contentType: "text/plain")) }
        }
        defer { server.stop() }
        let client = try server.client(receiveBuffer: 4096)
        try client.send(String(repeating: "GET /big HTTP/1.1\r\nHost: a\r\n\r\n", count: 200))
        // The answers up to the bound fill the kernel's buffers; the reader stalls past the write timeout.
        #expect(server.server.waitForConnection { $0.timeline.phase == .writing })
        server.advance(by: ServerLimits().writeTimeout)
        #expect(server.openConnections == 0)
        let received = try client.readToEnd()
        #expect(received.count < 200 * Self.answerBytes, "the server gave up on a reader that stalled")
    }

    @Test func aGracefulStopEndsAPipelineThatWaitsWithConnectionClose() throws {
        let body = [UInt8](repeating: 0x62, count: Self.answerBytes)
        let server = try TestServer { $0.GET["/big"] = { _ in .ok(HTTPBody(bytes: body, contentType: "text/plain")) } }
        let client = try server.client(receiveBuffer: 4096)
        try client.send(String(repeating: "GET /big HTTP/1.1\r\nHost: a\r\n\r\n", count: 200))
        // Once the first answer is in, the rest of the pipeline waits on this client's reading.
        var answers = [try client.readResponse()]
        let stopped = DispatchSemaphore(value: 0)
        server.server.stop { stopped.signal() }
        while answers.last?.header("Connection") != "close" {
            answers.append(try client.readResponse())
        }
        #expect(answers.count < 200, "the requests still waiting are not answered")
        #expect(answers.allSatisfy { $0.status == 200 && $0.body.count == Self.answerBytes })
        #expect(client.isClosedByServer())
        #expect(stopped.wait(timeout: .now() + 10) == .success)
    }
}
