import Foundation
import TestSupport
import Testing

/// A store that cannot be written (issue 8, point 8) is served and listed; writes answer 503 with the
/// reason, and the server says once that play counts stay in memory. As root (who ignores mode bits) the
/// store is seen through a read-only bind mount, which needs mount(8); otherwise its folders lose their
/// write permission.
@Suite(.enabled(if: ReadOnlyView.isAvailable, "needs root with mount(8), or a user other than root"))
struct ReadOnlyStoreTests {
    @Test func theServerServesAReadOnlyStoreAndRefusesWritesWith503() throws {
        let store = try StoreFixture.storeWithGoodRecords()
        let view = try ReadOnlyView(of: store)
        let server = try ServeBinary.Server(["--store", view.url.path])
        defer { StoreFixture.ensureStopped(server) }
        func request(_ text: String) throws -> RawResponse {
            let client = try RawClient(port: server.port)
            try client.send(text)
            return try client.readResponse()
        }
        let played = try request("GET /v3/good1 HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(played.status == 200 && played.bodyText == "<p>good1</p>")
        let listed = try request("GET /api/mock HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(listed.status == 200 && listed.bodyText.contains("\"good2\""))
        #expect(try request("GET /s/short HTTP/1.1\r\nHost: localhost\r\n\r\n").status == 301)
        let stats = try request("GET /api/mock/good1/stats HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(stats.json?["totalAccess"] == .number(1), "counted in memory: \(stats.bodyText)")

        let json = #"{"content": "new"}"#
        let created = try request(
            "POST /api/mock HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: \(json.utf8.count)\r\n\r\n\(json)"
        )
        #expect(created.status == 503, "\(created.statusLine)")
        #expect(created.bodyText.contains("read-only"), "\(created.bodyText)")
        let secret = #"{"secret": "wrong"}"#
        #expect(
            try request(
                "DELETE /api/mock/good1 HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: \(secret.utf8.count)\r\n\r\n\(secret)"
            ).status == 404,
            "a wrong secret is still 404")

        let stopped = StoreFixture.stop(server)
        #expect(stopped.status == 0 && !stopped.hung)
        let lines = stopped.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") }
        #expect(lines.count == 1, "one warning, said once: \(stopped.stderr)")
        #expect(lines.first?.contains("read-only") == true && lines.first?.contains("play counts") == true, "\(stopped.stderr)")
        #expect(!stopped.stderr.contains("stats/.lock"))
        #expect(!FileManager.default.fileExists(atPath: store.path + "/stats/good1.stats.tmp"))
    }

    @Test func theCLIListsAndShowsAReadOnlyStoreAndRefusesToWriteIt() throws {
        let store = try StoreFixture.storeWithGoodRecords()
        let view = try ReadOnlyView(of: store)
        let list = try StoreFixture.run(["mock", "list", "--store", view.url.path]).run
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stderr.isEmpty, "\(list.stderr)")
        #expect(list.stdout.hasPrefix("good1\t200"))
        let show = try StoreFixture.run(["mock", "show", "good2", "--store", view.url.path]).run
        #expect(show.status == 0 && show.stdout.hasSuffix("<p>good2</p>\n"), "\(show.stderr)")
        #expect(try StoreFixture.run(["show", "short", "--html", "--store", view.url.path]).run.stdout == "<p>shortcut</p>\n")
        let file = store.path + "-page.html"
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        for command in [["mock", "add", "--file", file], ["mock", "rm", "good1"], ["rm", "short"]] {
            let refused = try StoreFixture.run(command + ["--store", view.url.path]).run
            #expect(refused.status == 1)
            #expect(refused.stderr.hasPrefix("error: the store \(view.url.path) is read-only"), "\(command): \(refused.stderr)")
        }
        #expect(try StoreFixture.run(["mock", "list", "--store", store.path]).run.stdout.contains("good1"), "nothing was removed")
    }
}
