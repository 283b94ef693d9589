import HTTPVocabulary
import ShortcutPlatform

/// An absolute `http://` URL split into what a request needs: where to connect, the `Host` field and the
/// request target (RFC 9112 §3.2). Userinfo (`user@host`) is refused: a proxy does not send it.
struct UpstreamURL: Equatable, Sendable {
    /// The host as written, an IPv6 address in brackets (`[::1]`).
    let host: String
    /// The port: the URL's, else 80.
    let port: UInt16
    /// `host[:port]` as written: the `Host` field's value (RFC 9110 §7.2).
    let authority: String
    /// The path and query (`/a?b`); `/` when the URL has no path. The fragment is not part of it.
    let target: String

    /// Splits `url`; throws when it is not an absolute `http://` URL this client can send to.
    init(parsing url: String) throws(UpstreamFailure) {
        let shown = UpstreamText.printable(url)
        let scheme = url.prefix { $0 != ":" }
        if scheme.equalsIgnoringASCIICase("https") && url.dropFirst(scheme.count).hasPrefix("://") {
            throw UpstreamFailure(
                .httpsNotHandled,
                "cannot send to \(shown) : https upstreams need the macOS build (URLSession); this Linux build has no TLS client "
                    + "(use an http:// upstream, or a TLS-terminating proxy in front of it)")
        }
        guard scheme.equalsIgnoringASCIICase("http"), url.dropFirst(scheme.count).hasPrefix("://") else {
            throw UpstreamFailure.invalidRequest(shown, "it is not an absolute http:// URL")
        }
        let rest = url.dropFirst(scheme.count + 3)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.isEmpty else { throw UpstreamFailure.invalidRequest(shown, "the URL has no host") }
        guard !authority.contains("@") else {
            throw UpstreamFailure.invalidRequest(shown, "the URL has user information (user@host), which is not sent")
        }
        let host: Substring
        let portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else {
                throw UpstreamFailure.invalidRequest(shown, "the IPv6 address has no closing ]")
            }
            host = authority[...close]
            let after = authority[authority.index(after: close)...]
            guard after.isEmpty || after.hasPrefix(":") else {
                throw UpstreamFailure.invalidRequest(shown, "the IPv6 address is followed by \"\(after)\", not by :port")
            }
            portText = after.isEmpty ? nil : after.dropFirst()
            // Brackets hold an IPv6 literal only (RFC 3986 §3.2.2); the resolver would look up anything else.
            guard SocketAddress(host: String(host), port: 0)?.isIPv6 == true else {
                throw UpstreamFailure.invalidRequest(shown, "\(host) is not an IPv6 address")
            }
        } else if let colon = authority.firstIndex(of: ":") {
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        } else {
            host = authority
            portText = nil
        }
        guard !host.isEmpty else { throw UpstreamFailure.invalidRequest(shown, "the URL has no host") }
        // A name goes to the resolver and into the Host field: RFC 3986's reg-name without percent-encoding
        // or sub-delimiters, which no DNS name holds.
        if !host.hasPrefix("["), let bad = host.unicodeScalars.first(where: { !UpstreamURL.isHostCharacter($0) }) {
            throw UpstreamFailure.invalidRequest(shown, "the host \"\(host)\" holds \"\(bad)\", which a host name cannot")
        }
        var port: UInt16 = 80
        // RFC 3986 §3.2.3: an empty port (`host:`) is the scheme's default.
        if let portText, !portText.isEmpty {
            guard portText.allSatisfy(\.isASCII), portText.allSatisfy(\.isNumber), let number = UInt16(portText), number > 0 else {
                throw UpstreamFailure.invalidRequest(shown, "the port \"\(portText)\" is not a number from 1 to 65535")
            }
            port = number
        }
        var target = rest.dropFirst(authority.count).prefix { $0 != "#" }
        if !target.hasPrefix("/") { target = "/" + target }
        if let offset = target.utf8.firstIndex(where: { !HTTPSyntax.isTargetByte($0) }) {
            let byte = target.utf8[offset]
            throw UpstreamFailure.invalidRequest(
                shown, "the path holds byte \(UpstreamText.hex(byte)), which a request target cannot (percent-encode it)")
        }
        self.host = String(host)
        self.port = port
        self.authority = String(authority)
        self.target = String(target)
    }

    /// ALPHA, DIGIT, `-`, `.`, `_`, `~`: what a host name may hold.
    private static func isHostCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-._~".unicodeScalars.contains(scalar))
    }
}
