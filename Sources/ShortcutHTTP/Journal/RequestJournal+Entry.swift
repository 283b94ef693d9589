#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension RequestJournal {
    /// The entry for one exchange, as the settings say to keep it: header values cut and secrets replaced,
    /// the body's first `bodyBytes`. Built by the connection before `record` takes the lock.
    /// - Parameters:
    ///   - request: nil for a request refused before it was parsed (a malformed head, a timeout).
    ///   - sentBytes: the body bytes sent (0 for HEAD).
    ///   - started, ended: monotonic nanoseconds (`monotonicNanoseconds`) at the start and end of the answer.
    package func entry(
        for request: HTTPRequest?, response: HTTPResponse, peer: String, sentBytes: Int, started: UInt64, ended: UInt64
    ) -> RecordedRequest {
        let duration = Duration.nanoseconds(Int64(clamping: ended &- started))
        let reason = response.status.code >= 400 ? RequestJournal.reason(in: response.body) : nil
        let responseType = response.headers["Content-Type"]
        guard let request else {
            return RecordedRequest(
                time: Date(), peer: peer, method: "-", target: "-", path: "-", route: nil, status: response.status.code, requestBytes: 0,
                responseBytes: sentBytes, duration: duration, headers: [], body: nil, responseType: responseType, note: response.note,
                reason: reason)
        }
        let body = settings.bodyBytes > 0 && !request.body.isEmpty ? Array(request.body.prefix(settings.bodyBytes)) : nil
        return RecordedRequest(
            time: Date(), peer: peer, method: request.method.rawValue, target: request.target, path: request.path, route: request.route,
            status: response.status.code, requestBytes: request.body.count, responseBytes: sentBytes, duration: duration,
            headers: RequestJournal.kept(request.headers.fields, keepsSecrets: settings.keepsSecrets), body: body,
            responseType: responseType, note: response.note, reason: reason)
    }

    /// The fields as kept: a copy of their own (not the request's storage, which the parser reuses for the
    /// connection's next request), each value cut at `RecordedRequest.maxValueBytes`, secrets replaced.
    static func kept(_ fields: [HTTPField], keepsSecrets: Bool) -> [HTTPField] {
        var kept: [HTTPField] = []
        kept.reserveCapacity(fields.count)
        for field in fields {
            if !keepsSecrets && isSecret(field.name) {
                kept.append(HTTPField(name: field.name, value: redacted(field.value)))
            } else if field.value.utf8.count > RecordedRequest.maxValueBytes {
                kept.append(HTTPField(name: field.name, value: cut(field.value)))
            } else {
                kept.append(field)
            }
        }
        return kept
    }

    /// Whether a field named `name` carries a secret (`RecordedRequest.secretFields`).
    static func isSecret(_ name: String) -> Bool {
        // Lengths first: most names are none of these three, and a length is one load.
        switch name.utf8.count {
        case 6: return name.equalsIgnoringASCIICase("Cookie")
        case 13: return name.equalsIgnoringASCIICase("Authorization")
        case 19: return name.equalsIgnoringASCIICase("Proxy-Authorization")
        default: return false
        }
    }

    /// `Bearer [redacted]`: the scheme (a short word of letters) is kept, for "did it send a bearer token?".
    static func redacted(_ value: String) -> String {
        let scheme = value.utf8.prefix { $0 != UInt8(ascii: " ") }
        let isScheme =
            scheme.count < value.utf8.count && (1...20).contains(scheme.count)
            && scheme.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0 & 0xDF) }
        return isScheme ? "\(String(decoding: scheme, as: UTF8.self)) \(RecordedRequest.redacted)" : RecordedRequest.redacted
    }

    /// The first `RecordedRequest.maxValueBytes` bytes and how long the value was: `abc… [65536 bytes]`.
    /// A character cut in two becomes U+FFFD.
    static func cut(_ value: String) -> String {
        let kept = String(decoding: value.utf8.prefix(RecordedRequest.maxValueBytes), as: UTF8.self)
        return "\(kept)… [\(value.utf8.count) bytes]"
    }

    /// The first line of a short answer (what `HTTPResponse.error` sends), at most 200 bytes (invalid UTF-8
    /// as U+FFFD); nil when the body is long or empty.
    static func reason(in body: [UInt8]) -> String? {
        guard !body.isEmpty, body.count <= 1024 else { return nil }
        let line = body.prefix { $0 != 0x0A && $0 != 0x0D }
        guard !line.isEmpty else { return nil }
        return String(decoding: line.prefix(200), as: UTF8.self)
    }
}
