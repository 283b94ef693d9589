import ShortcutJSON

/// WireMock's global settings (`GET`/`POST /__admin/settings`): a delay every stub answer waits, on top of
/// nothing else — a stub's own `fixedDelayMilliseconds` / `delayDistribution` take the place of the global
/// one, as in WireMock — and `extended`, kept for the tools that read it back.
package struct GlobalSettings: Sendable, Equatable {
    /// `fixedDelay` (ms).
    package var fixedDelay: Int?
    /// `delayDistribution`.
    package var delayDistribution: DelayDistribution?
    /// `extended`, an object kept as given.
    package var extended: JSONValue?

    /// No global delay.
    package static let none = GlobalSettings()

    package init(fixedDelay: Int? = nil, delayDistribution: DelayDistribution? = nil, extended: JSONValue? = nil) {
        self.fixedDelay = fixedDelay
        self.delayDistribution = delayDistribution
        self.extended = extended
    }

    static let knownFields = ["fixedDelay", "delayDistribution", "extended", "proxyPassThrough"]

    /// Reads a settings document (`{"fixedDelay": 500}`; a `{"settings": {…}}` wrapper is read too, as
    /// `GET` writes it).
    package static func parse(_ value: JSONValue, limits: MappingLimits = .standard) throws(MappingError) -> GlobalSettings {
        var cursor = JSONCursor(value, path: "")
        if case .object(let members) = value, members.count == 1, members[0].0 == "settings" {
            cursor = JSONCursor(members[0].1, path: "settings")
        }
        let fields = try cursor.object(known: knownFields)
        var settings = GlobalSettings()
        if let delay = fields["fixedDelay"], delay.value != .null {
            settings.fixedDelay = try delay.integer(in: 0...limits.maxFixedDelayMilliseconds)
        }
        if let distribution = fields["delayDistribution"], distribution.value != .null {
            settings.delayDistribution = try DelayDistribution.parse(distribution, maxMilliseconds: limits.maxFixedDelayMilliseconds)
        }
        if let extended = fields["extended"], extended.value != .null {
            guard case .object = extended.value else { throw extended.fail("must be an object, not \(JSONCursor.kind(extended.value))") }
            settings.extended = extended.value
        }
        // WireMock's default; turning pass-through off (proxy stubs answering without their upstream) is not built.
        if let passThrough = fields["proxyPassThrough"], try !passThrough.bool() { throw passThrough.fail(MappingError.notSupported) }
        return settings
    }

    /// `{"settings": {…}}` as `GET /__admin/settings` answers.
    package var jsonValue: JSONValue {
        var members: [(String, JSONValue)] = []
        if let fixedDelay { members.append(("fixedDelay", .number(Double(fixedDelay)))) }
        if let delayDistribution {
            members.append(
                (
                    "delayDistribution",
                    .object([("type", .string(delayDistribution.typeName))] + delayDistribution.jsonFields.map { ($0.0, .number($0.1)) })
                ))
        }
        members.append(("proxyPassThrough", .bool(true)))
        if let extended { members.append(("extended", extended)) }
        return .object([("settings", .object(members))])
    }

    /// The delay for an answer, in ms, at most `limit`: the response's own fixed delay and distribution, each
    /// in place of the global one when given.
    package func delayMilliseconds<Generator: RandomNumberGenerator>(
        for response: ResponseDefinition, limit: Int, using generator: inout Generator
    ) -> Int {
        let fixed = response.fixedDelayMilliseconds ?? fixedDelay ?? 0
        let random = (response.delayDistribution ?? delayDistribution)?.sampleMilliseconds(limit: limit, using: &generator) ?? 0
        return min(fixed + random, limit)
    }
}
