import Foundation
import ShortcutServe
import Testing

/// A byte the writer cannot send never gets into the store, whichever way in: the HTTP API answers 422
/// and the command line exits 1 (ContentRefusalCLITests), each naming the byte (once, the command line stored
/// a 0x01 in a content type and every play of the page was answered 500).
@Suite struct FieldValidityTests {
    @Test func theAPIRefusesAControlByteWith422NamingIt() throws {
        let server = try AppServer()
        defer { server.stop() }
        for (json, field) in [
            (#"{"content_type": "text/html\u0001"}"#, ".content_type"), (#"{"charset": "a\u0001"}"#, ".charset"),
            (#"{"headers": {"X-A": "a\u007Fb"}}"#, ".headers"),
        ] {
            let refused = try server.request("POST", "/api/mock", json: json)
            #expect(refused.status == 422, "\(json)")
            #expect(refused.json?["errors"]?[field]?.stringValue == "error.invalid", "\(refused.bodyText)")
            #expect(refused.json?["reasons"]?[field]?.stringValue?.contains("at offset") == true, "\(refused.bodyText)")
        }
    }
}
