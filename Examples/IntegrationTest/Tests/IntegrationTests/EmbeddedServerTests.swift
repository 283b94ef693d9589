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
