import ShortcutStubs
import Testing

@Suite("The stub index: serving order, buckets, add / replace / remove")
struct StubIndexTests {
    private func index(_ stubs: [StubMapping], maxMappings: Int = StubIndex.defaultMaxMappings) throws -> StubIndex {
        var index = StubIndex(maxMappings: maxMappings)
        for stub in stubs { try index.add(stub) }
        return index
    }

    private func body(_ match: (mapping: StubMapping, report: MatchReport)?) -> ResponseDefinition.Body? { match?.mapping.response.body }

    private func stub(_ request: String, body: String, extra: String = "") throws -> StubMapping {
        try Fixture.stub(request, response: #"{"body": "\#(body)"}"#, extra: extra)
    }

    @Test func theNewestOfEqualPrioritiesWins() throws {
        let index = try index([try stub(#""urlPath": "/a""#, body: "old"), try stub(#""urlPath": "/a""#, body: "new")])
        #expect(body(index.bestMatch(for: Fixture.request("GET", "/a"))) == .text("new"))
    }

    @Test func aLowerPriorityNumberShadowsNewerStubs() throws {
        let index = try index([
            try stub(#""urlPathPattern": "/a.*""#, body: "catch-all", extra: #""priority": 1"#),
            try stub(#""urlPath": "/a""#, body: "exact"),
        ])
        #expect(body(index.bestMatch(for: Fixture.request("GET", "/a"))) == .text("catch-all"))
    }

    @Test func aFallbackWithHighPriorityNumberAnswersWhatNothingElseDoes() throws {
        let index = try index([
            try stub(#""urlPattern": ".*""#, body: "fallback", extra: #""priority": 10"#),
            try stub(#""urlPath": "/a""#, body: "exact"),
            try stub(#""urlPathTemplate": "/users/{id}""#, body: "user"),
        ])
        #expect(body(index.bestMatch(for: Fixture.request("GET", "/a"))) == .text("exact"))
        #expect(body(index.bestMatch(for: Fixture.request("GET", "/users/7"))) == .text("user"))
        #expect(body(index.bestMatch(for: Fixture.request("GET", "/b"))) == .text("fallback"))
    }

    @Test func aURLStubIsFoundByItsPathAndMatchedWithItsQuery() throws {
        let index = try index([try stub(#""url": "/a?x=1""#, body: "one"), try stub(#""url": "/a?x=2""#, body: "two")])
        #expect(body(index.bestMatch(for: Fixture.request("GET", "/a?x=1"))) == .text("one"))
        #expect(body(index.bestMatch(for: Fixture.request("GET", "/a?x=2"))) == .text("two"))
        #expect(index.bestMatch(for: Fixture.request("GET", "/a")) == nil)
    }

    @Test func templatesAreFoundByShapeWhateverTheirFirstSegment() throws {
        let index = try index([
            try stub(#""urlPathTemplate": "/{tenant}/items""#, body: "tenant"),
            try stub(#""urlPathTemplate": "/users/{id}""#, body: "user"),
            try stub(#""urlPathTemplate": "/users/{id}/posts/{post}""#, body: "post"),
        ])
        #expect(body(index.bestMatch(for: Fixture.request("GET", "/acme/items"))) == .text("tenant"))
        #expect(body(index.bestMatch(for: Fixture.request("GET", "/users/1"))) == .text("user"))
        #expect(body(index.bestMatch(for: Fixture.request("GET", "/users/1/posts/2"))) == .text("post"))
        #expect(index.bestMatch(for: Fixture.request("GET", "/users")) == nil)
        #expect(index.bestMatch(for: Fixture.request("GET", "/users/1/posts")) == nil)
    }

    @Test func theWinnersReportIsCompleteWithPathParameters() throws {
        let index = try index([try stub(#""urlPathTemplate": "/users/{id}", "headers": {"Accept": {"contains": "json"}}"#, body: "user")])
        let match = try #require(index.bestMatch(for: Fixture.request("GET", "/users/42", headers: [("Accept", "application/json")])))
        #expect(match.report.pathParameters == ["id": "42"])
        #expect(match.report.criteria.map(\.label) == ["Method", "URL", "Header: Accept"])
    }

    @Test func eligibilityFiltersCandidates() throws {
        let gated = try stub(#""urlPath": "/a""#, body: "gated", extra: #""scenarioName": "s", "requiredScenarioState": "Started""#)
        let index = try index([try stub(#""urlPath": "/a""#, body: "plain"), gated])
        #expect(body(index.bestMatch(for: Fixture.request("GET", "/a"))) == .text("gated"))
        #expect(body(index.bestMatch(for: Fixture.request("GET", "/a")) { $0.requiredScenarioState == nil }) == .text("plain"))
    }

    @Test func tenThousandDistinctPathsExamineOneCandidate() throws {
        var index = StubIndex()
        for number in 0..<10_000 {
            try index.add(try stub(#""method": "GET", "urlPath": "/items/\#(number)""#, body: "\(number)"))
        }
        for number in 0..<200 {
            try index.add(try stub(#""urlPathTemplate": "/t\#(number)/{id}""#, body: "t\(number)"))
        }
        let exact = index.lookup(Fixture.request("GET", "/items/9876"))
        #expect(exact.match?.mapping.response.body == .text("9876"))
        #expect(exact.examined == 1)
        let template = index.lookup(Fixture.request("GET", "/t150/x"))
        #expect(template.match?.mapping.response.body == .text("t150"))
        #expect(template.examined == 1)
        #expect(index.lookup(Fixture.request("GET", "/nothing/here")).examined == 0)
    }

    @Test func regexStubsAreScannedInServingOrder() throws {
        let index = try index([
            try stub(#""urlPathPattern": "/a/.*""#, body: "a"),
            try stub(#""urlPathPattern": "/b/.*""#, body: "b"),
            try stub(#""urlPath": "/a/1""#, body: "exact", extra: #""priority": 9"#),
        ])
        let lookup = index.lookup(Fixture.request("GET", "/a/1"))
        #expect(body(lookup.match) == .text("a"))
        #expect(lookup.examined == 2)  // the newer /b/.* first, then /a/.*; the priority-9 exact stub never
    }

    @Test func addRefusesADuplicateIdInAnyCase() throws {
        var index = StubIndex()
        let uuid = "8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7"
        try index.add(try Fixture.mapping(#"{"id": "\#(uuid)"}"#))
        #expect(throws: StubIndexError.duplicateID(uuid)) { try index.add(try Fixture.mapping(#"{"id": "\#(uuid.uppercased())"}"#)) }
        #expect(index.mapping(id: uuid.uppercased())?.id == uuid)
    }

    @Test func replaceKeepsThePlaceAndMovesBuckets() throws {
        let uuid = "8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7"
        var index = try index([
            try Fixture.mapping(#"{"id": "\#(uuid)", "request": {"urlPath": "/old"}, "response": {"body": "first"}}"#),
            try stub(#""urlPath": "/new""#, body: "newer"),
        ])
        let replaced = try index.replace(
            try Fixture.mapping(#"{"id": "\#(uuid.uppercased())", "request": {"urlPath": "/new"}, "response": {"body": "edited"}}"#))
        #expect(replaced.insertionIndex == 1)
        #expect(index.bestMatch(for: Fixture.request("GET", "/old")) == nil)
        // Edited in place: still older than "newer", so "newer" keeps winning.
        #expect(body(index.bestMatch(for: Fixture.request("GET", "/new"))) == .text("newer"))
        #expect(index.count == 2)
        #expect(throws: StubIndexError.notFound("00000000-0000-0000-0000-000000000000")) {
            try index.replace(try Fixture.mapping(#"{"id": "00000000-0000-0000-0000-000000000000"}"#))
        }
    }

    @Test func removeTakesAStubOutOfItsBucket() throws {
        let removable = try stub(#""urlPathTemplate": "/u/{id}""#, body: "template")
        var index = try index([try stub(#""urlPattern": "/u/.*""#, body: "regex"), removable])
        #expect(body(index.bestMatch(for: Fixture.request("GET", "/u/1"))) == .text("template"))
        #expect(index.remove(id: removable.id.uppercased())?.id == removable.id)
        #expect(body(index.bestMatch(for: Fixture.request("GET", "/u/1"))) == .text("regex"))
        #expect(index.remove(id: removable.id) == nil)
        index.removeAll()
        #expect(index.count == 0)
        #expect(index.bestMatch(for: Fixture.request("GET", "/u/1")) == nil)
    }

    @Test func listsInServingOrder() throws {
        let first = try stub(#""urlPath": "/1""#, body: "1")
        let urgent = try stub(#""urlPath": "/2""#, body: "2", extra: #""priority": 1"#)
        let last = try stub(#""urlPath": "/3""#, body: "3")
        let index = try index([first, urgent, last])
        #expect(index.all.map(\.id) == [urgent.id, last.id, first.id])
        #expect(index.all.map(\.insertionIndex) == [2, 3, 1])
    }

    @Test func holdsAtMostTheLimit() throws {
        var index = try index([try stub(#""urlPath": "/1""#, body: "1"), try stub(#""urlPath": "/2""#, body: "2")], maxMappings: 2)
        #expect(index.count == 2)
        #expect(throws: StubIndexError.full(limit: 2)) { try index.add(try stub(#""urlPath": "/3""#, body: "3")) }
    }

    @Test func nearMissesUseServingOrder() throws {
        let index = try index([try stub(#""urlPath": "/users/1""#, body: "a"), try stub(#""urlPath": "/users/2""#, body: "b")])
        let nearMisses = index.nearMisses(for: Fixture.request("GET", "/users/3")).nearMisses
        #expect(nearMisses.map(\.mapping.response.body) == [.text("b"), .text("a")])
    }
}
