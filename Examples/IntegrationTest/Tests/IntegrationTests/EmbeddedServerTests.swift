import Foundation
import ShortcutServe
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking  // URLSession on Linux
#endif

/// What an app's integration tests do with shortcut-serve: start it in-process on a free port with a temp
/// store, add a shortcut through the typed API, fetch it over a real socket, stop it.
@Test func aShortcutAddedInCodeIsServedOverHTTP() async throws {
    let server = try EmbeddedServer.start()
    defer { server.stop() }
    let scan = try server.addShortcut(ShortcutDraft(title: "Scan", url: "myapp://scan"))

    // GET /s/<id> answers 301 to /p/<id>, which URLSession follows to the page.
    let url = try #require(URL(string: server.url("/s/\(scan.record.id)")))
    let (body, response) = try await URLSession.shared.data(from: url)
    let http = try #require(response as? HTTPURLResponse)
    #expect(http.statusCode == 200)
    #expect(http.url?.path == "/p/\(scan.record.id)")
    #expect(String(decoding: body, as: UTF8.self).contains("myapp://scan"))
}

/// What an app's UI test asserts about the app's traffic: the request journal says which requests reached
/// the server (here made by the test itself, as the app under test would make them).
@Test func theJournalShowsWhatTheAppAsked() async throws {
    let server = try EmbeddedServer.start()
    defer { server.stop() }
    let profile = try server.addMock(MockDraft(content: #"{"name":"Ada"}"#, status: 200, contentType: "application/json"))
    server.clearRequests()

    var request = URLRequest(url: try #require(URL(string: server.url("/v3/\(profile.record.id)"))))
    request.setValue("Bearer test-token", forHTTPHeaderField: "Authorization")
    let (_, response) = try await URLSession.shared.data(for: request)
    #expect((response as? HTTPURLResponse)?.statusCode == 200)

    let fetched = try await server.waitForRequests(matching: .path("/v3/\(profile.record.id)"), count: 1, timeout: .seconds(10))
    #expect(fetched.count == 1)
    #expect(fetched[0].method == "GET" && fetched[0].status == 200)
    #expect(fetched[0].header("Authorization") == "Bearer [redacted]", "sent with a token, which the journal does not keep")
    #expect(server.requests(matching: .path("/v3/legacy")).isEmpty, "it never called the legacy endpoint")
}

/// What an app's integration test does for its own API: stub `/v1/users/{id}` in Swift, let the app's
/// client (URLSession here) call it, and verify the call; a request no stub matches gets a 404 whose body
/// names the criterion that failed.
@Test func aStubAnswersTheAppsOwnPathAndTheCallIsVerified() async throws {
    let server = try EmbeddedServer.start()
    defer { server.stop() }
    try server.stub(
        .get("/v1/users/{id}").header("Accept", .contains("json")),
        .json(#"{"id": "{{request.path.id}}", "name": "Ada"}"#, status: 200, templated: true))

    var request = URLRequest(url: try #require(URL(string: server.url("/v1/users/42"))))
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    let (body, response) = try await URLSession.shared.data(for: request)
    #expect((response as? HTTPURLResponse)?.statusCode == 200)
    #expect(String(decoding: body, as: UTF8.self) == #"{"id": "42", "name": "Ada"}"#)
    try server.verify(.get("/v1/users/42"), count: 1)

    var plain = URLRequest(url: try #require(URL(string: server.url("/v1/users/7"))))
    plain.setValue("text/plain", forHTTPHeaderField: "Accept")
    let (missBody, missResponse) = try await URLSession.shared.data(for: plain)
    #expect((missResponse as? HTTPURLResponse)?.statusCode == 404)
    #expect(String(decoding: missBody, as: UTF8.self).contains("Accept"), "the near miss names the header that failed")
    #expect(throws: Stub.Failure.self) { try server.verify(.get("/v1/users/9")) }
}
