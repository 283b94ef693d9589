/// Why a request was refused. Each case knows its status and a one-line reason naming the value at
/// fault; the connection answers with them and closes (nothing after a framing error can be trusted).
package enum HTTPParserError: Error, Sendable, Equatable, CustomStringConvertible {
    case malformedRequestLine(String)
    case invalidMethodByte(UInt8)
    case invalidTargetByte(UInt8)
    case invalidTarget(String)
    case malformedVersion(String)
    case unsupportedVersion(String)
    case bareLineFeed
    case obsoleteLineFolding
    case whitespaceBeforeColon(String)
    case invalidFieldNameByte(UInt8)
    case invalidFieldValueByte(field: String, byte: UInt8)
    case missingHost
    case duplicateHost
    case invalidHost(String, reason: String)
    case contentLengthWithTransferEncoding
    case invalidContentLength(String)
    case differingContentLengths
    case transferEncodingInHTTP10
    case chunkedNotFinal(String)
    case unsupportedTransferCoding(String)
    case malformedChunk(String)
    case unsupportedExpectation(String)
    case targetTooLong(length: Int, limit: Int)
    case headerSectionTooLarge(size: Int, limit: Int)
    case tooManyFields(count: Int, limit: Int)
    case bodyTooLarge(size: Int, limit: Int)

    /// The status the connection answers with.
    package var status: HTTPStatus {
        switch self {
        case .unsupportedVersion: .httpVersionNotSupported
        case .unsupportedTransferCoding: .notImplemented
        case .unsupportedExpectation: .expectationFailed
        case .targetTooLong: .uriTooLong
        case .headerSectionTooLarge, .tooManyFields: .requestHeaderFieldsTooLarge
        case .bodyTooLarge: .contentTooLarge
        default: .badRequest
        }
    }

    /// One line saying what was wrong, with the value at fault.
    package var reason: String {
        switch self {
        case .malformedRequestLine(let why): "malformed request line: \(why)"
        case .invalidMethodByte(let byte): "invalid byte \(hex(byte)) in the method"
        case .invalidTargetByte(let byte): "invalid byte \(hex(byte)) in the request-target"
        case .invalidTarget(let why): "invalid request-target: \(why)"
        case .malformedVersion(let text): "malformed HTTP version '\(text)'"
        case .unsupportedVersion(let text): "HTTP version \(text) is not supported; use HTTP/1.1"
        case .bareLineFeed: "line ends in a bare LF; lines must end in CRLF"
        case .obsoleteLineFolding: "obsolete line folding (a field line starting with whitespace) is not accepted"
        case .whitespaceBeforeColon(let name): "whitespace between field name '\(name)' and the colon"
        case .invalidFieldNameByte(let byte): "invalid byte \(hex(byte)) in a field name"
        case .invalidFieldValueByte(let field, let byte): "invalid byte \(hex(byte)) in the value of '\(field)'"
        case .missingHost: "missing Host header (required in HTTP/1.1)"
        case .duplicateHost: "more than one Host header"
        case .invalidHost(let value, let why): "invalid Host '\(value)': \(why)"
        case .contentLengthWithTransferEncoding: "both Content-Length and Transfer-Encoding are present"
        case .invalidContentLength(let value): "invalid Content-Length '\(value)'"
        case .differingContentLengths: "Content-Length fields differ"
        case .transferEncodingInHTTP10: "Transfer-Encoding in an HTTP/1.0 request"
        case .chunkedNotFinal(let value): "Transfer-Encoding '\(value)' does not end in chunked"
        case .unsupportedTransferCoding(let coding): "transfer coding '\(coding)' is not supported"
        case .malformedChunk(let why): "malformed chunked body: \(why)"
        case .unsupportedExpectation(let value): "expectation '\(value)' is not supported"
        case .targetTooLong(let length, let limit):
            "request-target is \(length) bytes; the limit is \(limit) (ServerLimits.maxRequestTargetBytes)"
        case .headerSectionTooLarge(let size, let limit):
            "request header section is \(size) bytes; the limit is \(limit) (--max-header-bytes)"
        case .tooManyFields(let count, let limit): "request has \(count) header fields; the limit is \(limit) (ServerLimits.maxHeaderCount)"
        case .bodyTooLarge(let size, let limit): "request body is \(size) bytes; the limit is \(limit) (--max-body-bytes)"
        }
    }

    package var description: String { "\(reason) (\(status.code))" }

    private func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x\(digits[Int(byte >> 4)])\(digits[Int(byte & 0xF)])"
    }
}
