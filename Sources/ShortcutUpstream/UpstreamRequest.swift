/// One request to send to an upstream (a mock's `proxyBaseUrl` joined with the request's path): what the
/// mock received, addressed to where it goes.
package struct UpstreamRequest: Sendable {
    /// The method, as received (`GET`, `POST`, an extension method): an HTTP token.
    package var method: String
    /// The absolute URL: `http://host[:port]/path?query` (a fragment is not sent).
    package var url: String
    /// The client's header fields, in order. `Host`, `Content-Length` and the hop-by-hop fields are replaced
    /// by the client's own (`UpstreamRequest+Head.swift`).
    package var headers: [(String, String)]
    /// The body, sent with a `Content-Length`.
    package var body: [UInt8]

    /// Makes a request.
    package init(method: String, url: String, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}
