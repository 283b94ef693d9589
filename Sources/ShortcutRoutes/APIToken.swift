import HTTPVocabulary
import ShortcutHTTP

/// `--api-token`: what a forwarded `/api/` request must send as `Authorization: Bearer TOKEN` when the
/// server runs with `--expose-api`.
///
/// Only a salted SHA-256 of the token is kept, and a candidate is hashed the same way and compared in
/// constant time (`SecretHash`): how long a refusal takes tells nothing of how many bytes were right,
/// nor of the token's length.
package struct APIToken: Sendable {
    private let hash: SecretHash

    /// Below this many bytes a token could be guessed through a tunnel: the start warns (16 bytes of hex are
    /// 64 bits; `openssl rand -hex 32` gives 256).
    static let recommendedBytes = 16
    /// The most a token may have: it is one header line, not a file.
    static let maxBytes = 512

    /// Why `text` cannot be a token, or nil when it can: 1 to 512 bytes of visible ASCII without spaces
    /// (what one `Authorization` field carries after `Bearer `).
    package static func problem(_ text: String) -> String? {
        if text.isEmpty { return "is empty" }
        if text.utf8.count > maxBytes { return "is \(text.utf8.count) bytes; the most is \(maxBytes)" }
        if !text.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) { return "may hold only visible ASCII characters, no spaces" }
        return nil
    }

    /// A start-up warning for a token short enough to guess, or nil.
    package static func weakness(_ text: String) -> String? {
        guard text.utf8.count < recommendedBytes else { return nil }
        return
            "--api-token has \(text.utf8.count) bytes: anyone who finds the tunnel can try to guess it; use at least \(recommendedBytes) (openssl rand -hex 32)"
    }

    init(_ token: String) { hash = SecretHash.make(token) }

    /// Whether `request` carries `Authorization: Bearer <this token>` (the scheme in any case, RFC 9110 §11.1).
    func authorizes(_ request: HTTPRequest) -> Bool {
        guard let field = request.headers["Authorization"] else { return false }
        let scheme = "bearer"
        guard field.utf8.count > scheme.utf8.count, field.prefix(scheme.count).lowercased() == scheme else { return false }
        let rest = field.dropFirst(scheme.count)
        guard rest.first == " " else { return false }
        let candidate = rest.drop { $0 == " " }
        return !candidate.isEmpty && hash.matches(String(candidate))
    }
}
