import ShortcutPlatform

/// Turns a request into a response through the frozen routing table: the handler's answer, or 404,
/// 405 with `Allow`, or 400 for an undecodable path, each with a one-line reason.
struct Responder: Sendable {
    let router: Router
    /// Asked before the routes (`HTTPServer.beforeRoutes`), while `beforeRoutesGate` is not 0; nil: none.
    var beforeRoutes: (@Sendable (inout HTTPRequest) -> HTTPResponse?)? = nil
    var beforeRoutesGate: AtomicWord? = nil
    /// Answers what no route matches (`HTTPServer.unmatchedHandler`); nil: a plain 404.
    var unmatched: HTTPHandler? = nil

    /// The methods of RFC 9110 §9 and PATCH (RFC 5789); others get 501 unless a route names them.
    static let knownMethods: Set<HTTPMethod> = [.GET, .HEAD, .POST, .PUT, .DELETE, .PATCH, .OPTIONS, .CONNECT, .TRACE]

    func respond(to request: HTTPRequest) -> HTTPResponse {
        var request = request
        return respond(to: &request)
    }

    /// `respond`, leaving the captures and the route's pattern on `request` (for the journal).
    func respond(to request: inout HTTPRequest) -> HTTPResponse {
        if request.path == "*" {
            // RFC 9110 §9.3.7: OPTIONS * asks about the server itself.
            return HTTPResponse(status: .noContent, headers: ["Allow": "GET, HEAD, POST, PUT, DELETE, OPTIONS"])
        }
        if let beforeRoutes, beforeRoutesGate.map({ $0.load() != 0 }) ?? true, let answer = beforeRoutes(&request) { return answer }
        switch router.match(request.method, path: request.path) {
        case .handler(let handler, let params, let pattern):
            request.params = params
            request.route = pattern
            return handler(request)
        case .methodNotAllowed where !Responder.knownMethods.contains(request.method):
            // RFC 9110 §15.6.2: a method the server does not recognise is 501, not 405.
            return .error(.notImplemented, "method \(request.method.rawValue.prefix(32)) is not implemented")
        case .notFound where !Responder.knownMethods.contains(request.method):
            return .error(.notImplemented, "method \(request.method.rawValue.prefix(32)) is not implemented")
        case .methodNotAllowed(let allowed):
            let list = allowed.map(\.rawValue).joined(separator: ", ")
            return HTTPResponse.error(.methodNotAllowed, "method \(request.method) is not allowed on \(request.path); allowed: \(list)")
                .with(header: "Allow", list)
        case .notFound:
            if let unmatched { return unmatched(request) }
            return .error(.notFound, "no route for \(request.method) \(request.path.prefix(200))")
        case .badPath(let reason):
            return .badRequest(reason)
        }
    }

    /// `respond`, or the 500 a connection sends instead when the response's header fields cannot be sent
    /// (`HTTPHeaders.firstInvalidName`): what a client would get, for `HTTPServer.respond(to:)`.
    func respondAsSent(to request: HTTPRequest) -> HTTPResponse {
        var response = respond(to: request)
        if let work = response.deferred { response = work.waitForAnswer() }
        guard let name = response.headers.firstInvalidName else { return response }
        return Responder.refusal(invalidField: name)
    }

    /// The 500 that replaces a response whose field `name` cannot be sent (RFC 9112 §2.2: no response
    /// splitting).
    static func refusal(invalidField name: String) -> HTTPResponse {
        .error(
            .internalServerError,
            "the handler's header field '\(name.prefix(64))' holds a byte no field may carry (CR, LF, NUL or another control)")
    }
}
