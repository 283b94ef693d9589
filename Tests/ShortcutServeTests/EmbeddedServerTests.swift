import Foundation
import ShortcutServe
import TestSupport
import Testing

/// The whole product started in this process, as an integration test suite or an app starts it.
@Suite struct EmbeddedServerTests {
    @Test func startsOnAFreePortAndServesWhatTheTypedAPIAdds() throws {
        let server = try EmbeddedServer.start()
        defer { server.stop() }
        #expect(server.baseURL == "http://127.0.0.1:\(server.port)" && server.port != 0)
        let scan = try server.addShortcut(ShortcutDraft(title: "Scan", url: "myapp://scan", id: "scan"))
        #expect(scan.record.id == "scan" && !scan.secret.isEmpty)
        let mock = try server.addMock(MockDraft(content: "{\"ok\":true}", status: 202, contentType: "application/json"))

        let redirect = try Self.get("/s/scan", port: server.port)
        #expect(redirect.status == 301 && redirect.header("Location") == "/p/scan")
        #expect(try Self.get("/p/scan", port: server.port).bodyText.contains("myapp://scan"))
        let played = try Self.get("/v3/\(mock.record.id)", port: server.port)
        #expect(played.status == 202 && played.bodyText == "{\"ok\":true}")
        #expect(played.header("Content-Type") == "application/json; charset=UTF-8")
        // The API sees the same store: what the typed API added is listed over HTTP.
        #expect(try Self.get("/api/shortcuts", port: server.port).bodyText.contains("\"id\":\"scan\""))
    }

    @Test func addsALandingLinkThroughTheSameServiceAsTheAPI() throws {
        let server = try EmbeddedServer.start()
        defer { server.stop() }
        var draft = LinkDraft(title: "Spring sale", appURL: "myapp://sale", fallbackURL: "https://example.com/sale", id: "spring")
        draft.fields.appStoreID = "123456789"
        let spring = try server.addLink(draft)
        #expect(spring.stored.path == "/open/spring" && !spring.secret.isEmpty)
        let page = server.respond(to: HTTPRequest(method: .GET, target: spring.stored.path, headers: ["Host": "localhost"]))
        #expect(page.status == .ok)
        #expect(page.bodyText.contains(#"content="app-id=123456789, app-argument=myapp://sale""#))
        // The API lists it, and the mock list does not.
        #expect(try Self.get("/api/links", port: server.port).bodyText.contains(#""id":"spring""#))
        #expect(try Self.get("/api/mock", port: server.port).bodyText == "[]")
        #expect {
            try server.addLink(LinkDraft(title: "T", appURL: "javascript:alert(1)", fallbackURL: "https://e.com/"))
        } throws: { error in
            guard case ServiceError.invalid(let problems) = error else { return false }
            return problems.map(\.code) == ["error.scheme"]
        }
        try server.links.delete("spring", by: .owner)
        #expect(server.links.list().isEmpty)
    }

    /// After `stop()` the add methods say so, rather than a file error about the removed temp store.
    @Test func addingAfterStopSaysTheServerStopped() throws {
        let server = try EmbeddedServer.start()
        server.stop()
        for add in [
            { _ = try server.addShortcut(ShortcutDraft(title: "Late", url: "app://late")) },
            { _ = try server.addMock(MockDraft(content: "late")) },
            { _ = try server.addLink(LinkDraft(title: "Late", appURL: "app://late", fallbackURL: "https://example.com/")) },
        ]
            as [() throws -> Void]
        {
            do {
                try add()
                Issue.record("added to a stopped server")
            } catch {
                #expect("\(error)" == "the server was stopped: start a new one to add records")
            }
        }
    }

    @Test func stopFreesThePortAndRemovesTheTempStoreButKeepsAGivenOne() throws {
        let temp = try EmbeddedServer.start()
        let port = temp.port
        temp.stop()
        #expect(!FileManager.default.fileExists(atPath: temp.storeDirectory.path))
        #expect(PortRebind.thisProcessHasClosed(port: port))
        temp.stop()  // a second stop does nothing

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ss-embedded-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try EmbeddedServer.start(store: folder)
        try first.addMock(MockDraft(content: "kept", id: "kept"))
        first.stop()
        let second = try EmbeddedServer.start(store: folder)
        defer { second.stop() }
        #expect(try Self.get("/v3/kept", port: second.port).bodyText == "kept")
    }

    @Test func answersARequestValueWithNoSocket() throws {
        let server = try EmbeddedServer.start()
        defer { server.stop() }
        try server.addShortcut(ShortcutDraft(title: "Scan", url: "myapp://scan", id: "scan"))
        let response = server.respond(to: HTTPRequest(method: .GET, target: "/s/scan", headers: ["Host": "localhost"]))
        #expect(response.status == .movedPermanently && response.headers["Location"] == "/p/scan")
    }

    @Test func typedErrorsSayWhichFieldWasRefused() throws {
        let server = try EmbeddedServer.start()
        defer { server.stop() }
        do {
            try server.addShortcut(ShortcutDraft(title: "", url: "javascript:x"))
            Issue.record("added")
        } catch .invalid(let problems) {
            #expect(problems.map(\.field) == ["title"])
        } catch {
            Issue.record("\(error)")
        }
    }

    /// One request on a fresh connection.
    static func get(_ path: String, port: UInt16) throws -> RawResponse {
        let client = try RawClient(port: port)
        try client.send("GET \(path) HTTP/1.1\r\nHost: localhost\r\n\r\n")
        return try client.readResponse()
    }
}

/// Issue 27: the request journal through the embedding API, as an app's integration test asserts what the
/// app asked.
@Suite struct EmbeddedServerJournalTests {
    @Test func requestsListsWhatWasAskedAndWaitForRequestsAnswersOnTheNth() async throws {
        let server = try EmbeddedServer.start()
        defer { server.stop() }
        let mock = try server.addMock(MockDraft(content: "{}", status: 200, contentType: "application/json"))
        _ = try EmbeddedServerTests.get("/v3/\(mock.record.id)", port: server.port)
        let seen = server.requests(matching: .path("/v3/"))
        #expect(seen.count == 1 && seen.first?.route == "/v3/:id" && seen.first?.status == 200)
        #expect(seen.first?.responseType == "application/json; charset=UTF-8")

        server.clearRequests()
        #expect(server.requests().isEmpty)
        // Two plays from a thread of their own (not a task: the concurrency pool may be busy with blocking
        // tests); the wait answers on the second, without polling.
        let port = server.port
        let id = mock.record.id
        Thread {
            for _ in 0..<2 { _ = try? EmbeddedServerTests.get("/v3/\(id)", port: port) }
        }.start()
        let found = try await server.waitForRequests(matching: .path("/v3/\(id)"), count: 2, timeout: .seconds(30))
        #expect(found.count == 2 && found.allSatisfy { $0.path == "/v3/\(id)" })
        #expect(found[0].sequence < found[1].sequence)

        await #expect(throws: EmbeddedServer.RequestsTimedOut.self) {
            try await server.waitForRequests(matching: .path("/v3/legacy"), timeout: .milliseconds(100))
        }
    }

    @Test func withTheJournalOffThereIsNothingToReadOrWaitFor() async throws {
        var options = ServerConfiguration()
        options.journal = RequestJournal.Settings(maxEntries: 0)
        let server = try EmbeddedServer.start(options: options)
        defer { server.stop() }
        _ = try EmbeddedServerTests.get("/s", port: server.port)
        #expect(server.requests().isEmpty)
        await #expect(throws: EmbeddedServer.JournalUnavailable.self) { try await server.waitForRequests(timeout: .zero) }
    }
}
