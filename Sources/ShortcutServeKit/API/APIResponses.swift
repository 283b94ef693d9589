import ShortcutHTTP
import ShortcutJSON

/// The JSON conventions of the APIs (mocky's): bodies in and out, and errors.
enum API {
    /// The most bytes of a record's `secret`, in both APIs.
    static let maxSecretBytes = 64

    /// `status` with a JSON body.
    static func json(_ value: JSONValue, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, body: .json(bytes: Array(value.description.utf8)))
    }

    /// Why `id` may not be created through the API, or nil. `demo` (in any case: some file systems do not
    /// tell `Demo` from `demo`) is the built-in demo shortcut's, which `/s` serves: a request holding no
    /// secret must not be able to replace where it leads. Only the command line may
    /// (`shortcut-serve add --id demo`, which prints the new record's secret).
    static func reservedIDProblem(_ id: String) -> String? {
        guard id.lowercased() == ShortcutDelivery.demoID else { return nil }
        return "id '\(id)' is reserved for the demo shortcut that /s serves; replace it from the command line with shortcut-serve add --id demo"
    }

    /// mocky's answer to an unknown id or a wrong secret: 404 with an empty body (nothing to tell apart).
    static var notFound: HTTPResponse { HTTPResponse(status: .notFound) }

    /// `{"secret": "…"}` from the body, whatever its declared type (mocky's clients vary); nil if absent.
    static func secret(in request: HTTPRequest) -> String? {
        guard case .success(let value) = Result(catching: { () throws(JSONParser.Failure) in try JSONParser.parse(request.body) }),
              case .string(let secret)? = value["secret"] else { return nil }
        return secret
    }

    /// The body as a JSON value, or the answer to send instead: 415 when it is not declared as JSON,
    /// 400 (with where and why) when it does not parse.
    static func body(of request: HTTPRequest) -> Result<JSONValue, ResponseError> {
        let type = request.headers["Content-Type"]?.split(separator: ";").first?.trimmingWhitespace()
        guard let type, type.lowercased() == "application/json" || type.lowercased().hasSuffix("+json") else {
            let got = request.headers["Content-Type"].map { "'\($0.excerpt(maxBytes: 100))'" } ?? "none"
            return .failure(ResponseError(.error(.unsupportedMediaType, "the body must be JSON: send Content-Type: application/json (got \(got))")))
        }
        do {
            return .success(try JSONParser.parse(request.body))
        } catch {
            return .failure(ResponseError(.badRequest(error.description)))
        }
    }
}

/// A response to send instead of going on (an early exit through `Result` / `throws`).
struct ResponseError: Error {
    let response: HTTPResponse
    init(_ response: HTTPResponse) { self.response = response }
}

/// Validation errors, answered as mocky does: `422 {"errors": {".field": "error.code"}}`, plus a
/// human line per field in `reasons`.
struct FieldErrors: Error {
    private(set) var codes: [(String, JSONValue)] = []
    private(set) var reasons: [(String, JSONValue)] = []

    var isEmpty: Bool { codes.isEmpty }

    mutating func add(_ field: String, _ code: String, _ reason: String) {
        guard !codes.contains(where: { $0.0 == "." + field }) else { return }
        codes.append(("." + field, .string(code)))
        reasons.append(("." + field, .string(reason)))
    }

    var response: HTTPResponse {
        API.json(.object([("errors", .object(codes)), ("reasons", .object(reasons))]), status: .unprocessableContent)
    }
}

/// Reads typed members of a JSON object, recording a field error for each wrong type.
struct JSONFields {
    let object: JSONValue
    var errors = FieldErrors()

    init(_ value: JSONValue) {
        object = value
        if case .object = value {} else { errors.add("", "error.expected.jsobject", "the body must be a JSON object") }
    }

    /// The string member `name`, or nil (absent, null, or wrong: then an error is recorded). `maxBytes`
    /// counts UTF-8 bytes, as memory does: a limit in characters would let one character of a million
    /// combining marks through.
    mutating func string(_ name: String, maxBytes: Int? = nil) -> String? {
        switch object[name] {
        case nil, .null?: return nil
        case .string(let value)?:
            if let maxBytes, value.utf8.count > maxBytes {
                errors.add(name, "error.maxLength", "\(name) is \(value.utf8.count) bytes; the limit is \(maxBytes)")
                return nil
            }
            return value
        case let other?:
            errors.add(name, "error.expected.jsstring", "\(name) must be a string, not \(other.typeName)")
            return nil
        }
    }

    mutating func integer(_ name: String) -> Int? {
        switch object[name] {
        case nil, .null?: return nil
        case .number(let value)? where value.rounded() == value && abs(value) < 1e9: return Int(value)
        case let other?:
            errors.add(name, "error.expected.jsnumber", "\(name) must be a whole number, not \(other.description.excerpt(maxBytes: 40))")
            return nil
        }
    }
}
