import ShortcutHTTP

extension HttpRequest {
    /// One part of a `multipart/form-data` body.
    public struct MultiPart {
        /// The part's header fields by lowercased name.
        public let headers: [String: String]
        /// The part's bytes.
        public let body: [UInt8]

        /// Makes a part (the parser makes them; public for tests).
        public init(headers: [String: String], body: [UInt8]) {
            self.headers = headers
            self.body = body
        }

        /// The `name` parameter of `Content-Disposition`, unquoted.
        public var name: String? { dispositionParameter("name") }

        /// The `filename` parameter of `Content-Disposition`, unquoted.
        public var fileName: String? { dispositionParameter("filename") }

        private func dispositionParameter(_ parameter: String) -> String? {
            guard let disposition = headers["content-disposition"] else { return nil }
            for token in disposition.split(separator: ";") {
                let parts = token.trimmingSpaces().split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                if parts.count == 2 && parts[0] == parameter { return String(parts[1]).unquote() }
            }
            return nil
        }
    }

    /// The `name=value` pairs of an `application/x-www-form-urlencoded` body, decoded (`%XX`, and `+` as a
    /// space); `[]` for another content type or a body that is not UTF-8. A pair without exactly one `=`, or
    /// with a malformed escape, is `("", "")`, as in Swifter.
    public func parseUrlencodedForm() -> [(String, String)] {
        guard HttpRequest.mediaType(headers["content-type"]) == "application/x-www-form-urlencoded",
            let text = String.validatedUTF8(body)
        else { return [] }
        return text.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            let tokens = pair.split(separator: "=", omittingEmptySubsequences: false)
            // One pass, so that an encoded `%2B` stays `+` (Swifter decoded first, then turned it into a space).
            guard tokens.count == 2, let name = PercentDecoding.decode(tokens[0], plusAsSpace: true),
                let value = PercentDecoding.decode(tokens[1], plusAsSpace: true)
            else { return ("", "") }
            return (name, value)
        }
    }

    /// The parts of a `multipart/form-data` body (RFC 7578); `[]` for another content type, a missing
    /// boundary, or a body that does not start with the boundary.
    public func parseMultiPartFormData() -> [MultiPart] {
        guard let contentType = headers["content-type"], HttpRequest.mediaType(contentType) == "multipart/form-data"
        else { return [] }
        var boundary: String?
        for token in contentType.split(separator: ";").dropFirst() {
            let parts = token.trimmingSpaces().split(separator: "=", omittingEmptySubsequences: false)
            if parts.count == 2 && parts[0] == "boundary" { boundary = String(parts[1]).unquote() }
        }
        guard let boundary, !boundary.isEmpty else { return [] }
        return MultiPartReader(body: body, boundary: Array("--\(boundary)".utf8)).parts()
    }

    /// The media type of a `Content-Type` value, lowercased, without its parameters.
    static func mediaType(_ value: String?) -> String? {
        guard let value else { return nil }
        return value.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first
            .map { $0.trimmingSpaces().lowercased() }
    }
}

/// Splits a multipart body at its delimiters: `--boundary CRLF headers CRLF CRLF body CRLF --boundary …--`.
struct MultiPartReader {
    let body: [UInt8]
    let boundary: [UInt8]

    func parts() -> [HttpRequest.MultiPart] {
        guard var position = lineEnd(afterPrefix: 0) else { return [] }
        var result: [HttpRequest.MultiPart] = []
        while position < body.count {
            var headers: [String: String] = [:]
            // Header lines up to the empty one.
            while let end = firstIndex(of: [13, 10], from: position) {
                let line = body[position..<end]
                position = end + 2
                if line.isEmpty { break }
                let text = String(decoding: line, as: UTF8.self)
                if let colon = text.firstIndex(of: ":") {
                    headers[text[..<colon].lowercased()] = String(text[text.index(after: colon)...].trimmingSpaces())
                }
            }
            // The body runs to CRLF and the next delimiter.
            guard let next = firstIndex(of: [13, 10] + boundary, from: position) else { return result }
            result.append(HttpRequest.MultiPart(headers: headers, body: Array(body[position..<next])))
            let afterDelimiter = next + 2 + boundary.count
            if body[afterDelimiter...].starts(with: [UInt8(ascii: "-"), UInt8(ascii: "-")]) { return result }
            guard let lineEnd = firstIndex(of: [13, 10], from: afterDelimiter) else { return result }
            position = lineEnd + 2
        }
        return result
    }

    /// Where the first line (which must start with the delimiter) ends, past its CRLF.
    private func lineEnd(afterPrefix start: Int) -> Int? {
        guard body[start...].starts(with: boundary), let end = firstIndex(of: [13, 10], from: start) else { return nil }
        return end + 2
    }

    private func firstIndex(of needle: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, body.count >= needle.count, start <= body.count - needle.count else { return nil }
        var index = start
        while index <= body.count - needle.count {
            if body[index] == needle[0] && body[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
