import HTTPVocabulary
import ShortcutHTTP
import ShortcutPages
import ShortcutRecords
import ShortcutStubs

/// `GET /`: the store for people, as a page to look at: each shortcut with its icon, title, app URL and
/// links, then the mocks (stored pages) with their name, type, size and link, then the landing links with
/// their title and page. It lists every id, so it is behind the DNS-rebinding guard, as the API is: a page
/// on another site must not learn them.
struct IndexPage: Sendable {
    let shortcutService: ShortcutService
    let mockService: MockService
    let linkService: LinkService
    let defaultMode: DeliveryMode
    /// Where a phone reaches each shortcut: the address of its QR code.
    let links: DeviceLinks
    let images: QRImageCache
    /// The probe's reports: the last few are listed.
    let probes: ProbeReports
    /// The store's problems known now, each with what clears it.
    let problems: @Sendable () -> [String]
    /// The stubs at the app's own paths.
    let stubs: StubService

    /// The most rows shown per table; the JSON API lists everything.
    static let maxRows = 500
    /// Probe reports listed, newest first; `/api/probes` has all that are kept.
    static let probeRows = 5

    func install(on server: HTTPServer, guard access: AccessGuard) {
        server.GET["/"] = access.guardingListing { request in .ok(.html(render(phoneRoot: links.phoneRoot(for: request)))) }
    }

    /// The page; `phoneRoot` starts the address each shortcut's QR code holds.
    func render(phoneRoot: String?) -> String {
        let shortcuts = shortcutService.list()
        let pages = mockService.listMocks()
        let landingLinks = linkService.summaries()
        var html = """
            <!doctype html><html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark">
            <title>shortcut-serve</title><style>
            body{font:15px/1.4 -apple-system,system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem}
            table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.4rem;border-bottom:1px solid #8884}
            img{width:40px;height:40px;border-radius:9px;vertical-align:middle}code{font-size:13px}
            figure{margin:0}figure svg{width:96px;height:96px;display:block}figcaption{font-size:11px;word-break:break-all}
            td{overflow-wrap:anywhere}code{word-break:break-all}
            @media (max-width:40rem){body{margin:1rem auto}table,tbody,tr,td{display:block}th{display:none}
            tr{padding:.5rem 0;border-bottom:1px solid #8884}td{border:0;padding:.1rem 0}figure svg{width:80px;height:80px}}
            </style></head><body><h1>shortcut-serve</h1>
            <p>Open <a href="/s">/s</a> for the demo shortcut. Default delivery: <b>\(defaultMode.rawValue)</b> mode
            (data mode redirects to a <code>data:</code> URL, which iOS 16.4 and later refuse to follow).</p>
            """
        let damaged = problems()
        if !damaged.isEmpty {
            html += "<h2 id=\"problems\">Problems in the store (\(damaged.count))</h2><ul>"
            html += damaged.map { "<li><code>\(escape($0))</code></li>" }.joined()
            html += "</ul>"
        }
        html += stubSection()
        html += """
            <h2>Shortcuts (\(shortcuts.count))</h2>
            """
        html += table(
            shortcuts,
            none: "Make one with <code>shortcut-serve add --title T --open myapp://page</code> or <code>POST /api/shortcuts</code>.",
            intro: phoneRoot.map { root in
                "<p>Scan a code with the iPhone's camera to open that shortcut at \(escape(root)).</p>"
                    + (DeviceURLs.isLoopback(root) || root.hasPrefix("https://")
                        ? ""
                        : "<p id=\"insecure-origin\">Over http:// a phone's page is not in a secure context: "
                            + "\(escape(DeviceURLs.insecureOriginAdvice)).</p>")
            }
                ?? "<p id=\"no-phone-address\">No QR codes: \(escape(DeviceURLs.loopbackOnlyReason)).</p>",
            columns: ["", "Title", "Opens", "Links", "On a phone"]
        ) { item in
            let id = escape(item.id)
            let icon = item.metadata["icon"].map { $0.hasPrefix("data:image/") ? "<img alt=\"\" src=\"\(escape($0))\">" : "" } ?? ""
            return "<tr><td>\(icon)</td><td>\(escape(item.metadata["title"] ?? item.name))</td>"
                + "<td><code>\(escape(item.metadata["url"] ?? ""))</code></td>"
                + "<td><a href=\"/s/\(id)\">/s/\(id)</a> · <a href=\"/p/\(id)\">/p/\(id)</a>"
                + " · <a href=\"/w/\(id).mobileconfig\">profile</a></td><td>\(phoneRoot.map { qrFigure($0 + RecordPath.shortcut(item.id)) } ?? "")</td></tr>"
        }
        html += "<h2>Stored pages (\(pages.count))</h2>"
        html += table(
            pages, none: "Store one with <code>POST /api/mock</code> or <code>shortcut-serve mock add --file page.html</code>.",
            columns: ["Name", "Status", "Type", "Size", "Link"]
        ) { item in
            let id = escape(item.id)
            return "<tr><td>\(escape(item.name.isEmpty ? item.id : item.name))</td><td>\(item.status)</td>"
                + "<td>\(escape(item.contentType))</td><td>\(item.size) B</td><td><a href=\"/v3/\(id)\">/v3/\(id)</a></td></tr>"
        }
        html += "<h2>Landing links (\(landingLinks.count))</h2>"
        html += table(
            landingLinks,
            none:
                "Make one with <code>shortcut-serve links add --id ID --title T --app-url URL --fallback-url URL</code> or <code>POST /api/links</code>.",
            columns: ["Title", "Page"]
        ) { item in
            let path = escape(LinkRecord.path(item.id))
            return "<tr><td>\(escape(item.metadata["title"] ?? item.name))</td><td><a href=\"\(path)\">\(path)</a></td></tr>"
        }
        if [shortcuts, pages, landingLinks].contains(where: { $0.count > IndexPage.maxRows }) {
            html +=
                "<p>Showing the first \(IndexPage.maxRows) of each; <a href=\"/api/mock\">/api/mock</a> and "
                + "<a href=\"/api/links\">/api/links</a> list all.</p>"
        }
        return html + probeSection(phoneRoot: phoneRoot) + "</body></html>"
    }

    /// The last probe reports, each with its advice (every text escaped: a report comes from the network),
    /// and how to make one.
    private func probeSection(phoneRoot: String?) -> String {
        let reports = probes.list().suffix(IndexPage.probeRows).reversed()
        var html =
            "<h2 id=\"probes\">Probe reports</h2><p>Open <a href=\"/probe\">/probe</a> on your phone"
            + (phoneRoot.map { " (\(escape($0))/probe), or run <code>shortcut-serve probe</code> for its QR code," } ?? "")
            + " to learn which delivery path works there.</p>"
        guard !reports.isEmpty else { return html + "<p>None yet.</p>" }
        html += "<ul>"
        for report in reports {
            let lines = report.lines
            html +=
                "<li><b>\(escape(lines[0]))</b><br>"
                + lines.dropFirst().map { escape(String($0.trimmingWhitespace())) }.joined(separator: "<br>") + "</li>"
        }
        return html + "</ul>"
    }

    /// One section's content: "None yet." and `none` without items; else `intro` and a table of `columns` with
    /// a `row` per item, the first `maxRows` of them.
    private func table(
        _ items: [PageSummary], none: String, intro: String = "", columns: [String], row: (PageSummary) -> String
    ) -> String {
        guard !items.isEmpty else { return "<p>None yet. \(none)</p>" }
        return intro + "<table><tr>" + columns.map { "<th>\($0)</th>" }.joined() + "</tr>"
            + items.prefix(IndexPage.maxRows).map(row).joined() + "</table>"
    }

    /// A QR code of `url`, inline, with the address under it (nothing when it is too long to draw).
    private func qrFigure(_ url: String) -> String {
        do {
            let svg = String(decoding: try images.svg(of: url, pixelsPerModule: 3), as: UTF8.self)
            return "<figure>\(svg)<figcaption>\(escape(url))</figcaption></figure>"
        } catch {
            return ""
        }
    }

    /// The stubs, in the order they are tried (none: nothing), at most `maxRows`.
    private func stubSection() -> String {
        let all = stubs.all
        guard !all.isEmpty else { return "" }
        var html = "<h2 id=\"stubs\">Stubs (\(all.count))</h2><table><tr><th>Method</th><th>URL</th><th>Status</th><th>Name</th></tr>"
        for mapping in all.prefix(IndexPage.maxRows) {
            html += "<tr><td>\(escape(mapping.request.method.name))</td><td><code>\(escape(mapping.request.url.summary))</code></td>"
            html += "<td>\(mapping.response.status)</td><td>\(escape(mapping.name ?? mapping.id))</td></tr>"
        }
        return html + "</table>"
    }

    private func escape(_ text: String) -> String { Escape.html(text) }
}
