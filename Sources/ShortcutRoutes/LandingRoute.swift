import HTTPVocabulary
import ShortcutHTTP
import ShortcutLinks
import ShortcutRecords

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `GET /open/<id>[?delay=MS]`: a landing link's page (`LandingPage`). It answers the network, as `/s`
/// and `/p` do: it is what a phone, or a link preview, opens.
///
/// `Content-Security-Policy` allows exactly the page's own script (by its SHA-256) and inline style,
/// nothing fetched: should a value ever slip past the escaping, markup injected into the page still
/// cannot run.
struct LandingRoute: Sendable {
    let service: LinkService
    let links: LinkBuilder

    func install(on server: HTTPServer) {
        server.GET["/open/:id"] = { [self] request in respond(request) }
    }

    func respond(_ request: HTTPRequest) -> HTTPResponse {
        let id = request.params["id"] ?? ""
        var delay = LandingPage.defaultDelayMilliseconds
        if let text = request.queryValue("delay") {
            guard let parsed = Self.milliseconds(text) else {
                return .badRequest(
                    "delay is a whole number of milliseconds from 0 to \(LandingPage.maxDelayMilliseconds), not '\(text.excerpt(maxBytes: 40))'"
                )
            }
            delay = parsed
        }
        let stored: StoredLink
        do {
            stored = try service.link(id)
        } catch {
            if case .invalidRecord = error { return .error(.internalServerError, "\(error)") }
            // Another kind of record is not told apart from none: this route answers the network.
            return .error(.notFound, "no link '\(id.excerpt(maxBytes: 80))'")
        }
        let landing = LandingPage(link: stored.link, pageURL: links.absolute(stored.path, for: request), delayMilliseconds: delay)
        return HTTPResponse(
            status: .ok,
            headers: [
                "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store",
                "Content-Security-Policy": Self.policy(script: landing.script),
                "Referrer-Policy": "no-referrer",
            ], body: Array(landing.html.utf8))
    }

    /// The page's policy: its one script by hash, inline style, nothing else loaded, no `<base>`, no form,
    /// not framed.
    static func policy(script: String) -> String {
        let hash = Data(SHA256.hash(Array(script.utf8))).base64EncodedString()
        return
            "default-src 'none'; script-src 'sha256-\(hash)'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    }

    /// `text` as 0…`LandingPage.maxDelayMilliseconds`: ASCII digits only (no sign, no space), at most
    /// six of them before the range is checked (so no overflow).
    static func milliseconds(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 6, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let value = Int(text), value <= LandingPage.maxDelayMilliseconds
        else { return nil }
        return value
    }
}
