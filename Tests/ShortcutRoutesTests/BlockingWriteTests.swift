import Foundation
import ShortcutHTTP
import ShortcutServe
import TestSupport
import Testing

/// Issue 25: a store write waits for the store's cross-process locks and `fsync`s; it runs on the server's
/// blocking threads, so the event loop answers other connections meanwhile. Proven with the locks held by
/// this test (as the CLI or a second server holds them) on a server with one event loop: before, `GET /s`
/// waited behind the write until the read timed out.
@Suite struct BlockingWriteTests {
    @Test func aWriteWaitingForTheStoreLockHoldsNoLoop() throws {
        var options = ServerConfiguration()
        let directory = AppServer.temporaryStore()
        options.storePath = directory.path
        let app = try ShortcutApp(options: options)
        let server = HTTPServer(loopCount: 1)
        try app.install(on: server)
        let port = try server.start(0).port
        app.didStart(at: try #require(server.address))
        defer {
            server.stopAndWait()
            app.close()
            try? FileManager.default.removeItem(at: directory)
        }
        // Every stripe of the store's record locks, held as another process would hold one.
        let held = try (0..<16).map { stripe -> Int32 in
            let fd = open(directory.path + "/locks/stripe-\(stripe)", O_RDWR)
            guard fd >= 0, flock(fd, LOCK_EX) == 0 else { throw RawClient.Failure(description: "cannot lock stripe \(stripe)") }
            return fd
        }
        var released = false
        func release() {
            guard !released else { return }
            released = true
            for fd in held { close(fd) }
        }
        defer { release() }

        let writer = try RawClient(port: port, timeout: 15)
        let body = #"{"status": 200, "content": "hello"}"#
        try writer.send(
            "POST /api/mock HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        )
        // The write is waiting for the lock (its answer has not come); the loop answers another client.
        let reader = try RawClient(port: port)
        for path in ["/s", "/api/mock", "/p/demo"] {
            try reader.send("GET \(path) HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(try reader.readResponse().status / 100 != 5, "GET \(path) answered while the write waits")
        }
        #expect(writer.hasNothingToRead, "the write was still waiting for the lock")
        release()
        let created = try writer.readResponse()
        #expect(created.status == 201, "\(created.bodyText)")
    }
}
