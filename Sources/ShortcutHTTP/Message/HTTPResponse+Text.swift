extension HTTPResponse {
    /// The body as UTF-8 text (invalid sequences are replaced), as `HTTPRequest.bodyText`: for tests that
    /// read an answer from `HTTPServer.respond(to:)`.
    public var bodyText: String { String(decoding: body, as: UTF8.self) }
}
