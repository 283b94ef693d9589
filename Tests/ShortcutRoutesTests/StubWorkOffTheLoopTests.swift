import ShortcutJSON
import ShortcutRecords
import Testing

@testable import ShortcutHTTP
@testable import ShortcutRoutes

/// Issue 47, points 6 and 7: work that grows with what a client sends is made on the server's blocking threads,
/// so a flood of it cannot hold the loops that answer other requests: a near-miss report (5,000 stubs, 4 KB
/// paths and bodies: about a second of a loop each before; how much work one is, `NearMissCandidatesTests`
/// bounds) and a template rendered over a large body (`TemplateLimits.workSteps` bounds it).
@Suite struct StubWorkOffTheLoopTests {
    @Test func theNearMissReportIsMadeOffTheLoopAndAPlain404IsNot() throws {
        let stubs = StubService()
        try stubs.add(try JSONParser.parse(Array(#"{"request": {"urlPath": "/items/1"}, "response": {}}"#.utf8)))
        let serving = StubServing(stubs: stubs, report: nil)
        let unmatched = HTTPRequest(method: .GET, target: "/items/" + String(repeating: "z", count: 4_000), headers: ["Host": "localhost"])
        let answer = serving.unmatched(unmatched)
        guard case .blocking(let make)? = answer.deferred else {
            Issue.record("the near-miss 404 is made on the loop")
            return
        }
        let report = make()
        #expect(report.status == .notFound && report.bodyText.contains("/items/1"), "\(report.bodyText.prefix(300))")

        let reserved = serving.unmatched(HTTPRequest(method: .GET, target: "/__admin/nothing", headers: ["Host": "localhost"]))
        #expect(reserved.deferred == nil && reserved.status == .notFound, "no report to make: answered at once")
    }

    @Test func aTemplateOverALargeBodyIsRenderedOffTheLoopAndASmallOneOnIt() throws {
        let stubs = StubService()
        let stub =
            #"{"request": {"urlPath": "/echo"}, "response": {"body": "{{jsonPath request.body '$.n'}}", "transformers": ["response-template"]}}"#
        try stubs.add(try JSONParser.parse(Array(stub.utf8)))
        let serving = StubServing(stubs: stubs, report: nil)
        let padding = String(repeating: " ", count: StubAnswer.offTheLoopBodyBytes)
        var large = HTTPRequest(method: .POST, target: "/echo", headers: ["Host": "localhost"], body: Array(#"{"n": 7}\#(padding)"#.utf8))
        let deferred = try #require(serving.answer(&large))
        guard case .blocking(let make)? = deferred.deferred else {
            Issue.record("a template over \(large.body.count) bytes is rendered on the loop")
            return
        }
        #expect(make().bodyText == "7")
        var small = HTTPRequest(method: .POST, target: "/echo", headers: ["Host": "localhost"], body: Array(#"{"n": 8}"#.utf8))
        let direct = try #require(serving.answer(&small))
        #expect(direct.deferred == nil && direct.bodyText == "8", "a small body costs little: rendered at once")
    }
}
