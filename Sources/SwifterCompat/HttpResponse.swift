import Foundation

/// A handler's answer, Swifter's enum case for case. The server sends it over HTTP/1.1 with a
/// `Content-Length` whatever the case (so the connection stays open), where Swifter closed the connection
/// after every case without a known length (201, 202, 301, 307, bodiless errors, `.raw`).
public enum HttpResponse {
    /// 101 with the given fields; once it is written, the connection leaves HTTP and the closure gets its
    /// socket, on a thread of its own, for as long as it runs (websockets). At most
    /// `HttpServerIO.maxUpgradedConnections` at once (503 beyond); `stop()` ends them.
    case switchProtocols([String: String], (Socket) -> Void)
    /// 200 with a body and extra header fields.
    case ok(HttpResponseBody, [String: String] = [:])
    /// 201, no body.
    case created
    /// 202, no body.
    case accepted
    /// 301 to the location.
    case movedPermanently(String)
    /// 307 to the location (sent as "307 Temporary Redirect"; Swifter's phrase was "Moved Temporarily").
    case movedTemporarily(String)
    /// 400, with an optional body.
    case badRequest(HttpResponseBody?)
    /// 401, with an optional body.
    case unauthorized(HttpResponseBody?)
    /// 403, with an optional body.
    case forbidden(HttpResponseBody?)
    /// 404, with an optional body.
    case notFound(HttpResponseBody? = nil)
    /// 406, with an optional body.
    case notAcceptable(HttpResponseBody?)
    /// 429, with an optional body.
    case tooManyRequests(HttpResponseBody?)
    /// 500, with an optional body.
    case internalServerError(HttpResponseBody?)
    /// Any status code and phrase, header fields, and a closure that writes the body.
    case raw(Int, String, [String: String]?, ((HttpResponseBodyWriter) throws -> Void)?)

    /// The status code.
    public var statusCode: Int {
        switch self {
        case .switchProtocols: 101
        case .ok: 200
        case .created: 201
        case .accepted: 202
        case .movedPermanently: 301
        case .movedTemporarily: 307
        case .badRequest: 400
        case .unauthorized: 401
        case .forbidden: 403
        case .notFound: 404
        case .notAcceptable: 406
        case .tooManyRequests: 429
        case .internalServerError: 500
        case .raw(let code, _, _, _): code
        }
    }

    /// The reason phrase of the status line.
    public var reasonPhrase: String {
        switch self {
        case .switchProtocols: "Switching Protocols"
        case .ok: "OK"
        case .created: "Created"
        case .accepted: "Accepted"
        case .movedPermanently: "Moved Permanently"
        // RFC 9110 §15.4.8: 307 is "Temporary Redirect"; "Moved Temporarily" names 302.
        case .movedTemporarily: "Temporary Redirect"
        case .badRequest: "Bad Request"
        case .unauthorized: "Unauthorized"
        case .forbidden: "Forbidden"
        case .notFound: "Not Found"
        case .notAcceptable: "Not Acceptable"
        case .tooManyRequests: "Too Many Requests"
        case .internalServerError: "Internal Server Error"
        case .raw(_, let phrase, _, _): phrase
        }
    }

    /// The header fields sent: `Server`, then the case's own (`Location`, the body's `Content-Type`, custom
    /// ones). `Content-Length` and `Connection` are the server's, whatever is set here.
    public func headers() -> [String: String] {
        var headers = ["Server": HttpResponse.serverName]
        switch self {
        case .switchProtocols(let extra, _):
            headers.merge(extra) { $1 }
        case .ok(let body, let extra):
            headers.merge(extra) { $1 }
            if let type = body.contentType { headers["Content-Type"] = type }
        case .movedPermanently(let location), .movedTemporarily(let location):
            headers["Location"] = location
        case .raw(_, _, let extra, _):
            if let extra { headers.merge(extra) { $1 } }
        default:
            break
        }
        return headers
    }

    /// The `Server` field's value.
    static let serverName = "Swifter \(HttpServer.VERSION) (SwifterCompat)"

    /// The body of an error case, if any.
    var errorBody: HttpResponseBody? {
        switch self {
        case .badRequest(let body), .unauthorized(let body), .forbidden(let body), .notFound(let body),
            .notAcceptable(let body), .tooManyRequests(let body), .internalServerError(let body):
            body
        default:
            nil
        }
    }
}

/// Whether two responses have the same status code (associated values are not compared), as Swifter's
/// `==`: `if response == .notFound() { … }`.
public func == (left: HttpResponse, right: HttpResponse) -> Bool { left.statusCode == right.statusCode }

/// Why a body could not be serialised (`.json` of something `JSONSerialization` refuses).
public enum SerializationError: Error {
    /// The object is not valid JSON (`JSONSerialization.isValidJSONObject`).
    case invalidObject
    /// The body kind cannot be serialised.
    case notSupported
}
