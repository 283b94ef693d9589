import ShortcutPlatform

/// A response: status, header fields and body. Handlers build them with the Swifter-style factories
/// (`.ok(.html(…))`, `.movedPermanently(url)`, `.notFound`, `.raw(…)`); the writer adds `Date`,
/// `Content-Length` and `Connection`.
public struct HTTPResponse: Sendable {
    /// The status. Setting it drops the head `prepared()` serialised.
    public var status: HTTPStatus {
        get { shared.value.status }
        set {
            shared.value.status = newValue
            shared.value.preparedHead = nil
        }
    }
    /// The header fields set by the handler. `Content-Length`, `Date` and `Connection` are the writer's.
    /// Changing them drops the head `prepared()` serialised.
    public var headers: HTTPHeaders {
        get { shared.value.headers }
        _modify {
            defer { shared.value.preparedHead = nil }
            yield &shared.value.headers
        }
    }
    /// The body (omitted on the wire for HEAD, 1xx, 204 and 304).
    public var body: [UInt8] {
        get { shared.value.body }
        _modify { yield &shared.value.body }
    }
    /// How long to hold the answer back (mocky's `?mocky-delay=`), without blocking other connections.
    ///
    /// Meanwhile the connection reads nothing (requests pipelined behind it wait their turn), but it hears its
    /// client leave: a client that closes its connection, or only its sending side (a half-close), while its
    /// answer is held back is taken as gone, as nginx takes one that closes while it waits for an upstream's
    /// answer. The connection is closed at once and the answer dropped, so abandoned requests hold neither a
    /// descriptor nor a place under `ServerLimits.maxConnections` until their delay is over. The same holds
    /// while a dribbled body waits between its pieces, and while a `blocking` or `async` handler makes its
    /// answer (its work still runs to its end).
    public var delay: Duration {
        get { shared.value.delay }
        set { shared.value.delay = newValue }
    }
    /// How the answer leaves the connection (`.whole` but for a mock server's slow or broken network).
    package var delivery: ResponseDelivery {
        get { shared.value.delivery }
        set { shared.value.delivery = newValue }
    }
    /// For a 101 answer: who takes the connection over once the answer is written (`switchingProtocols`).
    public var upgrade: UpgradeHandler? {
        get { shared.value.upgrade }
        set { shared.value.upgrade = newValue }
    }
    /// What the routes recognised the exchange as (`AASA fetch by Apple's CDN (AASA-Bot)`), for the access
    /// log and the request journal; never sent. Setting it keeps the prepared head (it is not on the wire).
    package var note: String? {
        get { shared.value.note }
        set { shared.value.note = newValue }
    }
    /// Whether the request journal records this exchange (default true). The journal's own answers say
    /// false: a test that waits on the journal would otherwise fill it with its own reads.
    package var isJournaled: Bool {
        get { shared.value.isJournaled }
        set { shared.value.isJournaled = newValue }
    }
    /// The value of the first header field named `name`, read in place (`headers` returns a copy: two
    /// retains and releases more, on every answer).
    func headerValue(_ name: String) -> String? { shared.value.headers.firstValue(named: name) }

    /// Work that makes the real answer off the event loop (`DeferredAnswer`); nil for an answer made.
    var deferred: DeferredAnswer? {
        get { shared.value.deferred }
        set { shared.value.deferred = newValue }
    }
    /// The status line and header fields serialised by `prepared()`, or nil. Current by construction:
    /// every change of `status` or `headers` (on this value or a copy of it) sets it back to nil, so
    /// whoever holds it may send it without comparing anything.
    var preparedHead: [UInt8]? {
        get { shared.value.preparedHead }
        set { shared.value.preparedHead = newValue }
    }

    /// The fields, in one copy-on-write box (as `HTTPRequest`'s): a response is copied from a handler's
    /// prepared constant, through the router, to the writer; each copy is then one retain and release, not
    /// one per reference-counted field (five).
    private struct Fields: Sendable {
        var status: HTTPStatus
        var headers: HTTPHeaders
        var body: [UInt8]
        var delay: Duration = .zero
        var delivery = ResponseDelivery.whole
        var preparedHead: [UInt8]?
        var upgrade: UpgradeHandler?
        var deferred: DeferredAnswer?
        var note: String?
        var isJournaled = true
    }

    private var shared: CopyOnWrite<Fields>

    /// Makes a response.
    public init(status: HTTPStatus, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        shared = CopyOnWrite(Fields(status: status, headers: headers, body: body))
    }

    /// Makes a response with a typed body: its media type becomes `Content-Type`.
    public init(status: HTTPStatus, headers: HTTPHeaders = [:], body: HTTPBody) {
        var headers = headers
        if let type = body.contentType, !headers.contains("Content-Type") { headers["Content-Type"] = type }
        self.init(status: status, headers: headers, body: body.bytes)
    }

    /// 200 with a body.
    public static func ok(_ body: HTTPBody) -> HTTPResponse { HTTPResponse(status: .ok, body: body) }
    /// 201 with a body.
    public static func created(_ body: HTTPBody) -> HTTPResponse { HTTPResponse(status: .created, body: body) }
    /// 204, no body.
    public static var noContent: HTTPResponse { HTTPResponse(status: .noContent) }
    /// 301 to `location`.
    public static func movedPermanently(_ location: String) -> HTTPResponse { redirect(.movedPermanently, location) }
    /// 302 to `location` ("Found"; Swifter's `.movedTemporarily`).
    public static func found(_ location: String) -> HTTPResponse { redirect(.found, location) }
    /// 302 to `location`, Swifter's name for `.found`.
    public static func movedTemporarily(_ location: String) -> HTTPResponse { redirect(.found, location) }
    /// 303 to `location`.
    public static func seeOther(_ location: String) -> HTTPResponse { redirect(.seeOther, location) }
    /// 307 to `location`.
    public static func temporaryRedirect(_ location: String) -> HTTPResponse { redirect(.temporaryRedirect, location) }
    /// 308 to `location`.
    public static func permanentRedirect(_ location: String) -> HTTPResponse { redirect(.permanentRedirect, location) }
    /// 400 with a one-line reason as plain text (none when nil).
    public static func badRequest(_ reason: String?) -> HTTPResponse { .error(.badRequest, reason) }
    /// 401, no body.
    public static var unauthorized: HTTPResponse { HTTPResponse(status: .unauthorized) }
    /// 403, no body.
    public static var forbidden: HTTPResponse { HTTPResponse(status: .forbidden) }
    /// 404, no body.
    public static var notFound: HTTPResponse { HTTPResponse(status: .notFound) }
    /// 500, no body.
    public static var internalServerError: HTTPResponse { HTTPResponse(status: .internalServerError) }

    /// Any status, header fields and body: Swifter's `.raw(code, phrase, headers, writer)` made plain.
    public static func raw(_ status: Int, _ headers: HTTPHeaders = [:], _ body: [UInt8] = []) -> HTTPResponse {
        HTTPResponse(status: HTTPStatus(status), headers: headers, body: body)
    }

    /// A status with a one-line plain-text reason (`reason` + LF), or no body when nil.
    public static func error(_ status: HTTPStatus, _ reason: String?) -> HTTPResponse {
        guard let reason else { return HTTPResponse(status: status) }
        return HTTPResponse(status: status, body: .text(reason + "\n"))
    }

    static func redirect(_ status: HTTPStatus, _ location: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Location": location])
    }

    /// This response with one more header field.
    public func with(header name: String, _ value: String) -> HTTPResponse {
        var copy = self
        copy.headers.add(name: name, value: value)
        return copy
    }

    /// A copy with `note` set (nil keeps none): what the access log and the journal say of the exchange.
    package func noted(_ note: String?) -> HTTPResponse {
        guard let note else { return self }
        var copy = self
        copy.note = note
        return copy
    }

    /// How many bytes `prepared()` keeps for the serialised head (0 when not prepared): for caches that
    /// budget what they hold.
    package var preparedByteCount: Int { preparedHead?.count ?? 0 }

    /// This response, held back by `delay` before it is written.
    public func delayed(by delay: Duration) -> HTTPResponse {
        // `/v3/<id>` asks on every play, nearly always for no delay: a copy of a shared box would be made.
        guard delay != self.delay else { return self }
        var copy = self
        copy.delay = delay
        return copy
    }
}
