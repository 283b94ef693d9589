import ShortcutJSON

/// `shortcut-serve scenarios [reset | set NAME STATE]`: the WireMock scenarios of the server running on this
/// store (`/__admin/scenarios`): each with its state and the states its stubs name; back to `Started`; one
/// set to a state.
struct ScenariosCommand: Sendable, Equatable {
    enum Verb: Sendable, Equatable {
        case list, reset
        case set(name: String, state: String)
    }

    let verb: Verb
    let baseURL: String?
    let store: String?

    static let usage = """
        Usage: shortcut-serve scenarios [reset | set NAME STATE] [--base-url URL] [--store DIR]
          The scenarios of the server running on this store (stubs with scenarioName), through its admin API:
          (none)        each scenario, its state now and the states its stubs name
          reset         every scenario back to Started
          set NAME STATE   the scenario NAME to STATE (one its stubs name)
        """

    static func parse(_ arguments: [String]) throws(UsageError) -> ScenariosCommand {
        var reader = ArgumentReader(arguments, usage: usage)
        let baseURL = try reader.value("--base-url")
        let store = try reader.value("--store")
        let words = try reader.positionals()
        let verb: Verb
        switch (words.first, words.count) {
        case (nil, _): verb = .list
        case ("reset", 1): verb = .reset
        case ("set", 3): verb = .set(name: words[1], state: words[2])
        default: throw UsageError("scenarios \(words.joined(separator: " ")): expected one of the forms below", usage: usage)
        }
        return ScenariosCommand(verb: verb, baseURL: baseURL, store: store)
    }

    func run() throws -> String {
        let client = LocalHTTPClient(root: try StubsCommand.serverRoot(baseURL: baseURL, store: store))
        switch verb {
        case .list:
            let body = try StubsCommand.json(try StubsCommand.expect(client.get("/__admin/scenarios"), 200).body)
            guard case .array(let scenarios)? = body["scenarios"], !scenarios.isEmpty else { return "no scenarios" }
            return scenarios.map { scenario in
                let text = { (key: String) -> String in if case .string(let value)? = scenario[key] { value } else { "?" } }
                var possible: [String] = []
                if case .array(let states)? = scenario["possibleStates"] {
                    possible = states.compactMap { if case .string(let state) = $0 { state } else { nil } }
                }
                return [text("name"), text("state"), possible.joined(separator: ", ")].map(RequestsCommand.visible).joined(separator: "\t")
            }.joined(separator: "\n")
        case .reset:
            _ = try StubsCommand.expect(client.send("POST", "/__admin/scenarios/reset"), 200)
            return "every scenario is at Started"
        case .set(let name, let state):
            let path = "/__admin/scenarios/" + (name.addingPercentEncodingForPath()) + "/state"
            let body = JSONValue.object([("state", .string(state))]).description
            _ = try StubsCommand.expect(client.send("PUT", path, body: Array(body.utf8)), 200)
            return "\(RequestsCommand.visible(name)) is at \(RequestsCommand.visible(state))"
        }
    }
}

extension String {
    /// The text as one path segment: every byte but unreserved ones percent-encoded (RFC 3986 §2.3).
    fileprivate func addingPercentEncodingForPath() -> String {
        var out = ""
        for byte in utf8 {
            let isUnreserved =
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D
                || byte == 0x2E || byte == 0x5F || byte == 0x7E
            out += isUnreserved ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
        }
        return out
    }

    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: Swift.max(0, width - count)) + self }
}
