import HTTPVocabulary
import ShortcutJSON

extension RecordSpec {
    /// Fields this subset reads, in the order refusals list them.
    static let knownFields = [
        "targetBaseUrl", "filters", "captureHeaders", "extractBodyCriteria", "persist", "repeatsAsScenarios", "outputFormat",
    ]

    /// WireMock fields refused as not supported: a recording that ignored them would not be the one asked for.
    static let refusedFields: Set<String> = ["requestBodyPattern", "transformers", "transformerParameters"]

    /// Reads a record spec (the admin API's `recordings/start` and `recordings/snapshot` bodies); errors name
    /// fields from the spec's root (`filters.urlPathPattern: ...`). `requiresTarget` for `start`, which
    /// proxies to `targetBaseUrl`; a snapshot reads what was already proxied.
    package static func parse(_ value: JSONValue, requiresTarget: Bool, limits: MappingLimits = .standard) throws(MappingError)
        -> RecordSpec
    {
        let cursor = JSONCursor(value, path: "")
        guard case .object = value else { throw cursor.fail("a record spec must be a JSON object, not \(JSONCursor.kind(value))") }
        let fields = try cursor.object(known: knownFields, refused: refusedFields)
        var spec = RecordSpec()
        if let target = fields["targetBaseUrl"] {
            spec.targetBaseUrl = try parseTarget(target)
        } else if requiresTarget {
            throw MappingError(
                path: "targetBaseUrl", reason: "required to start recording (the API to proxy to, e.g. http://localhost:8080)")
        }
        if let filters = fields["filters"] { spec.filters = try parseFilters(filters, limits: limits) }
        if let headers = fields["captureHeaders"] { spec.captureHeaders = try parseCaptureHeaders(headers) }
        if let criteria = fields["extractBodyCriteria"] { spec.extractBodyCriteria = try BodyExtractionCriteria.parse(criteria) }
        if let persist = try fields.bool("persist") { spec.persist = persist }
        if let repeats = try fields.bool("repeatsAsScenarios") { spec.repeatsAsScenarios = repeats }
        if let format = fields["outputFormat"] {
            let text = try format.string()
            // Any case: the two names cannot be confused, and `ids` from a hand-written body means IDS.
            guard let known = RecordOutputFormat(rawValue: String(decoding: text.utf8.map(asciiUppercase), as: UTF8.self)) else {
                throw format.fail("'\(text)' is not an output format (expected FULL or IDS)")
            }
            spec.outputFormat = known
        }
        return spec
    }

    private static func parseTarget(_ cursor: JSONCursor) throws(MappingError) -> String {
        let text = try cursor.string()
        // A proxy stub's rule for `proxyBaseUrl`: the recorder forwards to its target the same way.
        if let problem = ResponseDefinition.proxyBaseProblem(text) { throw cursor.fail("\(Quoted.text(text)) \(problem)") }
        return text
    }

    /// WireMock's `filters` is a request pattern plus `ids` and `allowNonProxied`: the pattern is read by
    /// `RequestPattern`'s own parser, so every matcher a stub takes works here, with the same messages.
    private static func parseFilters(_ cursor: JSONCursor, limits: MappingLimits) throws(MappingError) -> RequestPattern {
        guard case .object(let members) = cursor.value else { throw cursor.fail("must be an object, not \(JSONCursor.kind(cursor.value))") }
        var pattern: [(String, JSONValue)] = []
        for (name, value) in members {
            let member = JSONCursor(value, path: cursor.childPath(name))
            switch name {
            case "ids": throw member.fail(MappingError.notSupported)
            case "allowNonProxied":
                // Only what was proxied is recorded here: `false`, WireMock's default, asks for exactly that (and a
                // client that writes every field sends it); `true` asks for stubs this recorder never sees.
                if try member.bool() { throw member.fail(MappingError.notSupported) }
            default: pattern.append((name, value))
            }
        }
        return try RequestPattern.parse(JSONCursor(.object(pattern), path: cursor.path), limits: limits)
    }

    private static func parseCaptureHeaders(_ cursor: JSONCursor) throws(MappingError) -> [CapturedHeader] {
        var headers: [CapturedHeader] = []
        for (name, member) in try cursor.members(caseInsensitive: true) {
            if let problem = HTTPField.nameProblem(name) { throw member.fail("\(problem)") }
            let options = try member.object(known: ["caseInsensitive"])
            headers.append(CapturedHeader(name: name, caseInsensitive: try options.bool("caseInsensitive") ?? false))
        }
        return headers
    }

    private static func asciiUppercase(_ byte: UInt8) -> UInt8 { (0x61...0x7A).contains(byte) ? byte & 0xDF : byte }
}
