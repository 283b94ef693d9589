import Foundation
import Testing

/// What an attacker (or a careless test) can send the stub engine: a huge regex, a pathological one against a
/// long body, JSON nested past the parser's depth, a body file outside `__files/`. Each is refused or bounded
/// with its reason, and the server keeps serving.
@Suite struct StubHostileInputTests {
    @Test func aHugeRegexIsRefusedWithItsLimit() throws {
        let server = try AppServer()
        defer { server.stop() }
        let pattern = String(repeating: "a", count: 100_000)
        let refused = try server.request("POST", "/__admin/mappings", json: #"{"request": {"urlPattern": "\#(pattern)"}, "response": {}}"#)
        #expect(refused.status == 422, "\(refused.status)")
        #expect(refused.bodyText.contains("/request/urlPattern") && refused.bodyText.contains("4096"), "\(refused.bodyText.prefix(300))")
        #expect(try server.request("GET", "/s").status == 301)
    }

    @Test func aPathologicalRegexAgainstALongBodyAnswersAndTheServerServesOn() throws {
        let server = try AppServer()
        defer { server.stop() }
        let stub = #"{"request": {"method": "POST", "url": "/p", "bodyPatterns": [{"matches": "(a+)+b"}]}, "response": {"body": "never"}}"#
        #expect(try server.request("POST", "/__admin/mappings", json: stub).status == 201)
        let body = String(repeating: "a", count: 200_000)  // every prefix is a run of a: a backtracker tries them all
        let answer = try server.request("POST", "/p", json: body)
        #expect(answer.status == 404, "no backtracking: a linear scan says no")
        #expect(try server.request("GET", "/s").status == 301)
    }

    @Test func jsonNestedPastTheParsersDepthIsRefused() throws {
        let server = try AppServer()
        defer { server.stop() }
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let refused = try server.request(
            "POST", "/__admin/mappings", json: #"{"request": {"url": "/d", "bodyPatterns": [{"equalToJson": \#(deep)}]}, "response": {}}"#)
        #expect(refused.status == 400 && refused.bodyText.contains("the body is not JSON"), "\(refused.bodyText.prefix(300))")
        let nested = try server.request(
            "POST", "/__admin/mappings", json: #"{"request": {"url": "/d", "bodyPatterns": [{"equalToJson": "\#(deep)"}]}, "response": {}}"#
        )
        #expect(nested.status == 422, "the operand's own JSON is parsed with a depth limit: \(nested.bodyText.prefix(300))")
        #expect(try server.request("GET", "/s").status == 301)
    }
}
