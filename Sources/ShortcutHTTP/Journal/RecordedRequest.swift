import HTTPVocabulary

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One exchange as the request journal (`RequestJournal`) keeps it: what came in, which route answered, what
/// went out. Everything the client sent is kept as data, never interpreted: header values are cut at
/// `RecordedRequest.maxValueBytes`, and the values of `Authorization`, `Cookie` and `Proxy-Authorization` are
/// replaced by `RecordedRequest.redacted` unless the journal keeps secrets.
///
public struct RecordedRequest: Sendable, Equatable {
    /// Its place in the journal: 1 for the first request the server answered, one more for each next one.
    /// Numbers are never reused (`clear` keeps counting), so `since:` picks up where a reader stopped.
    public let sequence: UInt64
    /// When the answer was written (its last byte handed to the connection's output).
    public let time: Date
    /// The peer's address (`127.0.0.1:53211`).
    public let peer: String
    /// The method as received (`-` for a request refused before its request line was read).
    public let method: String
    /// The request-target as received (`/p/demo?x=1`; `-` when none was read).
    public let target: String
    /// The target's path, still percent-encoded (`-` when none was read).
    public let path: String
    /// The pattern of the route that answered (`/p/:id`); nil when none did (404, 405, a refused request).
    public let route: String?
    /// The status sent.
    public let status: Int
    /// The request body's size in bytes (de-chunked).
    public let requestBytes: Int
    /// The response body's size in bytes as sent (0 for HEAD, 204, 304).
    public let responseBytes: Int
    /// From the start of the answer to its last byte handed to the connection's output.
    public let duration: Duration
    /// The request's header fields in order; long values cut, secrets replaced (see the type's comment).
    public let headers: [HTTPField]
    /// The first bytes of the body, when the journal captures bodies (`RequestJournal.Settings.bodyBytes`);
    /// nil otherwise.
    public let body: [UInt8]?
    /// The response's `Content-Type`, if any.
    public let responseType: String?
    /// What the server recognised the exchange as (`AASA fetch by Apple's CDN (AASA-Bot)`), if anything.
    public let note: String?
    /// For a 4xx or 5xx answer with a short text body: its first line (the server's one-line reason).
    public let reason: String?
    /// The longest header value kept whole, in bytes; a longer one keeps this many and says how long it was.
    package static let maxValueBytes = 256
    /// What replaces a secret's value (an `Authorization` keeps its scheme: `Bearer [redacted]`).
    package static let redacted = "[redacted]"
    /// The fields whose values are secrets.
    package static let secretFields = ["Authorization", "Cookie", "Proxy-Authorization"]

    /// The value of the first field named `name` (case-insensitive), as kept.
    public func header(_ name: String) -> String? { headers.first { $0.name.equalsIgnoringASCIICase(name) }?.value }
    /// `User-Agent`, as kept.
    public var userAgent: String? { header("User-Agent") }
    /// `Referer`, as kept.
    public var referer: String? { header("Referer") }
    /// Whether `body` holds less than the whole body.
    public var isBodyCut: Bool { (body?.count ?? 0) < requestBytes }

    package init(
        sequence: UInt64 = 0, time: Date, peer: String, method: String, target: String, path: String, route: String?, status: Int,
        requestBytes: Int, responseBytes: Int, duration: Duration, headers: [HTTPField], body: [UInt8]?, responseType: String?,
        note: String?, reason: String?
    ) {
        self.sequence = sequence
        self.time = time
        self.peer = peer
        self.method = method
        self.target = target
        self.path = path
        self.route = route
        self.status = status
        self.requestBytes = requestBytes
        self.responseBytes = responseBytes
        self.duration = duration
        self.headers = headers
        self.body = body
        self.responseType = responseType
        self.note = note
        self.reason = reason
    }
}
