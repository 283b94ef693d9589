import ShortcutHTTP
import ShortcutJSON
import ShortcutRecords
import ShortcutRoutes
import ShortcutStubs

extension EmbeddedServer {
    /// Adds a stub: `request` answered with `response` (lower `priority` wins, then the newest).
    /// - Throws: `Stub.Failure` naming the refused field (as the admin API's 422).
    @discardableResult
    public func stub(_ request: Stub.Request, _ response: Stub.Response, priority: Int? = nil) throws -> Stub.Handle {
        guard let sequence = response.sequence else {
            var members: [(String, JSONValue)] = [("request", request.json), ("response", response.json)]
            if let priority { members.append(("priority", .number(Double(priority)))) }
            return try stub(json: JSONValue.object(members).description)
        }
        guard !sequence.isEmpty else { throw Stub.Failure(description: "responses([]) needs at least one response") }
        // One stub per answer in a scenario of its own: answer i is served in state i and moves it to i + 1;
        // the last leaves it, so it repeats.
        let scenario = "sequence " + PageID.generate()
        var ids: [String] = []
        for (index, answer) in sequence.enumerated() {
            var members: [(String, JSONValue)] = [
                ("request", request.json), ("response", answer.json), ("scenarioName", .string(scenario)),
                ("requiredScenarioState", .string(index == 0 ? StubService.startedState : "answer \(index + 1)")),
            ]
            if index + 1 < sequence.count { members.append(("newScenarioState", .string("answer \(index + 2)"))) }
            if let priority { members.append(("priority", .number(Double(priority)))) }
            do {
                ids.append(try stub(json: JSONValue.object(members).description).id)
            } catch {
                for id in ids { try? app.stubs.remove(id: id) }  // none of a refused sequence stays
                throw error
            }
        }
        return Stub.Handle(id: ids[0], rest: Array(ids.dropFirst()))
    }

    /// Adds a stub from a WireMock 3 mapping's JSON text (what `POST /__admin/mappings` takes).
    @discardableResult
    public func stub(json: String) throws -> Stub.Handle {
        let value: JSONValue
        do {
            value = try JSONParser.parse(Array(json.utf8))
        } catch {
            throw Stub.Failure(description: error.description)
        }
        do {
            return Stub.Handle(id: try app.stubs.add(value).id)
        } catch {
            throw Stub.Failure(description: error.description)
        }
    }

    /// Removes the stub `handle` added (a sequence's every stub).
    public func removeStub(_ handle: Stub.Handle) throws {
        do {
            try app.stubs.remove(id: handle.id)
            for id in handle.rest { try app.stubs.remove(id: id) }
        } catch {
            throw Stub.Failure(description: error.description)
        }
    }

    /// Removes every stub (and, with a `--stubs` folder, loads its stubs again); scenarios start over.
    public func resetStubs() { app.stubs.reset() }

    /// Every scenario back to `Started`: each `responses(_:)` sequence answers its first again.
    public func resetScenarios() { app.stubs.resetScenarios() }

    /// How many requests the journal holds that `request` matches.
    public func count(_ request: Stub.Request) throws -> Int {
        let pattern = try Self.pattern(request)
        return requests().filter { pattern.matches(StubRequestsAPI.stubRequest($0)) }.count
    }

    /// Checks that `request` was received `count` times (or at least once, when nil).
    /// - Throws: `Stub.Failure` saying how many matched and, for the closest requests received, which
    ///   criterion each failed.
    public func verify(_ request: Stub.Request, count expected: Int? = nil) throws {
        let pattern = try Self.pattern(request)
        let received = requests().filter { !$0.path.hasPrefix("/__admin/") }
        let matched = received.filter { pattern.matches(StubRequestsAPI.stubRequest($0)) }.count
        if let expected, matched == expected { return }
        if expected == nil, matched > 0 { return }
        let wanted = expected.map { "\($0)" } ?? "at least 1"
        var text = "expected \(wanted) request\(expected == 1 ? "" : "s") matching \(request.json), received \(matched)"
        let nearest = received.map { ($0, pattern.match(StubRequestsAPI.stubRequest($0))) }.filter { !$0.1.isMatch }
            .sorted { $0.1.distance < $1.1.distance }.prefix(3)
        for (entry, report) in nearest {
            text += "\n  \(entry.method) \(entry.target): "
            text += report.failures.map { "\($0.label): expected \($0.expected), got \($0.actual)" }.joined(separator: "; ")
        }
        throw Stub.Failure(description: text)
    }

    private static func pattern(_ request: Stub.Request) throws -> RequestPattern {
        do {
            return try RequestPattern.parse(request.json)
        } catch {
            throw Stub.Failure(description: error.description)
        }
    }
}
