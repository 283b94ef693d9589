/// Why `HttpParser` refused a request.
public enum HttpParserError: Error, Equatable {
    /// The request line does not have a method, a target and a version.
    case invalidStatusLine(String)
    /// `Content-Length` is negative.
    case negativeContentLength
    /// `Content-Length` is not a decimal number.
    case invalidContentLength(String)
    /// `Content-Length` is over `maxBodyBytes`; nothing of the body was read.
    case bodyTooLarge(length: Int, limit: Int)
    /// A line is over `maxLineBytes`.
    case lineTooLong(limit: Int)
    /// More header fields than `maxHeaderCount`.
    case tooManyHeaders(limit: Int)
}

/// Reads one HTTP/1.x request from a `Socket`, as Swifter's `HttpParser` (the server does not use it: it
/// has its own incremental parser). Unlike Swifter's, every read is bounded: a line, the number of header
/// fields and the body each have a limit, so a `Content-Length` of 9223372036854775807 is refused before
/// anything is allocated (Swifter allocated it and crashed).
public class HttpParser {
    /// Longest request line or header line, in bytes. Default 8 KiB.
    public var maxLineBytes = 8 * 1024
    /// Most header fields. Default 100.
    public var maxHeaderCount = 100
    /// Largest body, in bytes. Default 1 MiB (the server's `ServerLimits.maxBodyBytes` default).
    public var maxBodyBytes = 1024 * 1024

    /// A parser with the default limits.
    public init() {}

    /// Reads the request line, the header fields and a `Content-Length` body. `path` keeps its
    /// percent-encoding; `queryParams` are as sent; header names are lowercased and the last of repeated
    /// fields wins; a line without a colon is skipped.
    public func readHttpRequest(_ socket: Socket) throws -> HttpRequest {
        let requestLine = try socket.readLine(maxBytes: maxLineBytes)
        let tokens = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard tokens.count >= 3 else { throw HttpParserError.invalidStatusLine(requestLine) }
        let request = HttpRequest()
        request.method = String(tokens[0])
        var target = tokens[1]
        if let hash = target.firstIndex(of: "#") { target = target[..<hash] }
        if let mark = target.firstIndex(of: "?") {
            request.path = String(target[..<mark])
            request.queryParams = HttpRequest.queryPairs(String(target[target.index(after: mark)...]))
        } else {
            request.path = String(target)
            request.queryParams = []
        }
        request.headers = try readHeaders(socket)
        if let text = request.headers["content-length"] {
            guard let length = Int(text) else {
                throw text.hasPrefix("-") && Int(text.dropFirst()) != nil
                    ? HttpParserError.negativeContentLength : HttpParserError.invalidContentLength(text)
            }
            guard length >= 0 else { throw HttpParserError.negativeContentLength }
            guard length <= maxBodyBytes else { throw HttpParserError.bodyTooLarge(length: length, limit: maxBodyBytes) }
            request.body = try socket.read(length: length)
        }
        return request
    }

    private func readHeaders(_ socket: Socket) throws -> [String: String] {
        var headers: [String: String] = [:]
        var count = 0
        while true {
            let line = try socket.readLine(maxBytes: maxLineBytes)
            if line.isEmpty { return headers }
            count += 1
            guard count <= maxHeaderCount else { throw HttpParserError.tooManyHeaders(limit: maxHeaderCount) }
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = String(line[line.index(after: colon)...].trimmingSpaces())
        }
    }
}
