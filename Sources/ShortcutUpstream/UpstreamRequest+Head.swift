import HTTPVocabulary

/// The bytes of a request as this client sends it: the client's fields less the hop-by-hop ones, its own
/// `Host`, `Content-Length` and `Connection: close`.
extension UpstreamRequest {
    /// Fields that describe one connection, not the message, so a proxy does not forward them (RFC 9110
    /// §7.6.1; `Keep-Alive` and `Proxy-Connection` are the pre-standard ones it names). The fields a
    /// `Connection` field names are dropped too.
    static let hopByHopFields = ["Connection", "Keep-Alive", "Proxy-Connection", "TE", "Trailer", "Transfer-Encoding", "Upgrade"]

    /// Fields this client writes itself: the upstream's authority, not the mock's (RFC 9110 §7.2), and the
    /// length of the body it sends.
    static let replacedFields = ["Host", "Content-Length"]

    /// Methods that give a body a meaning: an empty one is still announced, `Content-Length: 0` (RFC 9110
    /// §8.6: "a user agent SHOULD send Content-Length in a request when the method defines a meaning for
    /// enclosed content").
    static let methodsWithBody = ["POST", "PUT", "PATCH"]

    /// Whether the field `name` is the client's to write, not the caller's (`Host`, framing, hop-by-hop).
    static func isClientsOwn(_ name: String) -> Bool {
        (hopByHopFields + replacedFields).contains { $0.equalsIgnoringASCIICase(name) }
    }

    /// The request's head and body for `target`, ready to send. Throws when the method or a field cannot
    /// be sent: a CR or LF in one would end the head there and let the rest be read as another request.
    func encoded(for target: UpstreamURL) throws(UpstreamFailure) -> [UInt8] {
        guard HTTPField.isValidName(method) else {
            let shown = UpstreamText.excerpt(Array(method.utf8), limit: 40)
            throw UpstreamFailure.invalidRequest(UpstreamText.printable(url), "the method \"\(shown)\" is not an HTTP token")
        }
        for (index, (name, value)) in headers.enumerated() {
            if let problem = HTTPField(name: name, value: value).problem {
                throw UpstreamFailure.invalidRequest(
                    UpstreamText.printable(url), "request header \(index + 1) (\(UpstreamText.excerpt(Array(name.utf8)))): \(problem)")
            }
        }
        let named = connectionOptions()
        let dropped = Self.hopByHopFields + Self.replacedFields
        var head = "\(method) \(target.target) HTTP/1.1\r\n"
        // RFC 9110 §7.2: a user agent SHOULD send Host as the first field after the request line.
        head += "Host: \(target.authority)\r\n"
        for (name, value) in headers {
            if dropped.contains(where: { $0.equalsIgnoringASCIICase(name) }) { continue }
            if named.contains(where: { $0.equalsIgnoringASCIICase(name) }) { continue }
            head += "\(name): \(value)\r\n"
        }
        if !body.isEmpty || Self.methodsWithBody.contains(method) { head += "Content-Length: \(body.count)\r\n" }
        // One exchange per connection: the end of the answer is then the end of input at worst, and no
        // connection is left to pool.
        head += "Connection: close\r\n\r\n"
        return Array(head.utf8) + body
    }

    /// The field names listed in the request's `Connection` fields (RFC 9110 §7.6.1: `Connection: close,
    /// X-Hop` makes `X-Hop` hop-by-hop).
    private func connectionOptions() -> [Substring] {
        headers.filter { $0.0.equalsIgnoringASCIICase("Connection") }.flatMap { $0.1.split(separator: ",").map(UpstreamText.trimmed) }
    }
}
