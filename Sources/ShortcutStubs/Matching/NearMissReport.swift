/// What to tell the client of a request no stub matched: the stubs that came closest, by WireMock's
/// distance, each with its per-criterion report. Rendered as WireMock's plain-text diff table (for curl)
/// and as its near-miss JSON.
package struct NearMissReport: Sendable {
    /// One stub and how the request fared against it.
    package struct NearMiss: Sendable {
        /// The stub.
        package var mapping: StubMapping
        /// The request against its pattern, every criterion evaluated.
        package var report: MatchReport
    }

    /// WireMock's `NEAR_MISS_COUNT`.
    package static let defaultCount = 3

    /// The unmatched request.
    package let request: StubRequest
    /// The closest stubs, closest first (ties keep the order the stubs were given in).
    package let nearMisses: [NearMiss]

    /// The `count` stubs closest to `request`. Give `stubs` in serving order (`StubIndex.all`), as WireMock does,
    /// so equal distances list the stub that would have been served first.
    /// `scenarioState` gives a scenario's current state: a stub whose required state is another gets a
    /// `Scenario` row that says both (its other criteria may all match: the state is why it did not answer).
    package init(
        request: StubRequest, stubs: some Sequence<StubMapping>, count: Int = NearMissReport.defaultCount,
        scenarioState: ((String) -> String)? = nil
    ) {
        self.request = request
        let context = MatchContext(request)
        var closest: [NearMiss] = []
        guard count > 0 else {
            nearMisses = []
            return
        }
        for mapping in stubs {
            var report = mapping.request.match(in: context, stopAtFirstFailure: false)
            if let scenarioState, let name = mapping.scenarioName, let required = mapping.requiredScenarioState {
                let state = scenarioState(name)
                report.criteria.append(
                    CriterionResult(
                        part: .scenario, label: "Scenario", matched: state == required,
                        expected: "\(Quoted.text(name)) in state \(Quoted.text(required))", actual: "state \(Quoted.text(state))",
                        distance: state == required ? 0 : 1))
                report.isMatch = report.isMatch && state == required
            }
            if closest.count == count, let last = closest.last, last.report.distance <= report.distance { continue }
            // Insert after every entry at least as close: a stable order for ties.
            let position = closest.firstIndex { $0.report.distance > report.distance } ?? closest.endIndex
            closest.insert(NearMiss(mapping: mapping, report: report), at: position)
            if closest.count > count { closest.removeLast() }
        }
        nearMisses = closest
    }
}
