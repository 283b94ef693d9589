import Foundation
import ShortcutServe
import Testing

/// Issue 48, point 8: a near miss read back from the journal says a body the journal did not keep is not kept
/// (it said "got (empty)" for a request that had a body); with `--journal-bodies` it shows the body.
@Suite struct NearMissBodyNotKeptTests {
    static let stub =
        #"{"request": {"method": "POST", "url": "/v1/orders", "bodyPatterns": [{"matchesJsonPath": "$.items"}]}, "response": {}}"#

    static func bodyCriterion(_ server: AppServer) throws -> String {
        #expect(try server.request("POST", "/__admin/mappings", json: stub).status == 201)
        #expect(try server.request("POST", "/v1/orders", json: #"{"item": 1}"#).status == 404)
        let misses = try server.request("GET", "/__admin/requests/unmatched/near-misses")
        return misses.bodyText
    }

    @Test func aBodyTheJournalDidNotKeepIsSaidAsSuch() throws {
        let server = try AppServer()
        defer { server.stop() }
        let text = try Self.bodyCriterion(server)
        #expect(text.contains("not kept: the request journal keeps bodies only with --journal-bodies N"), "\(text)")
        #expect(!text.contains("(empty)"), "\(text)")
    }

    @Test func aBodyTheJournalKeptIsShown() throws {
        var options = ServerConfiguration()
        options.journal.bodyBytes = 1_000
        let server = try AppServer(options: options)
        defer { server.stop() }
        let text = try Self.bodyCriterion(server)
        #expect(text.contains(#"{\"item\": 1}"#) && !text.contains("not kept"), "\(text)")
    }
}
