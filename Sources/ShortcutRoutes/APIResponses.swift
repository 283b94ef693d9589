import ShortcutHTTP
import ShortcutJSON
import ShortcutPages
import ShortcutRecords

/// The JSON conventions of the APIs (mocky's): bodies in and out, and errors.
enum API {
    /// `status` with a JSON body.
    static func json(_ value: JSONValue, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, body: .json(bytes: Array(value.description.utf8)))
    }

    /// 201 with `body` (an object) and the record's `secret` as its member number `position`: the answer to a
    /// create, the one time the secret is said.
    static func created(_ body: JSONValue, secret: String, at position: Int) -> HTTPResponse {
        json(RecordJSON.created(body, secret: secret, at: position), status: .created)
    }

    /// 404 for the record `id` that is not there (`no record 'ID'`), or, where a change checks a secret
    /// (`secretChecked`), that is not there or that the secret does not open: `no record 'ID' or wrong
    /// secret`, the same words for both, so a wrong secret learns nothing (mocky answers both with 404).
    static func notFound(_ id: String, secretChecked: Bool) -> HTTPResponse {
        .error(.notFound, "no record '\(shown(id))'" + (secretChecked ? " or wrong secret" : ""))
    }

    /// `id` as a one-line reason shows it: at most 80 bytes, control characters as `?`.
    static func shown(_ id: String) -> String {
        String(
            String.UnicodeScalarView(id.excerpt(maxBytes: 80).unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : $0 }))
    }

    /// mocky's answer to refused fields, `{"errors": {".field": "error.code"}, "reasons": {".field": "…"}}`:
    /// 422 for invalid input, 409 for a taken id or a record of the other kind.
    static func problems(_ problems: [FieldProblem], status: HTTPStatus = .unprocessableContent) -> HTTPResponse {
        json(
            .object([
                ("errors", .object(problems.map { ("." + $0.field, .string($0.code)) })),
                ("reasons", .object(problems.map { ("." + $0.field, .string($0.reason)) })),
            ]), status: status)
    }

    /// The answer to a failure of a handler's steps: a `ResponseError`'s own response, a `ServiceError`'s
    /// status (422 with the fields, 404 as mocky with its reason, `notFound`, worded for a change that checked a
    /// secret when `secretChecked`; 409 for a record of another kind than the route's, such as a change of a
    /// shortcut or a link through /api/mock; 500 for a record that no longer passes its checks), or a store
    /// failure's (`storeFailure`).
    static func failure(_ error: any Error, secretChecked: Bool = false) -> HTTPResponse {
        switch error {
        case let error as ResponseError: error.response
        case ServiceError.invalid(let found): problems(found)
        case ServiceError.notFound(let id): notFound(id, secretChecked: secretChecked)
        case ServiceError.otherKind: problems([FieldProblem(field: "id", code: "error.kind", reason: "\(error)")], status: HTTPStatus(409))
        case ServiceError.invalidRecord: .error(.internalServerError, "\(error)")
        case ServiceError.damaged(let damage, _): .error(damage.servedBefore ? .internalServerError : .notFound, "\(error)")
        case ServiceError.store(let cause): storeFailure(cause, secretChecked: secretChecked)
        default: storeFailure(error, secretChecked: secretChecked)
        }
    }

    /// 204 once `change` is done, or the answer to its failure: the end of every handler that changes a
    /// record and returns nothing (mocky's PUT and DELETE, the shortcuts' and the links' DELETE), each allowed
    /// by the record's secret.
    static func noContent(_ change: () throws -> Void) -> HTTPResponse {
        do {
            try change()
            return HTTPResponse(status: .noContent)
        } catch {
            return failure(error, secretChecked: true)
        }
    }

    /// Who sends `request`, for the service: an API client holding the body's `secret`, if any.
    static func caller(of request: HTTPRequest) -> Caller { .client(secret: secret(in: request)) }

    /// `{"secret": "…"}` from the body, whatever its declared type (mocky's clients vary); nil if absent.
    static func secret(in request: HTTPRequest) -> String? {
        guard case .success(let value) = Result(catching: { () throws(JSONParser.Failure) in try JSONParser.parse(request.body) }),
            case .string(let secret)? = value["secret"]
        else { return nil }
        return secret
    }

    /// The body as a JSON value, or the answer to send instead: 415 when it is not declared as JSON,
    /// 400 (with where and why) when it does not parse.
    static func body(of request: HTTPRequest) -> Result<JSONValue, ResponseError> {
        let type = request.headers["Content-Type"]?.split(separator: ";").first?.trimmingWhitespace()
        guard let type, type.lowercased() == "application/json" || type.lowercased().hasSuffix("+json") else {
            let got = request.headers["Content-Type"].map { "'\($0.excerpt(maxBytes: 100))'" } ?? "none"
            return .failure(
                ResponseError(.error(.unsupportedMediaType, "the body must be JSON: send Content-Type: application/json (got \(got))")))
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

/// Problems of a body's shapes and types (a member of the wrong type), found while decoding it; handed to
/// the service, which answers them with its own (`FieldProblems`: the first problem of a field stands).
struct FieldErrors: Error {
    var problems = FieldProblems()

    var isEmpty: Bool { problems.isEmpty }

    mutating func add(_ field: String, _ code: String, _ reason: String) { problems.add(field, code, reason) }

    var response: HTTPResponse { API.problems(problems.all) }
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
                errors.problems.checkBytes(value, field: name, limit: maxBytes)
                return nil
            }
            return value
        case let other?:
            errors.add(name, "error.expected.jsstring", "\(name) must be a string, not \(other.typeInWords)")
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
