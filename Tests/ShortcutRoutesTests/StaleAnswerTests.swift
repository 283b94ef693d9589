import Foundation
import Testing

/// `/v3/<id>` answers with the page as it is now, never an answer built from an earlier version
/// (issue 8, point 5): cached answers are keyed by the stored version, not by where its body lives.
@Suite struct StaleAnswerTests {
    @Test func anEmptyPageUpdatedByPUTIsPlayedWithItsNewStatus() throws {
        let server = try AppServer()
        defer { server.stop() }
        let created = try server.request("POST", "/api/mock", json: #"{"content": "", "status": 200, "id": "empty", "secret": "s"}"#)
        #expect(created.status == 201)
        #expect(try server.request("GET", "/v3/empty").status == 200)
        let updated = try server.request("PUT", "/api/mock/empty", json: #"{"content": "", "status": 404, "secret": "s"}"#)
        #expect(updated.status == 204)
        #expect(try server.request("GET", "/api/mock/empty").json?["status"] == .number(404))
        let played = try server.request("GET", "/v3/empty")
        #expect(played.status == 404, "played \(played.statusLine) after the PUT")
        #expect(played.body.isEmpty)
    }

    @Test func anEmptyPageDeletedAndMadeAgainIsPlayedAsMadeAgain() throws {
        let server = try AppServer()
        defer { server.stop() }
        #expect(
            try server.request("POST", "/api/mock", json: #"{"content": "", "status": 200, "id": "again", "secret": "s"}"#).status == 201)
        #expect(try server.request("GET", "/v3/again").status == 200)
        #expect(try server.request("DELETE", "/api/mock/again", json: #"{"secret": "s"}"#).status == 204)
        #expect(try server.request("GET", "/v3/again").status == 404)
        #expect(
            try server.request("POST", "/api/mock", json: #"{"content": "", "status": 201, "id": "again", "secret": "t"}"#).status == 201)
        let played = try server.request("GET", "/v3/again")
        #expect(played.status == 201, "played \(played.statusLine) after DELETE and re-create")
    }
}
