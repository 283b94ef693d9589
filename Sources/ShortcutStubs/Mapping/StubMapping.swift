import ShortcutJSON

/// One WireMock stub mapping: a request pattern, the response to send, and how it ranks against other
/// stubs (lower `priority` first, 5 when absent; among equals the newest first, by `insertionIndex`).
///
/// Made only by parsing WireMock JSON (`parse`), which keeps the JSON as given so `jsonValue` writes the
/// mapping back the way its author wrote it, with `id` and `uuid` set.
package struct StubMapping: Sendable {
    /// WireMock's default priority.
    package static let defaultPriority = 5

    /// The id: a lowercase UUID (given as `id` or `uuid` in any case, or generated).
    package let id: String
    /// `name`.
    package var name: String?
    /// `priority` as given.
    package var priority: Int?
    /// What a request must look like.
    package var request: RequestPattern
    /// What to answer.
    package var response: ResponseDefinition
    /// `persistent`.
    package var persistent: Bool?
    /// `metadata`, kept as given (an object).
    package var metadata: JSONValue?
    /// `scenarioName` (scenarios are implemented elsewhere; kept here).
    package var scenarioName: String?
    /// `requiredScenarioState`.
    package var requiredScenarioState: String?
    /// `newScenarioState`.
    package var newScenarioState: String?
    /// The order it was added in, set by `StubIndex` (newer is higher); among equal priorities the newest wins.
    package var insertionIndex: UInt64 = 0
    /// The mapping's JSON object as it was given.
    package let originalJSON: JSONValue

    /// `priority`, or 5.
    package var effectivePriority: Int { priority ?? StubMapping.defaultPriority }

    /// The mapping as WireMock JSON for `GET /__admin/mappings`: the JSON as given, with `id` and `uuid` first
    /// and both set to `id` (and WireMock's private `insertionIndex` left out).
    package var jsonValue: JSONValue {
        guard case .object(let members) = originalJSON else { return originalJSON }
        let dropped: Set<String> = ["id", "uuid", "insertionIndex"]
        return .object([("id", .string(id)), ("uuid", .string(id))] + members.filter { !dropped.contains($0.0) })
    }

    /// Whether `self` is served before `other`: lower priority number first, then the newer.
    package func ranksBefore(_ other: StubMapping) -> Bool {
        if effectivePriority != other.effectivePriority { return effectivePriority < other.effectivePriority }
        return insertionIndex > other.insertionIndex
    }

    init(id: String, request: RequestPattern, response: ResponseDefinition, originalJSON: JSONValue) {
        self.id = id
        self.request = request
        self.response = response
        self.originalJSON = originalJSON
    }
}
