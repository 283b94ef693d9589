import ShortcutHTTP

/// Where a request came from, as the rules of `/api/` and the routes that list ids see it. Decided once per
/// guarded request, by `AccessGuard`.
///
/// A tunnel (cloudflared, ngrok, `tailscale funnel`) or a TLS proxy runs its client on this machine, so the
/// peer of every request it forwards is loopback: the peer alone would let the internet in. Such clients
/// add a forwarding field, and a request that carries one counts as forwarded whatever its peer. Sending
/// one by hand only ever lowers what a request may do.
enum RequestSource: Equatable {
    /// A program or page on this machine: a loopback peer and no forwarding field.
    case thisMachine
    /// Another machine, such as a phone on the Wi-Fi (`--host 0.0.0.0`): its peer address.
    case network(peer: String)
    /// Through a proxy or tunnel, whatever the peer: the forwarding field that says so (as
    /// `HTTPRequest.forwardingFieldNames` names it).
    case forwarded(field: String)

    /// A forwarding field decides first: a proxy on another machine forwards the internet as well.
    init(_ request: HTTPRequest) {
        if let field = request.forwardingField {
            self = .forwarded(field: field.name)
        } else if !DeviceURLs.isLoopback(peer: request.remoteAddress) {
            self = .network(peer: request.remoteAddress)
        } else {
            self = .thisMachine
        }
    }
}
