/// An upstream's answer, read to its end: the status, the header fields as received but for
/// `Transfer-Encoding` (the body is decoded), and the whole body.
import HTTPVocabulary

package struct UpstreamResponse: Sendable {
    /// The status code (200, 404, …; never 1xx: interim answers are skipped).
    package var status: Int
    /// The reason phrase, as received (may be empty).
    package var reason: String
    /// The header fields in order, repeated ones kept, without `Transfer-Encoding` (and without a
    /// `Content-Length` that a `Transfer-Encoding` overrode, RFC 9112 §6.3).
    package var headers: [(name: String, value: String)]
    /// The body, with its chunked framing removed; empty for HEAD, 204 and 304.
    package var body: [UInt8]

    /// Makes a response.
    package init(status: Int, reason: String, headers: [(name: String, value: String)], body: [UInt8]) {
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
    }

    /// The value of the first field named `name` (compared case-insensitively), or nil.
    package func value(of name: String) -> String? {
        headers.first { $0.name.equalsIgnoringASCIICase(name) }?.value
    }
}
