import Foundation
import HTTPVocabulary
import ShortcutPages
import ShortcutRecords
import TestSupport
import Testing

@testable import ShortcutRoutes
@testable import ShortcutServe

/// Issue 24, item 4, over a real socket: the probe page and what its checks load, reports in (bounded,
/// checked, rate-limited) and out (`/api/probes`, the index). The checks themselves run in WebKitGTK
/// (Tests/Browser: `probe_insecure_origin`, `probe_over_tls`).
@Suite struct ProbeRouteTests {

    /// `'sha256-…'` of `script`, as a policy lists it.
    static func hash(_ script: String) -> String { "'sha256-\(Data(SHA256.hash(Array(script.utf8))).base64EncodedString())'" }

    @Test func thePageAllowsExactlyItsOwnScriptsAndCarriesTheAppURLEscaped() throws {
        let server = try AppServer()
        defer { server.stop() }
        let page = try server.request("GET", "/probe?open=" + Escape.percentEncoded(#"myapp://x?a=1&b="<script>"#))
        #expect(page.status == 200 && page.header("Content-Type") == "text/html; charset=utf-8")
        let policy = try #require(page.header("Content-Security-Policy"))
        #expect(policy.contains("script-src \(Self.hash(ProbePage.script)) \(Self.hash(ProbePage.dataPageScript));"))
        #expect(policy.contains("frame-src 'self' data:") && policy.contains("worker-src 'self'") && policy.contains("default-src 'none'"))
        #expect(page.bodyText.contains(#"data-open="myapp://x?a=1&amp;b=&quot;&lt;script&gt;""#))
        #expect(page.bodyText.contains("<script>\(ProbePage.script)</script>"), "the script is sent as hashed")
        #expect(page.bodyText.contains(#"href="/probe/manifest.webmanifest?open=myapp%3A%2F%2Fx%3Fa%3D1%26b%3D%22%3Cscript%3E""#))
        #expect(try server.request("GET", "/probe/home").status == 200)

        let refused = try server.request("GET", "/probe?open=javascript:alert(1)")
        #expect(refused.status == 400 && refused.bodyText.hasPrefix("open scheme 'javascript' is not allowed"))
    }

    @Test func theManifestStartsInsideTheWorkersScope() throws {
        let server = try AppServer()
        defer { server.stop() }
        let manifest = try #require(try server.request("GET", "/probe/manifest.webmanifest?open=myapp%3A%2F%2Fx").json)
        #expect(manifest["start_url"]?.stringValue == "/probe/home?open=myapp%3A%2F%2Fx")
        #expect(manifest["scope"]?.stringValue == "/probe/" && manifest["display"]?.stringValue == "standalone")
        let icon = try server.request("GET", "/probe/icon.png")
        #expect(icon.status == 200 && icon.body == ShortcutIcon.builtIn.bytes)
        let worker = try server.request("GET", "/probe/sw.js")
        #expect(worker.status == 200 && worker.header("Content-Type") == "text/javascript; charset=utf-8")
        #expect(worker.bodyText.contains(#"var KEEP = ["/probe/home", "/probe/frame"];"#))
        let frame = try server.request("GET", "/probe/frame")
        #expect(frame.header("Content-Security-Policy")?.contains("script-src \(Self.hash(ProbePage.frameScript));") == true)
        let redirect = try server.request("GET", "/probe/data-redirect")
        #expect(redirect.status == 301 && redirect.header("Location") == ProbePage.dataPageURL)
        let decoded = try #require(ProbePage.dataPageURL.dropFirst("data:text/html;charset=utf-8,".count).removingPercentEncoding)
        #expect(decoded.contains("<script>\(ProbePage.dataPageScript)</script>"))
    }

    @Test func aReportIsKeptListedAndAnsweredWithItsAdvice() throws {
        let server = try AppServer()
        defer { server.stop() }
        let sent = try server.request("POST", "/probe/report", json: SampleInputs.lanProbeReport)
        #expect(sent.status == 201, "\(sent.bodyText)")
        let answer = try #require(sent.json)
        #expect(answer["sequence"] == .number(1) && answer["peer"]?.stringValue == "127.0.0.1")
        #expect(answer["ios_version"]?.stringValue == "iOS 17.5")
        #expect(answer["use"]?.stringValue?.hasPrefix("use the web clip profile") == true)
        let listed = try server.request("GET", "/api/probes")
        #expect(listed.status == 200)
        let items = try #require(listed.json?.arrayValue, "not a list: \(listed.bodyText)")
        try #require(items.count == 1, "not one report: \(listed.bodyText)")
        #expect(items[0]["data_redirect"]?.stringValue == "refused")
        #expect(try server.request("GET", "/api/probes?after=1").bodyText == "[]")
        #expect(try server.request("GET", "/api/probes?after=-1").status == 400)
        #expect(
            try server.request("GET", "/api/probes", headers: ["X-Forwarded-For": "203.0.113.9"]).status == 403,
            "the list is the API's: not through a tunnel")
        #expect(try server.request("GET", "/api/probes", host: "evil.example").status == 403, "nor by a rebound name")
    }

    @Test func theBodyLimitAtItsEdge() throws {
        let server = try AppServer()
        defer { server.stop() }
        func body(_ size: Int) -> String {
            let frame = #"{"origin": ""}"#
            return #"{"origin": ""# + String(repeating: "x", count: size - frame.utf8.count) + #""}"#
        }
        let exact = try server.request("POST", "/probe/report", json: body(ProbeReport.maxBodyBytes))
        #expect(exact.status == 201, "\(exact.bodyText)")
        let over = try server.request("POST", "/probe/report", json: body(ProbeReport.maxBodyBytes + 1))
        #expect(over.status == 413 && over.bodyText.hasPrefix("a probe report is at most 16384 bytes, not 16385"))
        let megabyte = try server.request("POST", "/probe/report", json: body(1_000_000))
        #expect(megabyte.status == 413)
        let text = try server.request("POST", "/probe/report", json: SampleInputs.lanProbeReport, headers: ["Content-Type": "text/plain"])
        #expect(text.status == 415, "a page on another site cannot send one without a preflight")
        #expect(try server.request("POST", "/probe/report", json: #"{"a": [[[[[[[[[[1]]]]]]]]]]}"#).status == 400)
        let probes = try server.request("GET", "/api/probes")
        let items = try #require(probes.json?.arrayValue, "/api/probes is not a JSON array: \(probes.bodyText)")
        #expect(items.count == 1, "only the report within the limit was kept")
    }

    @Test func aPeerGetsTenAMinuteThen429WithRetryAfter() throws {
        let server = try AppServer()
        defer { server.stop() }
        for _ in 0..<ProbeReports.perPeerPerMinute {
            #expect(try server.request("POST", "/probe/report", json: SampleInputs.lanProbeReport).status == 201)
        }
        let limited = try server.request("POST", "/probe/report", json: SampleInputs.lanProbeReport)
        #expect(limited.status == 429 && limited.bodyText.hasPrefix("more than 10 probe reports a minute from 127.0.0.1"))
        let retry = try #require(limited.header("Retry-After").flatMap(Int.init))
        #expect(retry >= 1 && retry <= 60)
        // Forged forwarding fields do not make a new peer without --trust-proxy.
        let forged = try server.request(
            "POST", "/probe/report", json: SampleInputs.lanProbeReport, headers: ["X-Forwarded-For": "10.9.9.9"])
        #expect(forged.status == 429)
    }

    /// A thousand reports, each from a new address a trusted proxy names (as forged `X-Forwarded-For` would
    /// be): the limit for all peers holds, and the ring never grows.
    @Test func aThousandReportsFromAsManyPeersAreCappedForAllPeers() throws {
        var options = ServerConfiguration()
        options.trustsProxy = true
        let server = try AppServer(options: options)
        defer { server.stop() }
        let client = try server.client()
        let body = Array(SampleInputs.lanProbeReport.utf8)
        var statuses: [Int: Int] = [:]
        for number in 0..<1_000 {
            try client.send(
                Array(
                    ("POST /probe/report HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n"
                        + "X-Forwarded-For: 10.\(number / 256).\(number % 256).1\r\nContent-Length: \(body.count)\r\n\r\n").utf8) + body)
            statuses[try client.readResponse().status, default: 0] += 1
        }
        #expect(statuses == [201: ProbeReports.allPerMinute, 429: 1_000 - ProbeReports.allPerMinute], "\(statuses)")
        #expect(server.app.probes.list().count == ProbeReports.allPerMinute)
        #expect(server.app.probes.list().first?.peer == "10.0.0.1", "the peer is the one the trusted proxy names")
        #expect(server.app.probes.trackedPeers <= ProbeReports.allPerMinute + 1)
    }

    @Test func hostileTextIsInertOnTheIndexAndInTheLines() throws {
        let server = try AppServer()
        defer { server.stop() }
        let hostile =
            #"{"origin": "<img src=x onerror=alert(1)>", "user_agent": "</li><script>alert(2)</script>\u001b]0;pwned\u0007", "service_worker": false, "service_worker_reason": "\"><b>x</b>"}"#
        #expect(try server.request("POST", "/probe/report", json: hostile).status == 201)
        let index = try server.request("GET", "/")
        #expect(index.status == 200)
        #expect(!index.bodyText.contains("<img src=x") && !index.bodyText.contains("<script>alert") && !index.bodyText.contains("<b>x</b>"))
        #expect(index.bodyText.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(index.bodyText.contains(#"<h2 id="probes">Probe reports</h2>"#))
        let lines = server.app.probes.list()[0].lines.joined(separator: "\n")
        #expect(!lines.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "no control character reaches a terminal")
    }
}
