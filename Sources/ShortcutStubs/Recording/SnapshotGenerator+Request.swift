import ShortcutJSON
import ShortcutPlatform

extension SnapshotGenerator {
    /// The request pattern WireMock's recorder writes: the exact `url` (path and query as received) and
    /// `method`, each captured header the request carries (its first value, `equalTo`), and the body.
    static func requestObject(_ exchange: RecordedExchange, capturing captured: [CapturedHeader]) -> JSONValue {
        var members: [(String, JSONValue)] = [("url", .string(exchange.url)), ("method", .string(exchange.method))]
        var headers: [(String, JSONValue)] = []
        for header in captured {
            guard let value = exchange.requestHeader(header.name) else { continue }
            var matcher: [(String, JSONValue)] = [("equalTo", .string(value))]
            if header.caseInsensitive { matcher.append(("caseInsensitive", .bool(true))) }
            headers.append((header.name, .object(matcher)))
        }
        if !headers.isEmpty { members.append(("headers", .object(headers))) }
        if let pattern = bodyPattern(exchange) { members.append(("bodyPatterns", .array([pattern]))) }
        return .object(members)
    }

    /// The body's matcher (none for an empty body, which WireMock does not match on): `equalToJson` ignoring
    /// array order and extra elements for a JSON body, `equalTo` for other text, `binaryEqualTo` for bytes that
    /// are not UTF-8 (a text matcher would see them repaired, and match other bytes too).
    static func bodyPattern(_ exchange: RecordedExchange) -> JSONValue? {
        let body = exchange.requestBody
        guard !body.isEmpty else { return nil }
        guard let text = String.validatedUTF8(body) else { return .object([("binaryEqualTo", .string(Base64.encode(body)))]) }
        if RecordedMediaType.isJSON(exchange.requestHeader("Content-Type")) && parsesAsJSON(body) {
            // As text, the way WireMock writes it: the body is kept as sent, and a deep document does not
            // deepen the mapping (whose own nesting is limited).
            return .object([("equalToJson", .string(text)), ("ignoreArrayOrder", .bool(true)), ("ignoreExtraElements", .bool(true))])
        }
        return .object([("equalTo", .string(text))])
    }

    /// Whether `body` is JSON that `StubMapping.parse` reads back as an `equalToJson` operand (same depth limit).
    private static func parsesAsJSON(_ body: [UInt8]) -> Bool {
        do {
            _ = try JSONParser.parse(body, maxDepth: MappingLimits.standard.maxJSONDepth)
            return true
        } catch {
            return false
        }
    }
}
