import HTTPVocabulary
import ShortcutHTTP
import ShortcutJSON
import ShortcutPages
import ShortcutRecords

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The probe (`ProbePage`): a page the user opens on their phone to learn which delivery path works there.
/// - `GET /probe[?open=APP_URL]` and `/probe/home` (the manifest's start, inside the worker's scope): the page;
/// - `/probe/frame`, `/probe/data-redirect`, `/probe/sw.js`, `/probe/manifest.webmanifest`, `/probe/icon.png`:
///   what its checks load;
/// - `POST /probe/report`: a report (`ProbeReport`), open to the network like the pages (a phone sends it),
///   bounded (`ProbeReport.maxBodyBytes`) and rate-limited (`ProbeReports`);
/// - `GET /api/probes[?after=N]`: the kept reports, behind the API's guard like every `/api/` route.
struct ProbeRoutes: Sendable {
    let reports: ProbeReports
    /// With `--trust-proxy`, a report's peer is the client a proxy on this machine names in `X-Forwarded-For`.
    let trustsProxy: Bool
    let now: @Sendable () -> Double

    init(reports: ProbeReports, trustsProxy: Bool, now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) {
        self.reports = reports
        self.trustsProxy = trustsProxy
        self.now = now
    }

    func install(on server: HTTPServer, guard access: AccessGuard) {
        server.GET["/probe"] = { request in Self.page(request) }
        server.GET[ProbePage.homePath] = { request in Self.page(request) }
        server.GET["/probe/manifest.webmanifest"] = { request in Self.manifest(request) }
        server.GET["/probe/frame"] = { _ in
            HTTPResponse(
                status: .ok,
                headers: [
                    "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache",
                    "Content-Security-Policy": Self.framePolicy,
                ], body: Array(ProbePage.frameHTML.utf8))
        }
        server.GET["/probe/data-redirect"] = { _ in
            HTTPResponse(status: .movedPermanently, headers: ["Location": ProbePage.dataPageURL, "Cache-Control": "no-store"])
        }
        server.GET["/probe/sw.js"] = { _ in
            HTTPResponse(
                status: .ok, headers: ["Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache"],
                body: Array(ProbePage.workerScript.utf8))
        }
        server.GET["/probe/icon.png"] = { _ in
            HTTPResponse(
                status: .ok, headers: ["Content-Type": "image/png", "Cache-Control": "max-age=86400"], body: ShortcutIcon.builtIn.bytes)
        }
        server.POST["/probe/report"] = { [self] request in report(request) }
        // At /api/, and again under /__admin/shortcut-serve/, which no stub can shadow (the command line's).
        for root in ["", StubServing.builtInMount] {
            server.GET[root + "/api/probes"] = access.guardingAPI { [self] request in list(request) }
        }
    }

    /// The page's policy: its own script and the `data:` page's (which may inherit this policy) by hash,
    /// inline style, the probe's frames, worker, manifest and icon from this origin, reports to it.
    static let pagePolicy =
        "default-src 'none'; script-src \(hash(ProbePage.script)) \(hash(ProbePage.dataPageScript)); "
        + "style-src 'unsafe-inline'; img-src 'self'; connect-src 'self'; frame-src 'self' data:; worker-src 'self'; "
        + "manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    static let framePolicy = "default-src 'none'; script-src \(hash(ProbePage.frameScript)); base-uri 'none'; frame-ancestors 'self'"

    private static func hash(_ script: String) -> String { "'sha256-\(Data(SHA256.hash(Array(script.utf8))).base64EncodedString())'" }

    /// `?open=` checked as every app URL is (400 with the reason), or nil when absent.
    private static func appURL(_ request: HTTPRequest) -> Result<String?, ResponseError> {
        guard let text = request.queryValue("open") else { return .success(nil) }
        do {
            return .success(try AppURL.validate(text, field: "open"))
        } catch {
            return .failure(ResponseError(.badRequest(error.reason)))
        }
    }

    static func page(_ request: HTTPRequest) -> HTTPResponse {
        switch appURL(request) {
        case .failure(let refusal): return refusal.response
        case .success(let open):
            let manifest = "/probe/manifest.webmanifest" + (open.map { "?open=" + Escape.percentEncoded($0) } ?? "")
            return HTTPResponse(
                status: .ok,
                headers: [
                    "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache",
                    "Content-Security-Policy": pagePolicy, "Referrer-Policy": "no-referrer",
                ],
                body: Array(ProbePage.html(appURL: open, manifestPath: manifest).utf8))
        }
    }

    static func manifest(_ request: HTTPRequest) -> HTTPResponse {
        switch appURL(request) {
        case .failure(let refusal): return refusal.response
        case .success(let open):
            let manifest = JSONValue.object([
                ("name", .string("shortcut-serve probe")),
                ("short_name", .string("Probe")),
                ("start_url", .string(ProbePage.homePath + (open.map { "?open=" + Escape.percentEncoded($0) } ?? ""))),
                ("scope", .string(ProbePage.scope)),
                ("display", .string("standalone")),
                ("icons", .array([.object([("src", .string("/probe/icon.png")), ("type", .string("image/png"))])])),
            ])
            return HTTPResponse(
                status: .ok, headers: ["Content-Type": "application/manifest+json", "Cache-Control": "no-cache"],
                body: Array(manifest.description.utf8))
        }
    }

    func report(_ request: HTTPRequest) -> HTTPResponse {
        guard request.body.count <= ProbeReport.maxBodyBytes else {
            return .error(.contentTooLarge, "a probe report is at most \(ProbeReport.maxBodyBytes) bytes, not \(request.body.count)")
        }
        let report: ProbeReport
        switch API.body(of: request) {
        case .failure(let refusal): return refusal.response
        case .success:
            do {
                report = try ProbeReport(body: request.body)
            } catch {
                return .badRequest(error.description)
            }
        }
        switch reports.add(report, peer: peer(of: request), receivedAt: now()) {
        case .success(let kept): return API.json(kept.json, status: .created)
        case .failure(let limited):
            var answer = HTTPResponse.error(HTTPStatus(429), "\(limited.reason); the next in \(limited.retryAfterSeconds) s")
            answer.headers["Retry-After"] = String(limited.retryAfterSeconds)
            return answer
        }
    }

    func list(_ request: HTTPRequest) -> HTTPResponse {
        var after = 0
        if let text = request.queryValue("after") {
            guard let value = Int(text), value >= 0, text.utf8.count <= 12 else {
                return .badRequest("after is a report's sequence number (0 or more), not '\(text.excerpt(maxBytes: 40))'")
            }
            after = value
        }
        return API.json(.array(reports.list(after: after).map(\.json)))
    }

    /// Who sent `request`, for the rate limit and the report: the peer's address without its port, or with
    /// `--trust-proxy` the first `X-Forwarded-For` address a proxy on this machine names.
    func peer(of request: HTTPRequest) -> String {
        if trustsProxy, DeviceURLs.isLoopback(peer: request.remoteAddress),
            let forwarded = request.headers["X-Forwarded-For"]?.split(separator: ",").first?.trimmingWhitespace(), !forwarded.isEmpty
        {
            return String(forwarded.prefix(64))
        }
        return Self.host(ofPeer: request.remoteAddress)
    }

    /// `203.0.113.9` of `203.0.113.9:51234`, `[::1]` of `[::1]:51234`.
    static func host(ofPeer address: String) -> String {
        guard let colon = address.lastIndex(of: ":") else { return address }
        let host = address[..<colon]
        return host.hasPrefix("[") || !host.contains(":") ? String(host) : address
    }
}
