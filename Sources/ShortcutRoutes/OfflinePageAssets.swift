import ShortcutHTTP
import ShortcutJSON
import ShortcutPages
import ShortcutRecords

/// What lets a page-mode shortcut open while the server is off (issue 9): beside `/p/<id>`,
/// - `/p/<id>/manifest.webmanifest`: a web app manifest (name, start URL and scope `/p/<id>`, standalone);
/// - `/p/<id>/icon.png` (or `.jpg`): the shortcut's icon as a file, for the manifest;
/// - `/p/<id>/sw.js`: a service worker for the scope `/p/<id>` (wider than its own folder, hence
///   `Service-Worker-Allowed`) that keeps the page, its icon and manifest, answers from the network first
///   (so edits show while the server runs) and from its copy when the server cannot be reached.
///
/// The page itself links the manifest and registers the worker from its script, only when it is served from
/// `/p/<id>` (a data-mode page has no server to register with). Each answer is built once per page version.
struct OfflinePageAssets: Sendable {
    let delivery: ShortcutDelivery
    let manifests: ResponseCache
    let workers: ResponseCache
    let icons: ResponseCache

    init(delivery: ShortcutDelivery) {
        self.delivery = delivery
        manifests = ResponseCache(.manifest, in: delivery.answers)
        workers = ResponseCache(.worker, in: delivery.answers)
        icons = ResponseCache(.icon, in: delivery.answers)
    }

    func install(on server: HTTPServer) {
        server.GET["/p/:id/manifest.webmanifest"] = { request in
            answer(request) { manifests.response(for: $0) { Self.manifest(for: $0) } }
        }
        server.GET["/p/:id/sw.js"] = { request in
            answer(request) { workers.response(for: $0) { Self.worker(for: $0) } }
        }
        server.GET["/p/:id/icon.png"] = { request in icon(request, format: .png) }
        server.GET["/p/:id/icon.jpg"] = { request in icon(request, format: .jpeg) }
    }

    private func answer(_ request: HTTPRequest, _ build: (StoredPage) -> HTTPResponse) -> HTTPResponse {
        guard let id = request.params["id"], let (page, _) = delivery.shortcut(id) else {
            return .error(.notFound, "no shortcut '\(request.params["id"]?.prefix(80) ?? "")'")
        }
        return build(page)
    }

    private func icon(_ request: HTTPRequest, format: ShortcutIcon.Format) -> HTTPResponse {
        answer(request) { page in
            let icon = WebClipProfiles.icon(of: .init(id: page.id, metadata: page.metadata))
            guard icon.format == format else {
                return .error(.notFound, "the icon of '\(page.id)' is at \(Self.iconPath(page.id, icon))")
            }
            return icons.response(for: page) { _ in
                HTTPResponse(status: .ok, headers: ["Content-Type": icon.mediaType, "Cache-Control": "no-cache"], body: icon.bytes)
            }
        }
    }

    /// The icon's URL path: `/p/<id>/icon.png` or `/p/<id>/icon.jpg`, after its format.
    static func iconPath(_ id: String, _ icon: ShortcutIcon) -> String {
        RecordPath.page(id) + "/icon." + (icon.format == .png ? "png" : "jpg")
    }

    static func manifest(for page: StoredPage) -> HTTPResponse {
        let title = page.metadata["title"] ?? page.id
        let icon = WebClipProfiles.icon(of: .init(id: page.id, metadata: page.metadata))
        var iconMembers: [(String, JSONValue)] = [("src", .string(iconPath(page.id, icon))), ("type", .string(icon.mediaType))]
        if let (width, height) = pngSize(icon.bytes) { iconMembers.append(("sizes", .string("\(width)x\(height)"))) }
        let manifest = JSONValue.object([
            ("name", .string(title)),
            ("short_name", .string(title)),
            ("start_url", .string(RecordPath.page(page.id))),
            ("scope", .string(RecordPath.page(page.id))),
            ("display", .string("standalone")),
            ("icons", .array([.object(iconMembers)])),
        ])
        return HTTPResponse(
            status: .ok, headers: ["Content-Type": "application/manifest+json", "Cache-Control": "no-cache"],
            body: Array(manifest.description.utf8))
    }

    static func worker(for page: StoredPage) -> HTTPResponse {
        let scope = RecordPath.page(page.id)
        let icon = WebClipProfiles.icon(of: .init(id: page.id, metadata: page.metadata))
        let keep = JSONValue.array([scope, iconPath(page.id, icon), scope + "/manifest.webmanifest"].map(JSONValue.string))
        let script = """
            // shortcut-serve: keeps \(scope) for when the server cannot be reached. Network first, so an edited
            // shortcut shows while the server runs; the kept copy when the network fails, or when a tunnel or
            // proxy in front of the server answers for it that it is down (502, 503, 504).
            "use strict";
            var KEEP = \(keep.description);
            var CACHE = "shortcut-serve:" + KEEP[0];
            self.addEventListener("install", function (event) {
              event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(KEEP); })
                .then(function () { return self.skipWaiting(); }));
            });
            self.addEventListener("activate", function (event) {
              event.waitUntil(self.clients.claim());
            });
            self.addEventListener("fetch", function (event) {
              var url = new URL(event.request.url);
              if (event.request.method !== "GET" || url.origin !== self.location.origin || KEEP.indexOf(url.pathname) < 0) {
                return;
              }
              function keptOr(fallback) {
                return caches.open(CACHE).then(function (cache) { return cache.match(url.pathname); })
                  .then(function (kept) { return kept || fallback; });
              }
              event.respondWith(fetch(event.request, { cache: "no-store" }).then(function (response) {
                if (response.ok) {
                  var copy = response.clone();
                  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.put(url.pathname, copy); }));
                }
                return response.status === 502 || response.status === 503 || response.status === 504 ? keptOr(response) : response;
              }, function () {
                return keptOr(Response.error());
              }));
            });

            """
        return HTTPResponse(
            status: .ok,
            headers: [
                "Content-Type": "text/javascript; charset=utf-8",
                // The worker's script is in /p/<id>/, which would limit it to that folder; its page is /p/<id>.
                "Service-Worker-Allowed": scope,
                "Cache-Control": "no-cache",
            ], body: Array(script.utf8))
    }

    /// Width and height from a PNG's IHDR chunk, or nil.
    static func pngSize(_ bytes: [UInt8]) -> (Int, Int)? {
        guard bytes.count >= 24, bytes[12..<16].elementsEqual(Array("IHDR".utf8)) else { return nil }
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let (width, height) = (word(16), word(20))
        return width > 0 && height > 0 ? (width, height) : nil
    }
}
