import Foundation
import ShortcutServe
import TestSupport
import XCTest

/// The embedded product from XCTest, as a suite that has not moved to Swift Testing uses it.
final class EmbeddedServerXCTests: XCTestCase {
    func testStartAddFetchStop() throws {
        let server = try EmbeddedServer.start()
        defer { server.stop() }
        let mock = try server.addMock(MockDraft(content: "from XCTest"))
        let client = try RawClient(port: server.port)
        try client.send("GET /v3/\(mock.record.id) HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let response = try client.readResponse()
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.bodyText, "from XCTest")
    }
}
