import ShortcutHTTP
import TestSupport
import Testing

/// A handler's header field that may not be sent (RFC 9112 §2.2: no response splitting) is refused with one
/// 500 and one reason, on the wire and in process alike (`Responder.refusal(invalidField:)`).
@Suite struct InvalidResponseFieldTests {
    static func install(_ server: HTTPServer) {
        server.GET["/bad"] = { _ in .raw(200, ["X-Bad": "a\u{1}b"], Array("never sent".utf8)) }
    }

    @Test func aControlByteInAFieldIsRefusedOnTheWire() throws {
        let server = try TestServer { Self.install($0) }
        defer { server.stop() }
        let client = try server.client()
        try client.send("GET /bad HTTP/1.1\r\nHost: a\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 500)
        #expect(response.bodyText.contains("header field 'X-Bad' holds a byte no field may carry"), "\(response.bodyText)")
        #expect(!response.bodyText.contains("never sent"))
    }

    @Test func andInProcessTheSame() {
        let server = HTTPServer()
        Self.install(server)
        let response = server.respond(to: HTTPRequest(method: .GET, target: "/bad", headers: ["Host": "a"]))
        #expect(response.status.code == 500)
        #expect(String(decoding: response.body, as: UTF8.self).contains("header field 'X-Bad' holds a byte no field may carry"))
    }
}
