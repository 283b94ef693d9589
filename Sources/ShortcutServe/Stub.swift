import ShortcutJSON

/// Stubs written in Swift for `EmbeddedServer.stub(_:_:)`: a request pattern and a response, turned into a
/// WireMock 3 mapping (so they follow the same rules, checks and messages as the admin API's).
///
/// ```swift
/// let user = try server.stub(.get("/v1/users/{id}").header("Accept", .contains("json")),
///                            .json(#"{"id": "{{request.path.id}}"}"#, status: 200, templated: true))
/// // URLSession: GET \(server.baseURL)/v1/users/42 → 200 {"id": "42"}
/// try server.verify(.get("/v1/users/42"), count: 1)
/// try server.removeStub(user)
/// ```
public enum Stub {
    /// What a request must look like: a method and a path, then any of headers, query parameters and body
    /// matchers. A path with `{name}` segments is a template (`urlPathTemplate`), one without is exact
    /// (`urlPath`, the query left to `query(_:_:)`).
    public struct Request: Sendable {
        var members: [(String, JSONValue)]

        init(method: String, path: String) {
            let urlKey = path.contains("{") ? "urlPathTemplate" : "urlPath"
            members = [("method", .string(method)), (urlKey, .string(path))]
        }

        /// `GET path`.
        public static func get(_ path: String) -> Request { Request(method: "GET", path: path) }
        /// `POST path`.
        public static func post(_ path: String) -> Request { Request(method: "POST", path: path) }
        /// `PUT path`.
        public static func put(_ path: String) -> Request { Request(method: "PUT", path: path) }
        /// `PATCH path`.
        public static func patch(_ path: String) -> Request { Request(method: "PATCH", path: path) }
        /// `DELETE path`.
        public static func delete(_ path: String) -> Request { Request(method: "DELETE", path: path) }
        /// Any method, at `path`.
        public static func any(_ path: String) -> Request { Request(method: "ANY", path: path) }

        /// The header `name` must satisfy `matcher` (names compare without case).
        public func header(_ name: String, _ matcher: Matcher) -> Request { adding("headers", name, matcher) }
        /// The query parameter `name` must satisfy `matcher`.
        public func query(_ name: String, _ matcher: Matcher) -> Request { adding("queryParameters", name, matcher) }
        /// The cookie `name` must satisfy `matcher`.
        public func cookie(_ name: String, _ matcher: Matcher) -> Request { adding("cookies", name, matcher) }
        /// The body must satisfy `matcher` (each call adds one; all must hold).
        public func body(_ matcher: Matcher) -> Request {
            var copy = self
            let index = copy.members.firstIndex { $0.0 == "bodyPatterns" }
            if let index, case .array(let list) = copy.members[index].1 {
                copy.members[index].1 = .array(list + [matcher.json])
            } else {
                copy.members.append(("bodyPatterns", .array([matcher.json])))
            }
            return copy
        }

        private func adding(_ group: String, _ name: String, _ matcher: Matcher) -> Request {
            var copy = self
            if let index = copy.members.firstIndex(where: { $0.0 == group }), case .object(var entries) = copy.members[index].1 {
                entries.append((name, matcher.json))
                copy.members[index].1 = .object(entries)
            } else {
                copy.members.append((group, .object([(name, matcher.json)])))
            }
            return copy
        }

        /// The pattern as WireMock's `request` object.
        package var json: JSONValue { .object(members) }
    }

    /// A value matcher (WireMock's string value patterns).
    public struct Matcher: Sendable {
        let json: JSONValue

        /// Exactly `value` (or without regard to case).
        public static func equalTo(_ value: String, caseInsensitive: Bool = false) -> Matcher {
            Matcher(json: .object([("equalTo", .string(value))] + (caseInsensitive ? [("caseInsensitive", .bool(true))] : [])))
        }
        /// Contains `value`.
        public static func contains(_ value: String) -> Matcher { Matcher(json: .object([("contains", .string(value))])) }
        /// Does not contain `value`.
        public static func doesNotContain(_ value: String) -> Matcher { Matcher(json: .object([("doesNotContain", .string(value))])) }
        /// The whole value matches the regex `pattern` (Java syntax, no backtracking).
        public static func matches(_ pattern: String) -> Matcher { Matcher(json: .object([("matches", .string(pattern))])) }
        /// The value is absent.
        public static var absent: Matcher { Matcher(json: .object([("absent", .bool(true))])) }
        /// The body is JSON equal to `json` (a JSON text).
        public static func equalToJson(_ json: String, ignoreArrayOrder: Bool = false, ignoreExtraElements: Bool = false) -> Matcher {
            Matcher(
                json: .object([
                    ("equalToJson", .string(json)), ("ignoreArrayOrder", .bool(ignoreArrayOrder)),
                    ("ignoreExtraElements", .bool(ignoreExtraElements)),
                ]))
        }
        /// The body is JSON in which `expression` (JSONPath) selects something.
        public static func matchesJsonPath(_ expression: String) -> Matcher {
            Matcher(json: .object([("matchesJsonPath", .string(expression))]))
        }
    }

    /// What a stub answers.
    public struct Response: Sendable {
        var members: [(String, JSONValue)]
        /// A sequence's answers, in order (`responses(_:)`); nil for one answer.
        var sequence: [Response]?

        init(members: [(String, JSONValue)], sequence: [Response]? = nil) {
            self.members = members
            self.sequence = sequence
        }

        /// Each request answered with the next of `responses`, the last one repeating: pagination, a token
        /// refresh, create-then-list. Built on a WireMock scenario of its own (`EmbeddedServer.resetScenarios()`
        /// starts it over).
        public static func responses(_ responses: [Response]) -> Response { Response(members: [], sequence: responses) }

        /// `status` with `body` as text (`Content-Type` from `contentType`).
        public static func text(
            _ body: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8", templated: Bool = false
        )
            -> Response
        {
            Response(members: [
                ("status", .number(Double(status))), ("headers", .object([("Content-Type", .string(contentType))])),
                ("body", .string(body)),
            ])
            .templating(templated)
        }

        /// `status` with the JSON text `json` as the body and `Content-Type: application/json`. With
        /// `templated`, `{{…}}` in it is rendered per request (`{{request.path.id}}`).
        public static func json(_ json: String, status: Int = 200, templated: Bool = false) -> Response {
            Response(
                members: [
                    ("status", .number(Double(status))), ("headers", .object([("Content-Type", .string("application/json"))])),
                    ("body", .string(json)),
                ]
            ).templating(templated)
        }

        /// `status` and no body.
        public static func status(_ status: Int) -> Response { Response(members: [("status", .number(Double(status)))]) }

        /// The same response with the header `name: value` added.
        public func header(_ name: String, _ value: String) -> Response {
            var copy = self
            if let index = copy.members.firstIndex(where: { $0.0 == "headers" }), case .object(var fields) = copy.members[index].1 {
                fields.append((name, .string(value)))
                copy.members[index].1 = .object(fields)
            } else {
                copy.members.append(("headers", .object([(name, .string(value))])))
            }
            return copy
        }

        /// The same response, sent after `milliseconds` (the loop's timer: no thread waits).
        public func delayed(milliseconds: Int) -> Response {
            var copy = self
            copy.members.append(("fixedDelayMilliseconds", .number(Double(milliseconds))))
            return copy
        }

        /// The same response, sent after a random delay: most near `medianMilliseconds`, a few far later (a
        /// log-normal distribution of spread `sigma`, as a real network's long tail).
        public func delayed(medianMilliseconds: Int, sigma: Double) -> Response {
            var copy = self
            let distribution: JSONValue = .object([
                ("type", .string("lognormal")), ("median", .number(Double(medianMilliseconds))), ("sigma", .number(sigma)),
            ])
            copy.members.append(("delayDistribution", distribution))
            return copy
        }

        /// The same response, sent after a delay drawn evenly from `milliseconds`.
        public func delayed(milliseconds: ClosedRange<Int>) -> Response {
            var copy = self
            let distribution: JSONValue = .object([
                ("type", .string("uniform")), ("lower", .number(Double(milliseconds.lowerBound))),
                ("upper", .number(Double(milliseconds.upperBound))),
            ])
            copy.members.append(("delayDistribution", distribution))
            return copy
        }

        /// The same response, its body sent in `chunks` pieces spread over `milliseconds` (the head at once).
        public func dribbled(chunks: Int, overMilliseconds milliseconds: Int) -> Response {
            var copy = self
            copy.members.append(
                (
                    "chunkedDribbleDelay",
                    .object([("numberOfChunks", .number(Double(chunks))), ("totalDuration", .number(Double(milliseconds)))])
                ))
            return copy
        }

        /// The upstream's answer: the request forwarded to `baseURL` with its path and query appended
        /// (`http://`; `https://` through URLSession on Apple platforms only). An upstream that fails is a 502
        /// naming it.
        public static func proxy(to baseURL: String) -> Response { Response(members: [("proxyBaseUrl", .string(baseURL))]) }

        /// A network failure instead of an answer.
        public static func fault(_ fault: Fault) -> Response { Response(members: [("fault", .string(fault.rawValue))]) }

        private func templating(_ on: Bool) -> Response {
            guard on else { return self }
            var copy = self
            copy.members.append(("transformers", .array([.string("response-template")])))
            return copy
        }

        /// The response as WireMock's `response` object.
        package var json: JSONValue { .object(members) }
    }

    /// A network failure a stub sends instead of an answer (WireMock's `fault`). What an app's `URLSession`
    /// reports, as measured on Linux (FoundationNetworking, libcurl): `Examples/IntegrationTest`'s
    /// NetworkFailureTests; on Apple platforms untested here (run that test on a Mac to see yours).
    public enum Fault: String, Sendable, CaseIterable {
        /// The connection closes without a byte. Linux: `URLError.badServerResponse` (-1011, libcurl's "empty
        /// reply").
        case emptyResponse = "EMPTY_RESPONSE"
        /// A status line, then garbage where the chunked body should be. Linux: `URLError.unknown` (-1).
        case malformedResponseChunk = "MALFORMED_RESPONSE_CHUNK"
        /// Garbage instead of a response. Linux: `URLError.unsupportedURL` (-1002, no HTTP/0.9).
        case randomDataThenClose = "RANDOM_DATA_THEN_CLOSE"
        /// The connection is reset (RST). Linux: `URLError.networkConnectionLost` (-1005).
        case connectionResetByPeer = "CONNECTION_RESET_BY_PEER"
    }

    /// A stub added: what `EmbeddedServer.removeStub(_:)` takes.
    public struct Handle: Sendable, Hashable {
        /// The stub mapping's id (a lowercase UUID); a sequence's first.
        public let id: String
        /// A sequence's other stub mappings, in order.
        let rest: [String]

        init(id: String, rest: [String] = []) {
            self.id = id
            self.rest = rest
        }
    }

    /// Why a stub was refused or a verification failed: one line (`request.headers.Accept: …`), and for a
    /// failed `verify`, the near-miss report of the requests closest to the pattern.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }
}
