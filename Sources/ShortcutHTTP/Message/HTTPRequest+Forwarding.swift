import HTTPVocabulary

extension HTTPRequest {
    /// The header fields a proxy or tunnel adds to say it forwarded a request: RFC 7239's `Forwarded` and
    /// the de-facto ones that nginx, cloudflared, ngrok, Caddy and CDNs send.
    package static let forwardingFieldNames = [
        "Forwarded", "X-Forwarded-For", "X-Forwarded-Host", "X-Forwarded-Proto", "X-Real-IP", "CF-Connecting-IP", "True-Client-IP",
    ]

    /// The first forwarding field the request carries, named as `forwardingFieldNames` spells it, or nil. A tunnel's client runs on this machine, so the peer of what it forwards is loopback: this field
    /// is how the server tells that such a request came from elsewhere. Anyone may send one, which only
    /// ever lowers what the request may do.
    package var forwardingField: HTTPField? {
        for field in headers.fields {
            if let name = HTTPRequest.forwardingFieldNames.first(where: { field.name.equalsIgnoringASCIICase($0) }) {
                return HTTPField(name: name, value: field.value)
            }
        }
        return nil
    }
}
