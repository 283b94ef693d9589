import HTTPVocabulary
import ShortcutStubs
import ShortcutUpstream

/// What a proxy stub does (WireMock's `proxyBaseUrl`): the request goes to the upstream — its path (less
/// `proxyUrlPrefixToRemove`) and query appended to the base, its fields less `removeProxyRequestHeaders`,
/// plus `additionalProxyRequestHeaders` — and the upstream's answer comes back, less the fields that
/// described only that hop. Blocking: callers run it off the event loops.
package struct StubProxy: Sendable {
    let client: UpstreamClient

    /// A proxy over `client` (its limits bound every upstream exchange).
    package init(client: UpstreamClient = UpstreamClient()) { self.client = client }

    /// The upstream's answer to `request` under `definition` (a proxy stub's response), or why there is none.
    package func forward(_ request: StubRequest, definition: ResponseDefinition) -> Result<UpstreamResponse, UpstreamFailure> {
        guard let base = definition.proxyBaseUrl else {
            return .failure(UpstreamFailure(.invalidRequest, "the stub has no proxyBaseUrl"))
        }
        let url = Self.upstreamURL(base: base, target: request.url, removing: definition.proxyUrlPrefixToRemove)
        var headers = request.headers.filter { field in
            !definition.removeProxyRequestHeaders.contains { $0.equalsIgnoringASCIICase(field.name) }
                && !definition.additionalProxyRequestHeaders.contains { $0.name.equalsIgnoringASCIICase(field.name) }
        }
        headers += definition.additionalProxyRequestHeaders
        let upstream = UpstreamRequest(method: request.method, url: url, headers: headers.map { ($0.name, $0.value) }, body: request.body)
        do {
            var response = try client.send(upstream)
            response.headers.removeAll { Self.isHopByHop($0.name) }
            return .success(response)
        } catch {
            return .failure(error)
        }
    }

    /// `base` with the request's target appended: `http://api:8080/v2` + `/users?x=1` (its `prefix` taken
    /// off first) → `http://api:8080/v2/users?x=1`; one slash between them.
    package static func upstreamURL(base: String, target: String, removing prefix: String?) -> String {
        var target = Substring(target)
        if let prefix, target.hasPrefix(prefix) {
            target = target.dropFirst(prefix.count)
            if !target.hasPrefix("/") && !target.hasPrefix("?") { target = "/" + target }
        }
        let trimmedBase = base.hasSuffix("/") ? Substring(base.dropLast()) : Substring(base)
        return String(trimmedBase) + String(target)
    }

    /// The fields an answer carries for one hop only (RFC 9110 §7.6.1), and its framing, which the server
    /// writes again for its own answer.
    static func isHopByHop(_ name: String) -> Bool {
        ["Connection", "Keep-Alive", "Proxy-Connection", "TE", "Trailer", "Transfer-Encoding", "Upgrade", "Content-Length"].contains {
            $0.equalsIgnoringASCIICase(name)
        }
    }
}
