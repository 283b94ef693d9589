import ShortcutJSON

extension StubMapping {
    static let knownFields = [
        "id", "uuid", "name", "priority", "request", "response", "persistent", "metadata", "scenarioName", "requiredScenarioState",
        "newScenarioState", "insertionIndex",
    ]

    static let refusedFields: Set<String> = ["postServeActions", "serveEventListeners"]

    /// Reads one mapping object. `path` prefixes every error's field path (`mappings[3]`).
    package static func parse(_ json: JSONValue, limits: MappingLimits = .standard, path: String = "") throws(MappingError) -> StubMapping {
        let cursor = JSONCursor(json, path: path)
        guard case .object = json else { throw cursor.fail("a stub mapping must be a JSON object, not \(JSONCursor.kind(json))") }
        let size = json.description.utf8.count
        guard size <= limits.maxMappingBytes else {
            throw cursor.fail("the mapping is \(size) bytes of JSON; the limit is \(limits.maxMappingBytes)")
        }
        let fields = try cursor.object(known: knownFields, refused: refusedFields)
        // `if let`, not `Optional.map`, whose typed throws the SDKs of macOS 13 / iOS 16 do not declare.
        var request = RequestPattern.anything
        if let given = fields["request"] { request = try RequestPattern.parse(given, limits: limits) }
        var response = ResponseDefinition.ok
        if let given = fields["response"] { response = try ResponseDefinition.parse(given, limits: limits) }
        var mapping = StubMapping(id: try parseID(fields), request: request, response: response, originalJSON: json)
        mapping.name = try fields.string("name")
        mapping.priority = try fields["priority"]?.integer(in: Int(Int32.min)...Int(Int32.max))
        mapping.persistent = try fields.bool("persistent")
        if let metadata = fields["metadata"] {
            guard case .object = metadata.value else { throw metadata.fail("must be an object, not \(JSONCursor.kind(metadata.value))") }
            mapping.metadata = metadata.value
        }
        mapping.scenarioName = try fields.string("scenarioName")
        mapping.requiredScenarioState = try fields.string("requiredScenarioState")
        mapping.newScenarioState = try fields.string("newScenarioState")
        // WireMock writes its private insertionIndex into saved files; the index assigns its own.
        _ = try fields["insertionIndex"]?.integer(in: 0...Int(Int64.max >> 11))
        return mapping
    }

    private static func parseID(_ fields: JSONObjectFields) throws(MappingError) -> String {
        var found: [String] = []
        for name in ["id", "uuid"] {
            guard let cursor = fields[name] else { continue }
            let text = try cursor.string()
            guard let id = StubID.normalised(text) else {
                throw cursor.fail("'\(text)' is not a UUID (8-4-4-4-12 hex digits)")
            }
            found.append(id)
        }
        if found.count == 2 && found[0] != found[1], let uuid = fields["uuid"] {
            throw uuid.fail("'\(found[1])' differs from id '\(found[0])' (give one, or the same UUID)")
        }
        return found.first ?? StubID.generate()
    }
}
