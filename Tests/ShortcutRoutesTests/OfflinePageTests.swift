import Foundation
import ShortcutPages
import ShortcutServe
import Testing

/// The manifest, icon and service worker beside each page-mode page (issue 9); the worker's behaviour
/// itself is proven in WebKitGTK by Tests/Browser (`offline_relaunch`).
@Suite struct OfflinePageTests {
    @Test func theManifestNamesThePageAsAStandaloneWebApp() throws {
        let server = try AppServer()
        defer { server.stop() }
        #expect(try WebClipProfileTests.create(server, id: "scan", title: "Scan & Go").status == 201)
        let answer = try server.request("GET", "/p/scan/manifest.webmanifest")
        #expect(answer.status == 200)
        #expect(answer.header("Content-Type") == "application/manifest+json")
        let manifest = try #require(answer.json)
        #expect(manifest["name"]?.stringValue == "Scan & Go" && manifest["short_name"]?.stringValue == "Scan & Go")
        #expect(manifest["start_url"]?.stringValue == "/p/scan" && manifest["scope"]?.stringValue == "/p/scan")
        #expect(manifest["display"]?.stringValue == "standalone")
        let icons = try #require(manifest["icons"]?.arrayValue, "no icons: \(answer.bodyText)")
        let icon = try #require(icons.first, "no icons: \(answer.bodyText)")
        #expect(icon["src"]?.stringValue == "/p/scan/icon.png" && icon["type"]?.stringValue == "image/png")

        let file = try server.request("GET", "/p/scan/icon.png")
        #expect(file.status == 200 && file.header("Content-Type") == "image/png")
        #expect(file.body == WebClipProfileTests.icon)
        let wrongFormat = try server.request("GET", "/p/scan/icon.jpg")
        #expect(wrongFormat.status == 404 && wrongFormat.bodyText.contains("/p/scan/icon.png"))

        let demo = try #require(try server.request("GET", "/p/demo/manifest.webmanifest").json)
        let demoIcons = try #require(demo["icons"]?.arrayValue, "the demo's manifest has no icons array: \(demo)")
        #expect(demoIcons.first?["sizes"]?.stringValue == "180x180", "the built-in PNG's own size")
    }

    @Test func theWorkerMayControlThePageAboveItsFolderAndKeepsExactlyItsFiles() throws {
        let server = try AppServer()
        defer { server.stop() }
        #expect(try WebClipProfileTests.create(server, id: "scan").status == 201)
        let answer = try server.request("GET", "/p/scan/sw.js")
        #expect(answer.status == 200)
        #expect(answer.header("Content-Type") == "text/javascript; charset=utf-8")
        #expect(answer.header("Service-Worker-Allowed") == "/p/scan")
        #expect(answer.bodyText.contains(#"var KEEP = ["/p/scan","/p/scan/icon.png","/p/scan/manifest.webmanifest"];"#))
        #expect(answer.bodyText.contains("fetch(event.request, { cache: \"no-store\" })"), "network first")
        for path in ["/p/nope/sw.js", "/p/nope/manifest.webmanifest", "/p/nope/icon.png", "/p/..%2Fx/sw.js"] {
            let missing = try server.request("GET", path)
            #expect(missing.status == 404, "\(path): \(missing.status)")
        }
        #expect(try server.request("POST", "/p/scan/sw.js").status == 405)
    }

    @Test func aRecreatedShortcutsAssetsAreNotStale() throws {
        let server = try AppServer()
        defer { server.stop() }
        let created = try #require(try WebClipProfileTests.create(server, id: "s", title: "Before").json)
        #expect(try server.request("GET", "/p/s/manifest.webmanifest").json?["name"]?.stringValue == "Before")
        _ = try server.request("DELETE", "/api/shortcuts/s", json: #"{"secret": "\#(created["secret"]?.stringValue ?? "")"}"#)
        #expect(try server.request("GET", "/p/s/manifest.webmanifest").status == 404)
        #expect(try WebClipProfileTests.create(server, id: "s", title: "After").status == 201)
        #expect(try server.request("GET", "/p/s/manifest.webmanifest").json?["name"]?.stringValue == "After")
    }

    @Test func thePagesPolicyAllowsExactlyThisServersManifestAndWorker() throws {
        let html = try ShortcutPage(title: "T", url: "myapp://x", template: .default).html
        let policy = try #require(
            html.components(separatedBy: #"http-equiv="Content-Security-Policy" content=""#).dropFirst().first?
                .components(separatedBy: "\"").first)
        #expect(
            policy == "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; "
                + "manifest-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'none'")
        #expect(html.contains(#"navigator.serviceWorker.register(served[0] + "/sw.js", { scope: served[0] })"#))
    }
}
