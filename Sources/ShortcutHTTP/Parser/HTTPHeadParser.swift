/// Parses a complete request head (request-line, field lines, empty line) into a request and its framing.
/// Strict per RFC 9112: one SP between the parts of the request-line, CRLF line ends, no obs-fold, no
/// whitespace before a colon, tokens and field values checked byte by byte.
import HTTPVocabulary

struct HTTPHeadParser {
    enum Framing: Equatable {
        case none
        case length(Int)
        case chunked
    }

    /// What the head says besides the request itself (which `parse` returns beside it, so that the caller
    /// can hand it on without copying it out of a struct: each copy retains its parts).
    struct Head {
        var keepAlive: Bool
        var framing: Framing
        var expectsContinue: Bool
        /// Where the request line starts (after the empty lines a client may send first).
        var requestLineStart: Int
        /// For the journal (`ReceivedHead`): whether a field carries credentials, and the longest value.
        var carriesCredentials: Bool
        var longestValue: Int
    }

    let limits: ServerLimits

    /// The parts of a request-line: a tuple, which the caller takes apart and hands on part by part.
    typealias RequestLine = (method: HTTPMethod, target: String, path: String, query: String?, version: HTTPVersion)

    /// Parses `head` into `request`, reusing its storage when nothing else holds it (`HTTPRequest.reuse`).
    func parse(_ head: UnsafeRawBufferPointer, into request: inout HTTPRequest) throws(HTTPParserError) -> Head {
        var start = 0
        while head.count - start >= 2 && head[start] == 0x0D && head[start + 1] == 0x0A { start += 2 }
        // Every line ends in CRLF (the scanner checked), so lines are split on LF and lose their CR.
        guard let lineEnd = HTTPParser.index(of: 0x0A, in: head, from: start) else {
            throw .malformedRequestLine("no line end")
        }
        // Taken apart, so that each text is handed on (`reuse` consumes them), not retained and released.
        let (method, target, path, query, version) = try parseRequestLine(
            UnsafeRawBufferPointer(rebasing: head[start..<lineEnd - 1]))
        // The previous request's fields, written over in place (`HTTPRequest.reuse`); `fieldCount` are this one's.
        var fields = request.reuse(method: method, target: target, path: path, query: query, version: version)
        var fieldCount = 0

        var hosts = 0
        var contentLength: Int?
        var transferCodings: [String] = []
        var hasTransferEncoding = false
        var close = false
        var keepAliveToken = false
        var expectsContinue = false
        var carriesCredentials = false
        var longestValue = 0
        var position = lineEnd + 1
        while let lf = HTTPParser.index(of: 0x0A, in: head, from: position), lf - 1 > position {
            let line = UnsafeRawBufferPointer(rebasing: head[position..<lf - 1])
            position = lf + 1
            let (field, nameBytes, valueBytes) = try HTTPHeadParser.parseField(line)
            switch HTTPHeadParser.known(nameBytes) {
            case .host:
                hosts += 1
                guard hosts == 1 else { throw .duplicateHost }
                // RFC 9112 §3.2: a Host that is not uri-host [ ":" port ] is a 400, even beside an
                // absolute-form target (which then names the host instead).
                do {
                    _ = try HTTPAuthority.check(valueBytes)
                } catch {
                    throw .invalidHost(String(decoding: valueBytes.prefix(100), as: UTF8.self), reason: error.reason)
                }
            case .contentLength:
                for item in field.value.split(separator: ",", omittingEmptySubsequences: false) {
                    let length = try HTTPHeadParser.parseContentLength(item, limit: limits.maxBodyBytes)
                    if let previous = contentLength, previous != length { throw .differingContentLengths }
                    contentLength = length
                }
            case .transferEncoding:
                hasTransferEncoding = true
                for item in field.value.split(separator: ",", omittingEmptySubsequences: false) {
                    let coding = item.trimmingWhitespace().lowercased()
                    guard !coding.isEmpty else { throw .chunkedNotFinal(field.value) }
                    transferCodings.append(coding)
                }
            case .connection:
                for token in field.value.split(separator: ",") {
                    let option = token.trimmingWhitespace()
                    if option.equalsIgnoringASCIICase("close") { close = true }
                    if option.equalsIgnoringASCIICase("keep-alive") { keepAliveToken = true }
                }
            case .expect:
                guard field.value.equalsIgnoringASCIICase("100-continue") else {
                    throw .unsupportedExpectation(field.value)
                }
                // RFC 9110 §10.1.1: a 100-continue expectation in an HTTP/1.0 request MUST be ignored.
                expectsContinue = version.minor >= 1
            case .credentials:
                carriesCredentials = true
            case .other:
                break
            }
            longestValue = max(longestValue, valueBytes.count)
            if fieldCount < fields.count { fields[fieldCount] = field } else { fields.append(field) }
            fieldCount += 1
        }
        if fields.count > fieldCount { fields.removeLast(fields.count - fieldCount) }
        request.setParsedHeaders(fields)

        let isHTTP11 = version.minor >= 1
        if isHTTP11 && hosts == 0 { throw .missingHost }

        // RFC 9112 §6.3: Transfer-Encoding and Content-Length together may be smuggling; refuse.
        var framing = Framing.none
        if hasTransferEncoding {
            guard isHTTP11 else { throw .transferEncodingInHTTP10 }
            guard contentLength == nil else { throw .contentLengthWithTransferEncoding }
            let value = transferCodings.joined(separator: ", ")
            guard transferCodings.last == "chunked" else {
                if let unknown = transferCodings.first(where: { $0 != "chunked" }), !transferCodings.contains("chunked") {
                    throw .unsupportedTransferCoding(unknown)
                }
                throw .chunkedNotFinal(value)
            }
            guard transferCodings.count == 1 else {
                if let unknown = transferCodings.first(where: { $0 != "chunked" }) {
                    throw .unsupportedTransferCoding(unknown)
                }
                throw .chunkedNotFinal(value)
            }
            framing = .chunked
        } else if let contentLength, contentLength > 0 {
            framing = .length(contentLength)
        }
        let keepAlive = isHTTP11 ? !close : (keepAliveToken && !close)
        return Head(
            keepAlive: keepAlive, framing: framing, expectsContinue: expectsContinue, requestLineStart: start,
            carriesCredentials: carriesCredentials, longestValue: longestValue)
    }

    /// method SP request-target SP HTTP-version (RFC 9112 §3).
    func parseRequestLine(_ line: UnsafeRawBufferPointer) throws(HTTPParserError) -> RequestLine {
        var index = 0
        while index < line.count && line[index] != 0x20 {
            guard HTTPSyntax.isTokenByte(line[index]) else { throw .invalidMethodByte(line[index]) }
            index += 1
        }
        guard index > 0 else { throw .malformedRequestLine("no method") }
        guard index < line.count else { throw .malformedRequestLine("no request-target") }
        let methodEnd = index
        index += 1
        let targetStart = index
        var queryMark: Int?
        while index < line.count && line[index] != 0x20 {
            let byte = line[index]
            guard HTTPSyntax.isTargetByte(byte) else { throw .invalidTargetByte(byte) }
            if byte == UInt8(ascii: "?") && queryMark == nil { queryMark = index }
            index += 1
        }
        let targetEnd = index
        guard targetEnd > targetStart else { throw .malformedRequestLine("empty request-target or two spaces") }
        if targetEnd - targetStart > limits.maxRequestTargetBytes {
            throw .targetTooLong(length: targetEnd - targetStart, limit: limits.maxRequestTargetBytes)
        }
        guard index < line.count else { throw .malformedRequestLine("no HTTP version") }
        let version = try HTTPHeadParser.parseVersion(UnsafeRawBufferPointer(rebasing: line[(index + 1)...]))

        let method = HTTPHeadParser.method(UnsafeRawBufferPointer(rebasing: line[..<methodEnd]))
        let target = HTTPHeadParser.string(UnsafeRawBufferPointer(rebasing: line[targetStart..<targetEnd]))
        let path: String
        var query: String?
        switch line[targetStart] {
        case UInt8(ascii: "/"):
            // origin-form: split at the first "?" (a "#" cannot appear: it is not sent by clients).
            if let mark = queryMark {
                path = HTTPHeadParser.string(UnsafeRawBufferPointer(rebasing: line[targetStart..<mark]))
                query = HTTPHeadParser.string(UnsafeRawBufferPointer(rebasing: line[(mark + 1)..<targetEnd]))
            } else {
                path = target
            }
        case UInt8(ascii: "*"):
            guard targetEnd - targetStart == 1, method == .OPTIONS else {
                throw .invalidTarget("'*' is only for OPTIONS")
            }
            path = "*"
        default:
            // absolute-form (RFC 9112 §3.2.2), or authority-form, which is only for CONNECT.
            let lower = target.lowercased()
            guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
                throw .invalidTarget("'\(target.prefix(64))' is not origin-form or absolute-form")
            }
            try HTTPHeadParser.checkAuthority(
                of: UnsafeRawBufferPointer(rebasing: line[targetStart..<targetEnd]), schemeLength: lower.hasPrefix("http://") ? 4 : 5)
            (path, query) = HTTPRequest.split(target: target)
        }
        return (method, target, path, query, version)
    }

    /// The authority of an absolute-form target (`http://` and up to the path, query or end): it names the
    /// host instead of `Host` (RFC 9112 §3.2.2), so it is held to the same rule, and it must have a host
    /// and no userinfo (RFC 9110 §4.2.1, §4.2.4).
    static func checkAuthority(of target: UnsafeRawBufferPointer, schemeLength: Int) throws(HTTPParserError) {
        let start = schemeLength + 3
        var end = start
        while end < target.count, target[end] != UInt8(ascii: "/"), target[end] != UInt8(ascii: "?"),
            target[end] != UInt8(ascii: "#")
        {
            end += 1
        }
        let authority = UnsafeRawBufferPointer(rebasing: target[start..<end])
        let shown = String(decoding: authority.prefix(100), as: UTF8.self)
        if authority.contains(UInt8(ascii: "@")) {
            throw .invalidTarget("userinfo ('…@') in the authority '\(shown)' is not accepted")
        }
        do throws(HTTPAuthority.Failure) {
            let parsed = try HTTPAuthority.check(authority)
            guard !parsed.host.isEmpty else { throw HTTPAuthority.Failure(reason: "no host") }
        } catch {
            throw .invalidTarget("the authority '\(shown)': \(error.reason)")
        }
    }

    /// "HTTP/" DIGIT "." DIGIT; major 1 only (505 otherwise), minor above 1 served as 1.1.
    static func parseVersion(_ text: UnsafeRawBufferPointer) throws(HTTPParserError) -> HTTPVersion {
        var shown: String { String(decoding: text.prefix(16), as: UTF8.self) }
        // Byte by byte: `starts(with: "HTTP/".utf8)` went through the generic sequence path (~240 instructions).
        guard text.count == 8, HTTPHeadParser.bytes(UnsafeRawBufferPointer(rebasing: text[..<5]), equal: "HTTP/"),
            text[6] == UInt8(ascii: "."),
            let major = digit(text[5]), let minor = digit(text[7])
        else { throw .malformedVersion(shown) }
        guard major == 1 else { throw .unsupportedVersion(shown) }
        return minor == 0 ? .http1_0 : .http1_1
    }

    private static func digit(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }

    /// field-line = field-name ":" OWS field-value OWS. Returns the field and its raw name and value bytes.
    static func parseField(
        _ line: UnsafeRawBufferPointer
    ) throws(HTTPParserError) -> (HTTPField, name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) {
        guard let first = line.first else { throw .malformedRequestLine("empty field line") }
        if first == 0x20 || first == 0x09 { throw .obsoleteLineFolding }
        var index = 0
        while index < line.count && line[index] != UInt8(ascii: ":") {
            let byte = line[index]
            if byte == 0x20 || byte == 0x09 {
                let name = String(decoding: UnsafeRawBufferPointer(rebasing: line[..<index]), as: UTF8.self)
                throw .whitespaceBeforeColon(name)
            }
            guard HTTPSyntax.isTokenByte(byte) else { throw .invalidFieldNameByte(byte) }
            index += 1
        }
        guard index < line.count else { throw .invalidFieldNameByte(line.last ?? 0) }
        // RFC 9110 §5.1: field-name = token, which is at least one tchar.
        guard index > 0 else { throw .invalidFieldNameByte(UInt8(ascii: ":")) }
        let nameBytes = UnsafeRawBufferPointer(rebasing: line[..<index])
        let name = HTTPHeadParser.fieldName(nameBytes)
        var valueStart = index + 1
        var valueEnd = line.count
        while valueStart < valueEnd && (line[valueStart] == 0x20 || line[valueStart] == 0x09) { valueStart += 1 }
        while valueEnd > valueStart && (line[valueEnd - 1] == 0x20 || line[valueEnd - 1] == 0x09) { valueEnd -= 1 }
        for position in valueStart..<valueEnd where !HTTPSyntax.isFieldValueByte(line[position]) {
            throw .invalidFieldValueByte(field: name, byte: line[position])
        }
        let valueBytes = UnsafeRawBufferPointer(rebasing: line[valueStart..<valueEnd])
        return (HTTPField(name: name, value: HTTPHeadParser.string(valueBytes)), nameBytes, valueBytes)
    }

    /// 1*DIGIT, at most the body limit (413 above it, even when it would overflow).
    static func parseContentLength(_ item: Substring, limit: Int) throws(HTTPParserError) -> Int {
        let digits = item.trimmingWhitespace()
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            throw .invalidContentLength(String(item.prefix(32)))
        }
        let significant = digits.drop { $0 == "0" }
        guard significant.utf8.count <= 18, let value = Int(significant.isEmpty ? "0" : significant) else {
            throw .bodyTooLarge(size: Int.max, limit: limit)
        }
        if value > limit { throw .bodyTooLarge(size: value, limit: limit) }
        return value
    }

    /// The fields the parser acts on, and those that carry credentials (which the journal does not keep).
    enum KnownField { case host, contentLength, transferEncoding, connection, expect, credentials, other }

    static func known(_ name: UnsafeRawBufferPointer) -> KnownField {
        func equals(_ literal: StaticString) -> Bool { bytes(name, equal: literal, ignoringCase: true) }
        switch name.count {
        case 4: return equals("host") ? .host : .other
        case 6: return equals("expect") ? .expect : equals("cookie") ? .credentials : .other
        case 10: return equals("connection") ? .connection : .other
        case 13: return equals("authorization") ? .credentials : .other
        case 14: return equals("content-length") ? .contentLength : .other
        case 17: return equals("transfer-encoding") ? .transferEncoding : .other
        case 19: return equals("proxy-authorization") ? .credentials : .other
        default: return .other
        }
    }

    /// Whether `bytes` are `literal` (lowercase ASCII when `ignoringCase`), without making a String.
    static func bytes(_ bytes: UnsafeRawBufferPointer, equal literal: StaticString, ignoringCase: Bool = false) -> Bool {
        guard bytes.count == literal.utf8CodeUnitCount else { return false }
        let text = UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        let fold: UInt8 = ignoringCase ? 0x20 : 0
        for index in 0..<bytes.count where bytes[index] | fold != text[index] { return false }
        return true
    }

    /// `bytes` as a String, ill-formed UTF-8 replaced by U+FFFD as `String(decoding:as:)` does, at about half its
    /// cost for the short texts of a head (callgrind: `String(decoding:as:)` went through three functions,
    /// ~150 instructions for a 14-byte `Host` value, where this writes a small string in place).
    @inline(__always)
    static func string(_ bytes: UnsafeRawBufferPointer) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return 0 }
            buffer.baseAddress!.initialize(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
            return bytes.count
        }
    }

    /// A field name as a shared constant when it is spelled as clients most often send it (no String to build
    /// for the `Host` of every request, nor for a browser's dozen names); otherwise built from the bytes.
    static func fieldName(_ name: UnsafeRawBufferPointer) -> String {
        func equals(_ literal: StaticString) -> Bool { bytes(name, equal: literal) }
        switch name.count {
        case 4: if equals("Host") { return "Host" } else if equals("host") { return "host" }
        case 6:
            if equals("Accept") {
                return "Accept"
            } else if equals("Cookie") {
                return "Cookie"
            } else if equals("Origin") {
                return "Origin"
            }
        case 7: if equals("Referer") { return "Referer" }
        case 10:
            if equals("User-Agent") { return "User-Agent" } else if equals("Connection") { return "Connection" }
        case 12: if equals("Content-Type") { return "Content-Type" }
        case 13: if equals("Authorization") { return "Authorization" } else if equals("Cache-Control") { return "Cache-Control" }
        case 14: if equals("Content-Length") { return "Content-Length" } else if equals("Sec-Fetch-Mode") { return "Sec-Fetch-Mode" }
        case 15:
            if equals("Accept-Encoding") { return "Accept-Encoding" } else if equals("Accept-Language") { return "Accept-Language" }
        default: break
        }
        return string(name)
    }

    /// The method token as the shared constant when it is GET, HEAD or POST: no String to build per request.
    static func method(_ token: UnsafeRawBufferPointer) -> HTTPMethod {
        if bytes(token, equal: "GET") { return .GET }
        if bytes(token, equal: "HEAD") { return .HEAD }
        if bytes(token, equal: "POST") { return .POST }
        return HTTPMethod(String(decoding: token, as: UTF8.self))
    }

}

extension StringProtocol {
    /// The text without leading and trailing SP and HTAB (OWS).
    package func trimmingWhitespace() -> SubSequence {
        var text = self[...]
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
