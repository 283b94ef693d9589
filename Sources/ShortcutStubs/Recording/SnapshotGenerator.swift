import HTTPVocabulary
import ShortcutJSON

/// Turns recorded exchanges into WireMock stub mappings, as WireMock 3's recorder does on
/// `recordings/stop` and `recordings/snapshot`: each exchange the spec's filters match becomes a mapping whose
/// request is the exact URL and method (plus the captured headers and the body) and whose response replays the
/// target's answer byte for byte; identical requests become a scenario that replays their answers in order.
///
/// A pure function of its input: it makes one mapping (and at most one body file) per exchange and holds every
/// body while it works, so callers bound the exchanges (their count and their bodies' bytes) before calling. A
/// body kept in its mapping counts toward `MappingLimits.maxMappingBytes` (base64 by a third more): a mapping
/// over it is one `StubMapping.parse` refuses, so a caller that does not extract bodies bounds them below it.
package enum SnapshotGenerator {
    /// The mappings and body files for `exchanges`, in their order. `extractsBodies` allows body files at all
    /// (a recording that is not persisted keeps every body in its mapping); `newID` gives each mapping its id,
    /// in order (a UUID, for `StubMapping.parse`).
    ///
    /// An exchange whose method is not an HTTP token or whose status is outside 100...599 is left out (no
    /// mapping could say it); response fields that could not be sent, and the framing fields `Content-Length`
    /// and `Transfer-Encoding` (the server frames the stub's body itself), are not written.
    package static func stubs(from exchanges: [RecordedExchange], spec: RecordSpec, extractsBodies: Bool, newID: () -> String)
        -> GeneratedStubs
    {
        // Requests first: whether an exchange repeats an earlier one is decided by the request object it makes.
        var requests: [(exchange: RecordedExchange, request: JSONValue, group: Int)] = []
        var groupOfRequest: [String: Int] = [:]
        var groupSizes: [Int] = []
        for exchange in exchanges where isRecordable(exchange) && (spec.filters?.matches(exchange.stubRequest) ?? true) {
            let request = requestObject(exchange, capturing: spec.captureHeaders)
            let key = request.description
            let group = groupOfRequest[key] ?? groupSizes.count
            if group == groupSizes.count {
                groupOfRequest[key] = group
                groupSizes.append(0)
            } else if !spec.repeatsAsScenarios {
                continue  // WireMock keeps the first answer to a request it has already captured.
            }
            groupSizes[group] += 1
            requests.append((exchange, request, group))
        }

        var generated = GeneratedStubs()
        var takenFiles = Set<String>()
        var scenarioNumbers: [Int: Int] = [:]
        var seenInGroup = [Int](repeating: 0, count: groupSizes.count)
        let criteria = spec.extractBodyCriteria ?? BodyExtractionCriteria()
        for (exchange, request, group) in requests {
            let id = newID()
            let name = SnapshotNames.mappingName(method: exchange.method, url: exchange.url)
            let body = bodyField(exchange, extractingOver: extractsBodies ? criteria : nil) { fileExtension in
                let file = SnapshotNames.fileName(name: name, id: id, fileExtension: fileExtension, taken: takenFiles)
                takenFiles.insert(file)
                generated.files.append((file, exchange.responseBody))
                return file
            }
            var mapping: [(String, JSONValue)] = [
                ("id", .string(id)), ("name", .string(name)), ("request", request),
                ("response", responseObject(exchange, body: body)), ("uuid", .string(id)),
            ]
            if spec.persist { mapping.append(("persistent", .bool(true))) }
            seenInGroup[group] += 1
            if groupSizes[group] > 1 {
                let number = scenarioNumbers[group] ?? scenarioNumbers.count + 1
                scenarioNumbers[group] = number
                mapping += scenarioFields(
                    scenario: "scenario-\(number)-\(name)", position: seenInGroup[group], count: groupSizes[group])
            }
            generated.mappings.append(.object(mapping))
        }
        return generated
    }

    /// WireMock's chain for the `count` repeats of one request: the first at `Started`, the k-th at
    /// `<scenario>-k`, each moving the scenario to the next state but the last, which stays (and so repeats).
    static func scenarioFields(scenario: String, position: Int, count: Int) -> [(String, JSONValue)] {
        var fields: [(String, JSONValue)] = [
            ("scenarioName", .string(scenario)),
            ("requiredScenarioState", .string(position == 1 ? "Started" : "\(scenario)-\(position)")),
        ]
        if position < count { fields.append(("newScenarioState", .string("\(scenario)-\(position + 1)"))) }
        return fields
    }

    /// Whether a mapping can say this exchange: `StubMapping.parse` takes a method that is an HTTP token and a
    /// status in 100...599.
    private static func isRecordable(_ exchange: RecordedExchange) -> Bool {
        !exchange.method.isEmpty && exchange.method.utf8.allSatisfy(HTTPSyntax.isTokenByte) && (100...599).contains(exchange.status)
    }
}
