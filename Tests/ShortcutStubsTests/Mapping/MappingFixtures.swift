import ShortcutJSON
import ShortcutStubs
import Testing

/// Shared helpers: mappings and requests from short literals.
enum Fixture {
    static func json(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

    static func mapping(_ text: String, limits: MappingLimits = .standard) throws -> StubMapping {
        try StubMapping.parse(try json(text), limits: limits)
    }

    /// A mapping whose request object is `request` (JSON text of the members).
    static func stub(_ request: String, response: String = "{\"status\": 200}", extra: String = "") throws -> StubMapping {
        try mapping("{\"request\": {\(request)}, \"response\": \(response)\(extra.isEmpty ? "" : ", " + extra)}")
    }

    static func pattern(_ request: String) throws -> RequestPattern { try stub(request).request }

    /// The refusal of a mapping, or nil when it was accepted.
    static func refusal(_ text: String) throws -> String? {
        do {
            _ = try mapping(text)
            return nil
        } catch let error as MappingError {
            return error.description
        }
    }

    /// The refusal of a mapping whose request object is `request`.
    static func requestRefusal(_ request: String) throws -> String? { try refusal("{\"request\": {\(request)}}") }

    static func request(_ method: String = "GET", _ target: String, headers: [(String, String)] = [], body: String = "") -> StubRequest {
        StubRequest(method: method, target: target, headers: headers, body: Array(body.utf8))
    }
}
