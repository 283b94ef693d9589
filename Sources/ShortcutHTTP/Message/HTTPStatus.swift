/// An HTTP status code and its reason phrase (RFC 9110 §15). An open set: any code from 100 to 999 works.
public struct HTTPStatus: Hashable, Sendable, CustomStringConvertible {
    /// The three-digit status code.
    public let code: Int
    /// The reason phrase sent on the status line (may be empty, RFC 9112 §4).
    public let reasonPhrase: String

    /// Makes a status with an explicit reason phrase.
    public init(code: Int, reasonPhrase: String) {
        self.code = code
        self.reasonPhrase = reasonPhrase
    }

    /// Makes a status with the standard reason phrase for `code`, or an empty one for unregistered codes.
    public init(_ code: Int) {
        self.init(code: code, reasonPhrase: HTTPStatus.standardReasons[code] ?? "")
    }

    public var description: String { "\(code) \(reasonPhrase)" }

    /// `100 Continue`.
    public static let `continue` = HTTPStatus(100)
    /// `200 OK`.
    public static let ok = HTTPStatus(200)
    /// `201 Created`.
    public static let created = HTTPStatus(201)
    /// `202 Accepted`.
    public static let accepted = HTTPStatus(202)
    /// `204 No content`.
    public static let noContent = HTTPStatus(204)
    /// `301 Moved permanently`.
    public static let movedPermanently = HTTPStatus(301)
    /// `302 Found`.
    public static let found = HTTPStatus(302)
    /// `303 See other`.
    public static let seeOther = HTTPStatus(303)
    /// `304 Not modified`.
    public static let notModified = HTTPStatus(304)
    /// `307 Temporary redirect`.
    public static let temporaryRedirect = HTTPStatus(307)
    /// `308 Permanent redirect`.
    public static let permanentRedirect = HTTPStatus(308)
    /// `400 Bad request`.
    public static let badRequest = HTTPStatus(400)
    /// `401 Unauthorized`.
    public static let unauthorized = HTTPStatus(401)
    /// `403 Forbidden`.
    public static let forbidden = HTTPStatus(403)
    /// `404 Not found`.
    public static let notFound = HTTPStatus(404)
    /// `405 Method not allowed`.
    public static let methodNotAllowed = HTTPStatus(405)
    /// `409 Conflict`.
    public static let conflict = HTTPStatus(409)
    /// `408 Request timeout`.
    public static let requestTimeout = HTTPStatus(408)
    /// `411 Length required`.
    public static let lengthRequired = HTTPStatus(411)
    /// `413 Content too large`.
    public static let contentTooLarge = HTTPStatus(413)
    /// `414 URI Too Long`.
    public static let uriTooLong = HTTPStatus(414)
    /// `415 Unsupported media type`.
    public static let unsupportedMediaType = HTTPStatus(415)
    /// `417 Expectation failed`.
    public static let expectationFailed = HTTPStatus(417)
    /// `422 Unprocessable content`.
    public static let unprocessableContent = HTTPStatus(422)
    /// `431 Request header fields too large`.
    public static let requestHeaderFieldsTooLarge = HTTPStatus(431)
    /// `500 Internal server error`.
    public static let internalServerError = HTTPStatus(500)
    /// `501 Not implemented`.
    public static let notImplemented = HTTPStatus(501)
    /// `503 Service unavailable`.
    public static let serviceUnavailable = HTTPStatus(503)
    /// `505 HTTP Version Not Supported`.
    public static let httpVersionNotSupported = HTTPStatus(505)

    /// Reason phrases from the IANA HTTP Status Code Registry.
    static let standardReasons: [Int: String] = [
        100: "Continue", 101: "Switching Protocols", 102: "Processing", 103: "Early Hints",
        200: "OK", 201: "Created", 202: "Accepted", 203: "Non-Authoritative Information", 204: "No Content",
        205: "Reset Content", 206: "Partial Content", 207: "Multi-Status", 208: "Already Reported", 226: "IM Used",
        300: "Multiple Choices", 301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
        305: "Use Proxy", 307: "Temporary Redirect", 308: "Permanent Redirect",
        400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden", 404: "Not Found",
        405: "Method Not Allowed", 406: "Not Acceptable", 407: "Proxy Authentication Required",
        408: "Request Timeout", 409: "Conflict", 410: "Gone", 411: "Length Required", 412: "Precondition Failed",
        413: "Content Too Large", 414: "URI Too Long", 415: "Unsupported Media Type", 416: "Range Not Satisfiable",
        417: "Expectation Failed", 418: "I'm a teapot", 421: "Misdirected Request", 422: "Unprocessable Content",
        423: "Locked", 424: "Failed Dependency", 425: "Too Early", 426: "Upgrade Required",
        428: "Precondition Required", 429: "Too Many Requests", 431: "Request Header Fields Too Large",
        451: "Unavailable For Legal Reasons",
        500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
        504: "Gateway Timeout", 505: "HTTP Version Not Supported", 506: "Variant Also Negotiates",
        507: "Insufficient Storage", 508: "Loop Detected", 511: "Network Authentication Required",
    ]
}
