import ShortcutHTTP
import ShortcutPages
import ShortcutPlatform
import ShortcutRecords

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `/s`, `/s/<id>` and `/p/<id>`: the 301 that starts the home-screen flow, and the stored page it leads to.
/// In page mode `/s/<id>` answers 301 to `/p/<id>` on this server; in data mode to `data:text/html;base64,…`
/// (refused by WebKit since iOS 16.4; kept for older iOS and in-app code).
struct ShortcutDelivery: Sendable {
    let shortcuts: ShortcutService
    let defaultMode: DeliveryMode
    /// The built-in demo, served as `demo` unless the store has a shortcut of that id.
    let demo: StoredPage
    /// The demo's answers, built (and their header fields checked) once: `/s` is the hot path.
    let demoRedirect: HTTPResponse
    let demoPage: HTTPResponse
    /// Redirects of stored shortcuts, built once per version of the page (a page's own mode may change).
    let dataRedirects: ResponseCache
    let pageRedirects: ResponseCache
    /// Where every route keeps the answers it builds from stored pages (`--cache-bytes`' answer share).
    let answers: AnswerCache
    /// The store's `answerStamp` when it was last seen to have no shortcut `demo` (0: not seen yet). `/s`
    /// asks for `demo` on every request and the answer is almost always "none": while the stamp has not
    /// moved, that answer stands without a lookup.
    let demoAbsentAt = AtomicWord(0)

    init(shortcuts: ShortcutService, defaultMode: DeliveryMode, template: PageTemplate, answers: AnswerCache = AnswerCache()) throws {
        self.shortcuts = shortcuts
        self.defaultMode = defaultMode
        self.answers = answers
        dataRedirects = ResponseCache(.dataRedirect, in: answers)
        pageRedirects = ResponseCache(.pageRedirect, in: answers)
        demo = ShortcutRecord.makeDemo(template: template)
        demoRedirect = HTTPResponse.movedPermanently(
            defaultMode == .data ? DataURI.encode(demo.body, mediaType: "text/html") : RecordPath.page(ShortcutRecord.demoID)
        )
        .prepared()
        demoPage = ShortcutDelivery.pageResponse(demo.body).prepared()
    }

    func install(on server: HTTPServer) {
        server.GET["/s"] = { _ in redirect(ShortcutRecord.demoID) }
        server.GET["/s/:id"] = { request in redirect(request.params["id"] ?? "") }
        server.GET["/p/:id"] = { request in page(request.params["id"] ?? "").noted(ExchangeNotes.standaloneLaunch(request)) }
    }

    /// The stored shortcut `id`, or the demo for `demo`; `isDemo` tells which.
    func shortcut(_ id: String) -> (page: StoredPage, isDemo: Bool)? {
        if case .success(let found) = lookup(id) { return found }
        return nil
    }

    /// `shortcut(id)`, or the answer that says why there is none (404; a damaged record's 404 or 500).
    func lookup(_ id: String, missing noun: String = "shortcut") -> Result<(page: StoredPage, isDemo: Bool), ResponseError> {
        guard id == ShortcutRecord.demoID else {
            switch shortcuts.lookupShortcut(id) {
            case .found(let page): return .success((page, false))
            case .missing: return .failure(ResponseError(.error(.notFound, "no \(noun) '\(id.excerpt(maxBytes: 80))'")))
            case .damaged(let damage): return .failure(ResponseError(RecordDamageAnswer.response(damage)))
            }
        }
        // The stamp is read before the lookup, so a shortcut stored during it leaves the stamp remembered
        // below behind the store's: the next request looks again.
        let stamp = shortcuts.changeStamp
        if demoAbsentAt.load() == stamp { return .success((demo, true)) }
        if let page = shortcuts.shortcut(id) { return .success((page, false)) }
        demoAbsentAt.store(stamp)
        return .success((demo, true))
    }

    func redirect(_ id: String) -> HTTPResponse {
        let page: StoredPage
        let isDemo: Bool
        switch lookup(id) {
        case .success(let found): (page, isDemo) = found
        case .failure(let refusal): return refusal.response
        }
        // Play statistics count plays of the page (`/v3/<id>`), not redirects: `/s/<id>` stays a lookup.
        if isDemo { return demoRedirect }
        switch page.metadata["mode"].flatMap(DeliveryMode.init(rawValue:)) ?? defaultMode {
        case .page:
            return pageRedirects.response(for: page) { .movedPermanently(RecordPath.page($0.id)) }
        case .data:
            return dataRedirects.response(for: page) { .movedPermanently(DataURI.encode($0.body, mediaType: "text/html")) }
        }
    }

    func page(_ id: String) -> HTTPResponse {
        let page: StoredPage
        let isDemo: Bool
        switch lookup(id, missing: "shortcut page") {
        case .success(let found): (page, isDemo) = found
        case .failure(let refusal): return refusal.response
        }
        return isDemo ? demoPage : ShortcutDelivery.pageResponse(page.body)
    }

    static func pageResponse(_ body: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: .ok, headers: ["Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store"], body: body)
    }
}
