import ShortcutServe
import Testing

/// README's example of the library product, as written there: it must keep compiling and passing.
@Suite struct ReadmeExampleTests {
    @Test func theShortcutOpensMyApp() throws {
        let server = try EmbeddedServer.start()  // 127.0.0.1, a free port, a temp store
        defer { server.stop() }  // waits until the port is free; removes the temp store
        let scan = try server.addShortcut(ShortcutDraft(title: "Scan", url: "myapp://scan"))
        try server.addMock(MockDraft(content: #"{"ok":true}"#, contentType: "application/json", id: "ok"))
        let page = server.respond(to: HTTPRequest(method: .GET, target: "/p/\(scan.record.id)"))
        #expect(page.status == .ok && page.bodyText.contains("myapp://scan"))
    }
}
