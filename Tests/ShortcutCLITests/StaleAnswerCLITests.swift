import Foundation
import TestSupport
import Testing

/// `/v3/<id>` of a running server answers with the page as another process left it, never an answer built
/// from an earlier version (issue 8, point 5).
@Suite struct StaleAnswerCLITests {
    /// `mock rm` then `mock add` in another process while the server runs: the server plays the new
    /// record within a second (docs/server.md). Empty bodies, then bodies of one size: on ext4 the new record
    /// usually gets the inode number the removed one had, so the inode alone cannot tell them apart.
    @Test func aRecordRemovedAndAddedAgainByTheCLIIsPlayedAsAddedAgain() throws {
        let store = ServeBinary.temporaryStore()
        let server = try ServeBinary.Server(["--store", store, "--quiet"])
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
            if round > 0 { #expect(try ServeBinary.run(["mock", "rm", "again", "--store", store]).status == 0) }
            let added = try ServeBinary.run([
                "mock", "add", "--file", file, "--status", "\(step.status)", "--id", "again", "--store", store,
            ])
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
