import ShortcutStubs
import Testing

@Suite("Stub mappings: ids, priority, serialising")
struct StubMappingTests {
    private let uuid = "8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7"

    @Test(arguments: ["id", "uuid"])
    func idIsReadFromIdOrUuid(field: String) throws {
        #expect(try Fixture.mapping(#"{"\#(field)": "\#(uuid)"}"#).id == uuid)
    }

    @Test func idsAreComparedCaseInsensitively() throws {
        let upper = try Fixture.mapping(#"{"id": "\#(uuid.uppercased())"}"#)
        #expect(upper.id == uuid)
        #expect(try Fixture.mapping(#"{"id": "\#(uuid.uppercased())", "uuid": "\#(uuid)"}"#).id == uuid)
    }

    @Test func aMissingIdIsGenerated() throws {
        let first = try Fixture.mapping("{}")
        let second = try Fixture.mapping("{}")
        #expect(StubID.normalised(first.id) == first.id)
        #expect(first.id != second.id)
        let version = first.id[first.id.index(first.id.startIndex, offsetBy: 14)]
        #expect(version == "4")
    }

    @Test(arguments: [
        (#"{"id": "not-a-uuid"}"#, "id: 'not-a-uuid' is not a UUID (8-4-4-4-12 hex digits)"),
        (#"{"uuid": 3}"#, "uuid: must be a string, not a number"),
        (
            #"{"id": "8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7", "uuid": "00000000-0000-0000-0000-000000000000"}"#,
            "uuid: '00000000-0000-0000-0000-000000000000' differs from id '8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7' "
                + "(give one, or the same UUID)"
        ),
        (#"{"priority": 1.5}"#, "priority: must be a whole number, not a number"),
        (#"{"postServeActions": []}"#, "postServeActions: not supported by shortcut-serve (see docs/stubs.md)"),
        (#"{"serveEventListeners": []}"#, "serveEventListeners: not supported by shortcut-serve (see docs/stubs.md)"),
        (
            #"{"reqest": {}}"#,
            "reqest: unknown field (expected one of id, uuid, name, priority, request, response, persistent, metadata, scenarioName, "
                + "requiredScenarioState, newScenarioState, insertionIndex)"
        ),
        (#"{"metadata": "x"}"#, "metadata: must be an object, not a string"),
        (#"{"persistent": "yes"}"#, "persistent: must be true or false, not a string"),
        (#"{"name": "a", "name": "b"}"#, "name: given twice"),
        (#"[]"#, "a stub mapping must be a JSON object, not an array"),
    ])
    func refuses(json: String, message: String) throws {
        #expect(try Fixture.refusal(json) == message)
    }

    @Test func priorityDefaultsToFive() throws {
        #expect(try Fixture.mapping("{}").effectivePriority == 5)
        #expect(try Fixture.mapping(#"{"priority": 1}"#).effectivePriority == 1)
    }

    @Test func lowerPriorityThenNewestRanksFirst() throws {
        var urgent = try Fixture.mapping(#"{"priority": 1}"#)
        var older = try Fixture.mapping("{}")
        var newer = try Fixture.mapping("{}")
        urgent.insertionIndex = 1
        older.insertionIndex = 2
        newer.insertionIndex = 3
        #expect(urgent.ranksBefore(newer))
        #expect(newer.ranksBefore(older))
        #expect(!older.ranksBefore(newer))
    }

    @Test func keepsMetadataScenarioAndName() throws {
        let mapping = try Fixture.mapping(
            #"{"name": "Get user", "persistent": true, "metadata": {"tags": ["a"]}, "scenarioName": "To do list", "#
                + #""requiredScenarioState": "Started", "newScenarioState": "Item added"}"#
        )
        #expect(mapping.name == "Get user")
        #expect(mapping.persistent == true)
        #expect(mapping.metadata == .object([("tags", .array([.string("a")]))]))
        #expect(mapping.scenarioName == "To do list")
        #expect(mapping.requiredScenarioState == "Started")
        #expect(mapping.newScenarioState == "Item added")
    }

    @Test func serialisesAsGivenWithIdAndUuidFirst() throws {
        let mapping = try Fixture.mapping(
            #"{"uuid": "\#(uuid.uppercased())", "insertionIndex": 7, "#
                + #""request": {"urlPath": "/a", "method": "GET"}, "response": {"status": 201}, "priority": 2}"#
        )
        let expected = try Fixture.json(
            #"{"id": "\#(uuid)", "uuid": "\#(uuid)", "#
                + #""request": {"urlPath": "/a", "method": "GET"}, "response": {"status": 201}, "priority": 2}"#
        )
        #expect(mapping.jsonValue == expected)
        let reread = try StubMapping.parse(mapping.jsonValue)
        #expect(reread.id == mapping.id)
        #expect(reread.jsonValue == mapping.jsonValue)
    }

    @Test func aGeneratedIdIsSerialised() throws {
        let mapping = try Fixture.mapping(#"{"response": {"body": "x"}}"#)
        #expect(mapping.jsonValue["id"] == .string(mapping.id))
        #expect(mapping.jsonValue["uuid"] == .string(mapping.id))
    }

    @Test func mappingSizeIsBoundedAtTheLimit() throws {
        let json = try Fixture.json(#"{"response": {"body": "0123456789"}}"#)
        var limits = MappingLimits()
        limits.maxMappingBytes = json.description.utf8.count
        #expect(throws: Never.self) { try StubMapping.parse(json, limits: limits) }
        limits.maxMappingBytes -= 1
        #expect(
            throws: MappingError(
                path: "", reason: "the mapping is \(limits.maxMappingBytes + 1) bytes of JSON; the limit is \(limits.maxMappingBytes)")
        ) {
            try StubMapping.parse(json, limits: limits)
        }
    }

    @Test func errorsArePrefixedWithTheGivenPath() throws {
        #expect(throws: MappingError(path: "mappings[2].request.url", reason: "must be a string, not a number")) {
            try StubMapping.parse(try Fixture.json(#"{"request": {"url": 1}}"#), path: "mappings[2]")
        }
    }
}
