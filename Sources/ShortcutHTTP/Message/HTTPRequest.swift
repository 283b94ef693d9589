import HTTPVocabulary
import ShortcutPlatform

/// A parsed HTTP/1.x request, handed to a route's handler.
///
/// Its fields live in one copy-on-write box (`CopyOnWrite`): a request passes from the parser through the
/// connection and the router to a handler, and each of those copies is one reference, not one per field.
public struct HTTPRequest: Sendable {
    /// The method.
    public var method: HTTPMethod {
        get { shared.value.method }
        _modify { yield &shared.value.method }
    }
    /// The request-target as received (origin-form `/path?query`, absolute-form, or `*`).
    public var target: String {
        get { shared.value.target }
        _modify { yield &shared.value.target }
    }
    /// The path of the target, still percent-encoded, without the query (`/` for `*`).
    public var path: String {
        get { shared.value.path }
        _modify { yield &shared.value.path }
    }
    /// The query of the target, without the `?`, still percent-encoded; nil when there is none.
    public var query: String? {
        get { shared.value.query }
        _modify { yield &shared.value.query }
    }
    /// The protocol version.
    public var version: HTTPVersion {
        get { shared.value.version }
        _modify { yield &shared.value.version }
    }
    /// The header fields, in order.
    public var headers: HTTPHeaders {
        get { shared.value.headers }
        _modify { yield &shared.value.headers }
    }
    /// The body, de-chunked; empty when the request had none.
    public var body: [UInt8] {
        get { shared.value.body }
        _modify { yield &shared.value.body }
    }
    /// The route's `:name`, `*` and `**` captures, percent-decoded (filled in by the router).
    /// Kept beside the shared fields, so that setting it never copies them.
    public var params: Parameters
    /// The peer's address as text (`127.0.0.1:53211`, `[::1]:53211`; an IPv4 client of a dual-stack `::`
    /// server as its IPv4 address, not `[::ffff:127.0.0.1]:53211`); empty for requests made in tests.
    /// Kept beside the shared fields, so that setting it never copies them.
    public var remoteAddress: String
    /// The pattern of the route that answers (`/p/:id`), set by the router; nil before routing and when no
    /// route matched. Kept beside the shared fields, as `params` is.
    public package(set) var route: String?

    /// Makes a request. Most code receives requests from the server; this is for tests and adapters.
    public init(
        method: HTTPMethod, target: String, version: HTTPVersion = .http1_1, headers: HTTPHeaders = [:],
        body: [UInt8] = [], remoteAddress: String = ""
    ) {
        let (path, query) = HTTPRequest.split(target: target)
        shared = CopyOnWrite(
            Fields(method: method, target: target, path: path, query: query, version: version, headers: headers, body: body))
        params = Parameters()
        self.remoteAddress = remoteAddress
        route = nil
    }

    /// A request whose target the parser has already split.
    init(method: HTTPMethod, target: String, path: String, query: String?, version: HTTPVersion) {
        // `HTTPHeaders()`, not `[:]`: the literal goes through the validating initialiser on every request.
        shared = CopyOnWrite(
            Fields(method: method, target: target, path: path, query: query, version: version, headers: HTTPHeaders(), body: []))
        params = Parameters()
        remoteAddress = ""
        route = nil
    }

    /// Makes `self` the request a parser has just read the request-line of, and returns storage for its
    /// header fields, holding the previous request's fields to be written over (handed back, trimmed, with
    /// `setParsedHeaders`). When nothing else holds the box (the
    /// connection's previous request, which its handler let go of) the box and the header list's storage
    /// are reused: two allocations and two frees fewer per request on a keep-alive connection.
    /// (Its texts are `consuming`: the parser's are stored as they are, not retained here and released there.)
    mutating func reuse(
        method: consuming HTTPMethod, target: consuming String, path: consuming String, query: consuming String?, version: HTTPVersion
    ) -> [HTTPField] {
        params = Parameters()
        remoteAddress = ""
        route = nil
        guard shared.isUnique() else {
            self = HTTPRequest(method: method, target: target, path: path, query: query, version: version)
            return []
        }
        return HTTPRequest.reset(&shared.value, method: method, target: target, path: path, query: query, version: version)
    }

    /// `reuse` on a box held only here: one access to it, not one per field.
    private static func reset(
        _ fields: inout Fields, method: consuming HTTPMethod, target: consuming String, path: consuming String,
        query: consuming String?, version: HTTPVersion
    ) -> [HTTPField] {
        fields.method = method
        fields.target = target
        fields.path = path
        fields.query = query
        fields.version = version
        fields.body = []
        return fields.headers.takeStorage()
    }

    /// The header fields the parser read into the storage `reuse` gave it (already checked byte by byte).
    mutating func setParsedHeaders(_ parsed: [HTTPField]) { shared.value.headers = HTTPHeaders(parsed: parsed) }

    /// The fields a request carries from the parser to its handler, in one copy-on-write box.
    private struct Fields: Sendable {
        var method: HTTPMethod
        var target: String
        var path: String
        var query: String?
        var version: HTTPVersion
        var headers: HTTPHeaders
        var body: [UInt8]
    }

    private var shared: CopyOnWrite<Fields>

    /// The authority the request is addressed to, as text (`host[:port]`): that of an absolute-form target,
    /// which replaces `Host` (RFC 9112 §3.2.2), else the `Host` field; nil when there is neither (HTTP/1.0).
    /// The parser has checked both; parse it with `HTTPAuthority(parsing:)`.
    public var authority: String? {
        let target = self.target
        guard !target.hasPrefix("/"), let schemeEnd = target.utf8.firstIndex(of: UInt8(ascii: ":")),
            target[schemeEnd...].hasPrefix("://")
        else { return headers["Host"] }
        let start = target.index(schemeEnd, offsetBy: 3)
        let rest = target[start...]
        let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = rest[..<end]
        // Userinfo is refused by the parser; a request made by hand may still carry one.
        return String(authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority)
    }

    /// Splits an origin-form or absolute-form target into its path and query.
    static func split(target: String) -> (path: String, query: String?) {
        var rest = Substring(target)
        if let fragment = rest.firstIndex(of: "#") { rest = rest[..<fragment] }
        if !rest.hasPrefix("/"), let colon = rest.firstIndex(of: ":"), rest[colon...].hasPrefix("://") {
            // Absolute-form (RFC 9112 §3.2.2): the path starts after the authority.
            let afterAuthority = rest[rest.index(colon, offsetBy: 3)...]
            rest = afterAuthority.firstIndex(where: { $0 == "/" || $0 == "?" }).map { afterAuthority[$0...] } ?? ""
        }
        if rest == "*" { return ("*", nil) }
        guard let mark = rest.firstIndex(of: "?") else { return (rest.isEmpty ? "/" : String(rest), nil) }
        let path = rest[..<mark]
        return (path.isEmpty ? "/" : String(path), String(rest[rest.index(after: mark)...]))
    }

    /// The body as UTF-8 text (invalid sequences are replaced).
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// The query's `name=value` pairs, percent-decoded (`+` as space), in order; undecodable pairs are skipped.
    public var queryItems: [(name: String, value: String)] {
        guard let query else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: true).compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = PercentDecoding.decode(parts[0], plusAsSpace: true)
            let value = parts.count > 1 ? PercentDecoding.decode(parts[1], plusAsSpace: true) : ""
            guard let name, let value else { return nil }
            return (name, value)
        }
    }

    /// The first query value named `name`, percent-decoded.
    public func queryValue(_ name: String) -> String? { queryItems.first { $0.name == name }?.value }

    /// The route captures of a request. Look a capture up by its name with or without the colon:
    /// `params["id"]` and Swifter's `params[":id"]` are the same.
    public struct Parameters: Sendable, Equatable {
        var storage: [(String, String)] = []

        /// No captures.
        public init() {}

        /// Captures from name/value pairs (names without the colon).
        public init(_ pairs: [(String, String)]) { storage = pairs }

        /// The decoded value captured for `name` (`id` or `:id`), or nil.
        public subscript(name: String) -> String? {
            let key = name.hasPrefix(":") ? name.dropFirst() : Substring(name)
            return storage.first { $0.0 == key }?.1
        }

        /// Whether there are no captures.
        public var isEmpty: Bool { storage.isEmpty }

        mutating func append(_ name: String, _ value: String) { storage.append((name, value)) }

        public static func == (a: Parameters, b: Parameters) -> Bool {
            a.storage.elementsEqual(b.storage) { $0.0 == $1.0 && $0.1 == $1.1 }
        }
    }
}
