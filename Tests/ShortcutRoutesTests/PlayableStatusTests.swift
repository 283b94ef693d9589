import Foundation
import ShortcutServe
import Testing

@testable import ShortcutRecords

/// A stored page is played as the final answer to a request, so its status must be one: no 1xx, and no
/// content with 204, 205 or 304. Refused with 422 on POST and PUT, refused by the CLI (ContentRefusalCLITests), and a record written
/// before the rule is answered 500 rather than played as an interim answer that leaves the client waiting.
@Suite struct PlayableStatusTests {
    @Test(arguments: [100, 101, 102, 103, 150, 199])
    func interimStatusesAreRefusedAtCreation(status: Int) throws {
        let server = try AppServer()
        defer { server.stop() }
        let refused = try server.request("POST", "/api/mock", json: #"{"status": \#(status), "content": "x"}"#)
        #expect(refused.status == 422)
        #expect(refused.json?["errors"]?[".status"]?.stringValue == "error.min", "\(refused.bodyText)")
        #expect(refused.json?["reasons"]?[".status"]?.stringValue?.contains("status \(status) is an interim (1xx) answer") == true)
        #expect(try server.request("GET", "/api/mock").json == .array([]), "nothing was stored")
    }

    @Test func interimStatusesAreRefusedOnPutAndTheStoredPageStays() throws {
        let server = try AppServer()
        defer { server.stop() }
        let id = try #require(
            try server.request("POST", "/api/mock", json: #"{"status": 200, "content": "kept", "secret": "k"}"#).json?["id"]?.stringValue)
        let refused = try server.request("PUT", "/api/mock/\(id)", json: #"{"status": 101, "content": "x", "secret": "k"}"#)
        #expect(refused.status == 422)
        #expect(refused.json?["errors"]?[".status"]?.stringValue == "error.min")
        let played = try server.request("GET", "/v3/\(id)")
        #expect(played.status == 200 && played.bodyText == "kept")
    }

    @Test(arguments: [204, 205, 304])
    func statusesWithoutContentRefuseContent(status: Int) throws {
        let server = try AppServer()
        defer { server.stop() }
        let refused = try server.request("POST", "/api/mock", json: #"{"status": \#(status), "content": "body"}"#)
        #expect(refused.status == 422)
        #expect(refused.json?["errors"]?[".content"]?.stringValue == "error.invalid", "\(refused.bodyText)")
        #expect(refused.json?["reasons"]?[".content"]?.stringValue == "status \(status) has no content; content must be empty, not 4 bytes")
        let empty = try server.request("POST", "/api/mock", json: #"{"status": \#(status), "content": "", "secret": "k"}"#)
        #expect(empty.status == 201)
        let id = try #require(empty.json?["id"]?.stringValue)
        let put = try server.request("PUT", "/api/mock/\(id)", json: #"{"status": \#(status), "content": "late body", "secret": "k"}"#)
        #expect(put.status == 422)
        #expect(put.json?["errors"]?[".content"]?.stringValue == "error.invalid")
    }

    @Test func aStoredInterimStatusIsAnswered500AndTheNextPipelinedAnswerIsItsOwn() throws {
        let server = try AppServer()
        defer { server.stop() }
        // As an older version (or another writer) may have stored it: the store itself accepts 100–999.
        _ = try server.app.records.store.create(StoredPage(id: "legacy", status: 101, body: Array("old".utf8)))
        _ = try server.app.records.store.create(StoredPage(id: "fine", status: 200, body: Array("fine".utf8)))
        let client = try server.client()
        try client.send("GET /v3/legacy HTTP/1.1\r\nHost: localhost\r\n\r\nGET /v3/fine HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let first = try client.readResponse()
        #expect(first.status == 500, "\(first.statusLine)")
        #expect(
            first.bodyText
                == "stored page 'legacy' cannot be played: status 101 is an interim (1xx) answer and a stored page is played as the final one; use 200–999 (replace it with PUT /api/mock/legacy)\n"
        )
        let second = try client.readResponse()
        #expect(second.status == 200 && second.bodyText == "fine")
    }
}
