import ShortcutHTTP

/// Absolute links (`http://HOST:PORT/v3/<id>`) for API answers: the authority the request was addressed to
/// (its `Host`, or its absolute-form target; the API answers only allowed hosts), else the address the
/// server is bound to.
struct LinkBuilder: Sendable {
    let fallbackAuthority: @Sendable () -> String

    func absolute(_ path: String, for request: HTTPRequest) -> String {
        let authority = request.authority.flatMap { $0.isEmpty ? nil : $0 } ?? fallbackAuthority()
        return "http://\(authority)\(path)"
    }
}
