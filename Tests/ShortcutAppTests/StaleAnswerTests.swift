import Foundation
import TestSupport
import Testing

@testable import ShortcutCLI
@testable import ShortcutRoutes
@testable import ShortcutServe

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

    /// `mock rm` then `mock add` in another process while the server runs: the server plays the new
    /// record within a second (docs/server.md). Empty bodies, then bodies of one size: on ext4 the new record
    /// usually gets the inode number the removed one had, so the inode alone cannot tell them apart.
    @Test func aRecordRemovedAndAddedAgainByTheCLIIsPlayedAsAddedAgain() throws {
        let store = CLITests.temporaryStore()
        let server = try CLITests.Server(["--store", store, "--quiet"])
        defer { StoreFixture.ensureStopped(server) }
        let empty = store + "-empty.html"
        try Data().write(to: URL(fileURLWithPath: empty))
        let rounds: [(file: String?, content: String, status: Int)] = [
            (nil, "", 200), (nil, "", 203), (nil, "", 200), ("one", "one", 200), ("two", "two", 203), ("one", "one", 202),
        ]
        for (round, step) in rounds.enumerated() {
            var file = empty
            if let name = step.file {
                file = store + "-\(name).html"
                try Data(step.content.utf8).write(to: URL(fileURLWithPath: file))
            }
            if round > 0 { #expect(try CLITests.run(["mock", "rm", "again", "--store", store]).status == 0) }
            let added = try CLITests.run(["mock", "add", "--file", file, "--status", "\(step.status)", "--id", "again", "--store", store])
            #expect(added.status == 0, "\(added.stderr)")
            // docs/server.md promises "within a second"; two more allow for a loaded machine (the old code
            // served the stale answer for good).
            let deadline = secondsNow() + 3
            var played: RawResponse?
            repeat {
                let client = try RawClient(port: server.port)
                try client.send("GET /v3/again HTTP/1.1\r\nHost: localhost\r\n\r\n")
                played = try client.readResponse()
            } while (played?.status != step.status || played?.bodyText != step.content) && secondsNow() < deadline
            #expect(played?.status == step.status, "round \(round): played \(played?.statusLine ?? "nothing")")
            #expect(played?.bodyText == step.content, "round \(round)")
        }
    }
}
