import Testing

@testable import ShortcutStubs

@Suite("Snapshot: repeated requests")
struct SnapshotScenarioTests {
    private typealias X = RecordingFixture

    private func answer(_ url: String, _ body: String, method: String = "GET", requestBody: String = "") -> RecordedExchange {
        X.exchange(method, url, requestBody: Array(requestBody.utf8), responseBody: Array(body.utf8))
    }

    /// Each mapping's scenario fields: name, required state, new state (nil when absent).
    private func chain(_ stubs: GeneratedStubs) -> [[String?]] {
        stubs.mappings.map { mapping in
            ["scenarioName", "requiredScenarioState", "newScenarioState"].map { field in
                guard case .string(let text)? = mapping[field] else { return nil }
                return text
            }
        }
    }

    @Test func aRequestSeenOnceIsNoScenario() throws {
        let stubs = X.snapshot([answer("/a", "1"), answer("/b", "2")])
        #expect(chain(stubs) == [[nil, nil, nil], [nil, nil, nil]])
        #expect(try X.readBack(stubs).allSatisfy { $0.scenarioName == nil })
    }

    @Test func twoRepeatsReplayInOrderThenTheLastStays() throws {
        let stubs = X.snapshot([answer("/a", "first"), answer("/a", "second")])
        #expect(
            chain(stubs) == [
                ["scenario-1-get-a", "Started", "scenario-1-get-a-2"],
                ["scenario-1-get-a", "scenario-1-get-a-2", nil],
            ])
        let read = try X.readBack(stubs)
        #expect(read.map { X.servedBytes($0, files: []) } == [Array("first".utf8), Array("second".utf8)])
        #expect(read.map(\.id) == [X.id(1), X.id(2)])
    }

    @Test func threeRepeatsChainThroughEachState() throws {
        let stubs = X.snapshot([answer("/v1/users/42", "1"), answer("/v1/users/42", "2"), answer("/v1/users/42", "3")])
        let scenario = "scenario-1-get-v1-users-42"
        #expect(
            chain(stubs) == [
                [scenario, "Started", "\(scenario)-2"],
                [scenario, "\(scenario)-2", "\(scenario)-3"],
                [scenario, "\(scenario)-3", nil],
            ])
        let read = try X.readBack(stubs)
        #expect(read.map(\.requiredScenarioState) == ["Started", "\(scenario)-2", "\(scenario)-3"])
        #expect(read.map(\.newScenarioState) == ["\(scenario)-2", "\(scenario)-3", nil])
    }

    @Test func scenariosAreNumberedInOrderOfFirstSightAndKeepTheExchangesOrder() throws {
        let stubs = X.snapshot([
            answer("/b", "b1"), answer("/once", "o"), answer("/a", "a1"), answer("/b", "b2"), answer("/a", "a2"), answer("/b", "b3"),
        ])
        #expect(
            chain(stubs) == [
                ["scenario-1-get-b", "Started", "scenario-1-get-b-2"],
                [nil, nil, nil],
                ["scenario-2-get-a", "Started", "scenario-2-get-a-2"],
                ["scenario-1-get-b", "scenario-1-get-b-2", "scenario-1-get-b-3"],
                ["scenario-2-get-a", "scenario-2-get-a-2", nil],
                ["scenario-1-get-b", "scenario-1-get-b-3", nil],
            ])
        #expect(stubs.mappings.map { $0["response"]?["body"] } == ["b1", "o", "a1", "b2", "a2", "b3"].map { .string($0) })
        _ = try X.readBack(stubs)
    }

    @Test func requestsThatDifferInAnyMatchedPartAreDistinct() throws {
        // Same name (method and path), different query, body or captured header: separate stubs, no scenario.
        let spec = try X.spec(#"{"captureHeaders": {"Accept": {}}}"#)
        let stubs = X.snapshot(
            [
                answer("/a?x=1", "1"), answer("/a?x=2", "2"), answer("/a", "3", method: "POST", requestBody: "one"),
                answer("/a", "4", method: "POST", requestBody: "two"),
                X.exchange("GET", "/h", requestHeaders: [("Accept", "text/html")]),
                X.exchange("GET", "/h", requestHeaders: [("Accept", "application/json")]),
            ], spec: spec)
        #expect(chain(stubs).allSatisfy { $0 == [nil, nil, nil] })
        #expect(stubs.mappings.count == 6)
    }

    @Test func aRequestHeaderNotCapturedDoesNotMakeItDistinct() throws {
        let stubs = X.snapshot([
            X.exchange("GET", "/a", requestHeaders: [("X-Request-Id", "1")], responseBody: Array("1".utf8)),
            X.exchange("GET", "/a", requestHeaders: [("X-Request-Id", "2")], responseBody: Array("2".utf8)),
        ])
        #expect(chain(stubs).map { $0[0] } == ["scenario-1-get-a", "scenario-1-get-a"])
    }

    @Test func withoutRepeatsAsScenariosOnlyTheFirstIsKept() throws {
        var spec = RecordSpec()
        spec.repeatsAsScenarios = false
        let stubs = X.snapshot(
            [answer("/a", "a1"), answer("/b", "b1"), answer("/a", "a2"), answer("/a", "a3"), answer("/b", "b2")], spec: spec,
            extractsBodies: true)
        #expect(chain(stubs) == [[nil, nil, nil], [nil, nil, nil]])
        #expect(stubs.files.map(\.bytes) == [Array("a1".utf8), Array("b1".utf8)])
        // Ids are drawn only for the mappings kept.
        #expect(stubs.ids == [X.id(1), X.id(2)])
        _ = try X.readBack(stubs)
    }

    @Test func filteredOutRepeatsDoNotStartAScenario() throws {
        let spec = try X.spec(#"{"filters": {"method": "GET"}}"#)
        let stubs = X.snapshot([answer("/a", "1"), answer("/a", "2", method: "POST")], spec: spec)
        #expect(chain(stubs) == [[nil, nil, nil]])
    }

    @Test func scenarioFieldsFollowWireMocksChain() {
        let middle = SnapshotGenerator.scenarioFields(scenario: "s", position: 2, count: 3)
        #expect(middle.map(\.0) == ["scenarioName", "requiredScenarioState", "newScenarioState"])
        #expect(middle.map(\.1) == [.string("s"), .string("s-2"), .string("s-3")])
        let last = SnapshotGenerator.scenarioFields(scenario: "s", position: 4, count: 4)
        #expect(last.map(\.1) == [.string("s"), .string("s-4")])
    }
}
