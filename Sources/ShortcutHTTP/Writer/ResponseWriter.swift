/// Serialises responses into a connection's output buffer, so that header and body leave in one write.
/// It owns the framing fields: `Content-Length`, `Date` and `Connection` are always its own, whatever
/// the handler set.
import HTTPVocabulary

enum ResponseWriter {
    /// Appends `response` to `out`. Its header fields must be valid (`headers.firstInvalidName == nil`):
    /// the connection answers 500 instead of a response whose fields would split it. `isHead`: send the length of the body but not the
    /// body. `keepAlive`: whether the connection stays open after this response (else `Connection: close`).
    /// `echoKeepAlive`: an HTTP/1.0 client asked for keep-alive and must be told it got it.
    static func append(
        _ response: HTTPResponse, to out: inout [UInt8], isHead: Bool, keepAlive: Bool, echoKeepAlive: Bool,
        date: [UInt8]
    ) {
        if appendHead(response, to: &out, isHead: isHead, keepAlive: keepAlive, echoKeepAlive: echoKeepAlive, date: date) {
            out.append(contentsOf: response.body)
        }
    }

    /// `append` without the body: the status line and header section. Returns whether the body is to
    /// follow (not for HEAD, nor for a status without content). `date`: the `Date` field line, CRLF
    /// included, as `HTTPDate.now()` keeps it.
    static func appendHead(
        _ response: HTTPResponse, to out: inout [UInt8], isHead: Bool, keepAlive: Bool, echoKeepAlive: Bool,
        date: [UInt8]
    ) -> Bool {
        let code = response.status.code
        let hasNoBody = (100..<200).contains(code) || code == 204 || code == 304
        if let prepared = response.preparedHead {
            out.append(contentsOf: prepared)
        } else {
            appendStatusAndFields(response, to: &out)
        }
        out.append(contentsOf: date)
        // The rest is assembled on the stack and appended once: each append to `out` checks its
        // uniqueness and capacity, which cost more than the few bytes (callgrind: ~300 instructions a
        // request when appended piece by piece and digit by digit).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: tailCapacity) { tail in
            var count = 0
            func put(_ text: StaticString) {
                let bytes = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
                count += UnsafeMutableBufferPointer(rebasing: tail[count...]).initialize(fromContentsOf: bytes)
            }
            if !hasNoBody {
                put("Content-Length: ")
                count += writeDecimal(response.body.count, to: UnsafeMutableBufferPointer(rebasing: tail[count...]))
                put("\r\n")
            }
            if !keepAlive {
                put("Connection: close\r\n")
            } else if echoKeepAlive {
                put("Connection: keep-alive\r\n")
            }
            put("\r\n")
            out.append(contentsOf: UnsafeBufferPointer(rebasing: tail[..<count]))
        }
        return !isHead && !hasNoBody
    }

    /// Room for what follows `Date`: `Content-Length: ` and 19 digits, `Connection: keep-alive`, CRLFs.
    static let tailCapacity = 80

    /// The status line and the handler's header fields (not the writer's own).
    static func appendStatusAndFields(_ response: HTTPResponse, to out: inout [UInt8]) {
        appendStatusLine(response.status, to: &out)
        for field in response.headers.fields where !isWritersOwn(field.name) {
            out.append(contentsOf: field.name.utf8)
            out.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: " ")])
            out.append(contentsOf: field.value.utf8)
            out.append(contentsOf: crlf)
        }
    }

    /// `HTTP/1.1 100 Continue` with nothing else (RFC 9110 §10.1.1).
    static let continueLine: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    static func isWritersOwn(_ name: String) -> Bool {
        switch name.utf8.count {
        case 4: name.equalsIgnoringASCIICase("date")
        case 10: name.equalsIgnoringASCIICase("connection")
        case 14: name.equalsIgnoringASCIICase("content-length")
        case 17: name.equalsIgnoringASCIICase("transfer-encoding")
        default: false
        }
    }

    static func appendStatusLine(_ status: HTTPStatus, to out: inout [UInt8]) {
        if status.reasonPhrase == HTTPStatus.standardReasons[status.code], let line = statusLines[status.code] {
            out.append(contentsOf: line)
            return
        }
        out.append(contentsOf: "HTTP/1.1 ".utf8)
        appendDecimal(status.code, to: &out)
        out.append(UInt8(ascii: " "))
        // The reason phrase is text from the handler: keep only what RFC 9112 §4 allows.
        out.append(contentsOf: status.reasonPhrase.utf8.filter { $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) })
        out.append(contentsOf: crlf)
    }

    static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[..<writeDecimal(value, to: digits)]))
        }
    }

    /// Writes `value` (not negative) in decimal at the start of `buffer`; returns how many digits.
    static func writeDecimal(_ value: Int, to buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var divisor = 1
        while divisor <= value / 10 { divisor *= 10 }
        var count = 0
        while divisor > 0 {
            buffer[count] = UInt8(ascii: "0") + UInt8(value / divisor % 10)
            count += 1
            divisor /= 10
        }
        return count
    }

    static let crlf: [UInt8] = [0x0D, 0x0A]
    static let statusLines: [Int: [UInt8]] = Dictionary(
        uniqueKeysWithValues: HTTPStatus.standardReasons.map { ($0.key, Array("HTTP/1.1 \($0.key) \($0.value)\r\n".utf8)) })
}
