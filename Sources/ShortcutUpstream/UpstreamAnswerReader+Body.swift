import HTTPVocabulary

/// How an answer's body is delimited (RFC 9112 §6.3), and reading it.
enum UpstreamBodyFraming: Equatable {
    /// No body: HEAD, 1xx, 204, 304.
    case none
    /// Exactly this many bytes.
    case length(Int)
    /// Chunks, then trailers.
    case chunked
    /// Everything up to the end of input.
    case untilClose
}

extension UpstreamAnswerReader {
    /// The framing of the body of an answer with `status` and `headers` to a `method` request (RFC 9112 §6.3).
    func framing(method: String, status: Int, headers: [(name: String, value: String)]) throws(UpstreamFailure) -> UpstreamBodyFraming {
        if method == "HEAD" || status < 200 || status == 204 || status == 304 { return .none }
        let codings = headers.filter { $0.name.equalsIgnoringASCIICase("Transfer-Encoding") }
            .flatMap { $0.value.split(separator: ",").map(UpstreamText.trimmed) }.filter { !$0.isEmpty }
        if !codings.isEmpty {
            // Any other coding would leave the body encoded with nothing to say so once the field is gone.
            guard codings.count == 1, codings[0].equalsIgnoringASCIICase("chunked") else {
                throw UpstreamFailure.malformed(
                    url, "has Transfer-Encoding: \(codings.joined(separator: ", ")); this client decodes chunked only")
            }
            // §6.3 item 3: Transfer-Encoding overrides Content-Length (the caller drops the latter).
            return .chunked
        }
        let lengths = headers.filter { $0.name.equalsIgnoringASCIICase("Content-Length") }
            .flatMap { $0.value.split(separator: ",", omittingEmptySubsequences: false).map(UpstreamText.trimmed) }
        guard let first = lengths.first else { return .untilClose }
        // §6.3 item 5: a list of one repeated value (`42, 42`) is that value; anything else is unrecoverable.
        guard !first.isEmpty, first.utf8.allSatisfy({ (0x30...0x39).contains($0) }), lengths.allSatisfy({ $0 == first }) else {
            let all = headers.filter { $0.name.equalsIgnoringASCIICase("Content-Length") }.map(\.value).joined(separator: ", ")
            throw UpstreamFailure.malformed(url, "has an invalid Content-Length: \"\(UpstreamText.excerpt(Array(all.utf8), limit: 40))\"")
        }
        let digits = first.drop { $0 == "0" }
        guard digits.count <= 18, let length = Int(digits.isEmpty ? "0" : digits), length <= limits.maxBodyBytes else {
            throw bodyOverLimit(announced: String(first))
        }
        return .length(length)
    }

    /// The body in `framing`, decoded.
    mutating func readBody(_ framing: UpstreamBodyFraming) throws(UpstreamFailure) -> [UInt8] {
        var body: [UInt8] = []
        switch framing {
        case .none:
            break
        case .length(let length):
            body.reserveCapacity(length)
            let moved = try take(length, into: &body)
            guard moved == length else {
                throw UpstreamFailure(
                    .connectionClosed, "\(url) closed the connection after \(moved) of the \(length) body bytes it announced")
            }
        case .untilClose:
            // One byte past the limit tells an over-long body from one of exactly the limit.
            while try take(limits.maxBodyBytes + 1 - body.count, into: &body) > 0 {
                if body.count > limits.maxBodyBytes { throw bodyOverLimit(announced: nil) }
            }
        case .chunked:
            try readChunks(into: &body)
        }
        return body
    }

    /// Chunked content (RFC 9112 §7.1): `size[;ext] CRLF data CRLF` until a size of 0, then trailer fields
    /// up to a blank line, which are dropped (§7.1.2 lets a recipient discard them).
    private mutating func readChunks(into body: inout [UInt8]) throws(UpstreamFailure) {
        while true {
            var budget = limits.maxHeadBytes
            guard let sizeLine = try line(budget: &budget, what: "chunk-size line") else { throw truncatedChunks(body.count) }
            let size = try chunkSize(sizeLine)
            if size == 0 { break }
            guard size <= limits.maxBodyBytes - body.count else { throw bodyOverLimit(announced: nil) }
            let moved = try take(size, into: &body)
            guard moved == size else { throw truncatedChunks(body.count) }
            guard let ended = try takeLineEnd() else { throw truncatedChunks(body.count) }
            guard ended else { throw UpstreamFailure.malformed(url, "has a chunk longer than its size line says") }
        }
        var budget = limits.maxHeadBytes
        while true {
            guard let trailer = try line(budget: &budget, what: "trailer section") else { throw truncatedChunks(body.count) }
            if trailer.isEmpty { return }
        }
    }

    /// The size in a chunk-size line: hex digits, then optional whitespace and extensions (ignored, §7.1.1).
    private func chunkSize(_ line: ArraySlice<UInt8>) throws(UpstreamFailure) -> Int {
        let digits = line.prefix { UpstreamAnswerReaderHex.value($0) != nil }
        let rest = line.dropFirst(digits.count).drop { $0 == 0x20 || $0 == 0x09 }
        guard !digits.isEmpty, rest.isEmpty || rest.first == UInt8(ascii: ";") else {
            throw UpstreamFailure.malformed(url, "has a malformed chunk-size line: \"\(UpstreamText.excerpt(line))\"")
        }
        let significant = digits.drop { $0 == UInt8(ascii: "0") }
        // 15 hex digits stay below Int.max; a larger size is over any body limit anyway.
        guard significant.count <= 15 else { throw bodyOverLimit(announced: nil) }
        return significant.reduce(0) { $0 << 4 | (UpstreamAnswerReaderHex.value($1) ?? 0) }
    }

    private func truncatedChunks(_ received: Int) -> UpstreamFailure {
        UpstreamFailure(.connectionClosed, "\(url) closed the connection in the middle of its chunked body (after \(received) bytes)")
    }

    private func bodyOverLimit(announced: String?) -> UpstreamFailure {
        let detail = announced.map { " (its Content-Length is \($0))" } ?? ""
        return UpstreamFailure(.tooLarge, "the answer from \(url) has a body over \(limits.maxBodyBytes) bytes\(detail)")
    }
}

/// Hex digits of chunk sizes.
enum UpstreamAnswerReaderHex {
    /// The value of a hex digit, or nil.
    static func value(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: return Int(byte - 0x30)
        case 0x41...0x46: return Int(byte - 0x41 + 10)
        case 0x61...0x66: return Int(byte - 0x61 + 10)
        default: return nil
        }
    }
}
