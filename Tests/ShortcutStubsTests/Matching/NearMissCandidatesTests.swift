import ShortcutJSON
import Testing

@testable import ShortcutStubs

/// Issue 47: a near-miss report weighs in full every stub while they are few (WireMock's own report), and past
/// `NearMissCandidates.exactUpTo` only the closest by a rough distance, so one unmatched request of long
/// values against thousands of stubs costs a bounded amount of work.
@Suite struct NearMissCandidatesTests {
    static func index(_ count: Int, body: String = String(repeating: "x", count: 300)) throws -> StubIndex {
        var index = StubIndex()
        for position in 0..<count {
            let json = try JSONParser.parse(
                Array(
                    #"{"request": {"method": "POST", "urlPath": "/api/items/\#(position)", "bodyPatterns": [{"equalTo": "\#(body)"}]}, "response": {}}"#
                        .utf8))
            try index.add(try StubMapping.parse(json))
        }
        return index
    }

    @Test func fewStubsAreAllWeighed() throws {
        let index = try Self.index(NearMissCandidates.exactUpTo)
        let request = StubRequest(method: "POST", target: "/nowhere", headers: [], body: [])
        #expect(NearMissCandidates.select(for: request, among: index.all).count == NearMissCandidates.exactUpTo)
    }

    @Test func manyStubsAreNarrowedToTheClosestByTheRoughDistance() throws {
        let index = try Self.index(5_000)
        let long = String(repeating: "z", count: 4_000)
        let request = StubRequest(method: "POST", target: "/api/items/4321/" + long, headers: [], body: Array(long.utf8))
        let chosen = NearMissCandidates.select(for: request, among: index.all)
        #expect(chosen.count == NearMissCandidates.candidates)
        #expect(chosen.contains { $0.request.url.summary == #"urlPath "/api/items/4321""# }, "the stub nearest by URL is weighed")
        let report = index.nearMisses(for: request)
        #expect(report.nearMisses.first?.mapping.request.url.summary == #"urlPath "/api/items/4321""#)
        #expect(report.nearMisses.count == NearMissReport.defaultCount)
    }

    @Test func theMethodCountsInTheRoughDistance() throws {
        var index = try Self.index(100)
        try index.add(
            try StubMapping.parse(
                try JSONParser.parse(Array(#"{"request": {"method": "GET", "urlPath": "/api/items/7"}, "response": {}}"#.utf8))))
        let request = StubRequest(method: "GET", target: "/api/items/7", headers: [], body: [])
        let first = NearMissCandidates.select(for: request, among: index.all).first { $0.request.method.matches("GET") }
        #expect(first != nil, "the GET stub at the same path is among the candidates")
    }
}
