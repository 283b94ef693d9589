import ShortcutHTTP

extension RawResponse {
    /// `response`, answered in process (`HTTPServer.respond(to:)`), in the parts a client reads: status line,
    /// the handler's fields in order, body. The writer's fields (`Date`, `Content-Length`, `Connection`) are
    /// the wire's, and absent here.
    public init(_ response: HTTPResponse) {
        let statusLine = "HTTP/1.1 \(response.status.code) \(response.status.reasonPhrase)"
        let headers = response.headers.fields.map { ($0.name, $0.value) }
        let head = ([statusLine] + headers.map { "\($0.0): \($0.1)" }).joined(separator: "\r\n") + "\r\n\r\n"
        self.init(statusLine: statusLine, headers: headers, body: response.body, head: head)
    }
}
