import Foundation
import Testing

@testable import ShortcutRecords

/// Issue 24, item 4: a probe report comes from the network. It is read by type, cut, made inert, and what
/// follows from it is said (`ProbeAdvice`).
@Suite struct ProbeReportTests {
    static let iPhone17 =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
    static let iPhone15 =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 15_7_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Mobile/15E148 Safari/604.1"

    func report(_ json: String) throws -> ProbeReport { try ProbeReport(body: Array(json.utf8)) }

    @Test func everyKnownMemberIsReadAndUnknownOnesAreDropped() throws {
        let read = try report(
            """
            {"secure_context": true, "service_worker": false, "service_worker_reason": "timeout", "data_redirect": "refused",
             "standalone": true, "controlled": true, "storage_persisted": null, "app_url": "not opened", "kept_offline": true,
             "user_agent": "\(Self.iPhone17)", "origin": "https://mac.example", "extra": {"nested": [1, {"a": 2}]}, "sequence": 99}
            """)
        #expect(read.secureContext == true && read.serviceWorker == false && read.serviceWorkerReason == "timeout")
        #expect(read.dataRedirect == .refused && read.standalone == true && read.controlled == true && read.storagePersisted == nil)
        #expect(read.appURL == .notOpened && read.keptOffline == true && read.origin == "https://mac.example")
        #expect(read.sequence == 0, "the server numbers reports; a sent number is dropped")
        #expect(read.iOSVersion == "iOS 17.5")
        let listed = read.json.description
        #expect(!listed.contains("extra") && !listed.contains("nested"))
    }

    @Test(arguments: [
        (#"[1]"#, "a probe report must be a JSON object, not array"),
        (#"{"secure_context": "yes"}"#, "secure_context must be true, false or null, not string"),
        (#"{"data_redirect": "opened"}"#, #"data_redirect must be "followed" or "refused" or null"#),
        (#"{"app_url": true}"#, #"app_url must be "opened" or "not opened" or null"#),
        (#"{"user_agent": {"a": 1}}"#, "user_agent must be a string or null, not object"),
        (#"{"origin": 5}"#, "origin must be a string or null, not number"),
    ])
    func aWrongMemberIsRefusedWithItsReason(json: String, reason: String) {
        #expect(throws: ProbeReport.Refusal(description: reason)) { try report(json) }
    }

    @Test func nestingIsBoundedAtItsEdge() throws {
        func nested(_ depth: Int) -> String {
            #"{"extra": "# + String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1) + "}"
        }
        _ = try report(nested(ProbeReport.maxDepth))
        #expect(throws: ProbeReport.Refusal.self) { try report(nested(ProbeReport.maxDepth + 1)) }
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: ProbeReport.Refusal.self) { try report(deep) }
    }

    @Test func textsLoseControlCharactersAndAreCutAtTheLimit() throws {
        let escape = try report(#"{"user_agent": "a\u001b[31mred\nprobe #9 from 10.0.0.1\u2028x\u200ey"}"#)
        #expect(escape.userAgent == "a [31mred probe #9 from 10.0.0.1 x y")
        let exact = String(repeating: "é", count: ProbeReport.maxTextBytes / 2)
        #expect(try report(#"{"origin": "\#(exact)"}"#).origin == exact, "exactly the limit is kept whole")
        let over = try #require(try report(#"{"origin": "\#(exact)a"}"#).origin)
        #expect(over.utf8.count <= ProbeReport.maxTextBytes && over.hasSuffix("…") && over.hasPrefix("éé"))
        let huge = try report(#"{"user_agent": "\#(String(repeating: "x", count: 15_000))"}"#)
        #expect(huge.userAgent?.utf8.count == ProbeReport.maxTextBytes)
    }

    @Test(
        arguments: [
            (iPhone17, "iOS 17.5"),
            (iPhone15, "iOS 15.7.2"),
            ("Mozilla/5.0 (iPad; CPU OS 16_4 like Mac OS X) AppleWebKit/605.1.15", "iPadOS 16.4"),
            ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15", nil),
            ("Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36", nil),
            ("iPhone OS", nil),
        ] as [(String, String?)])
    func theIOSVersionIsReadFromTheUserAgent(agent: String, version: String?) throws {
        #expect(try report(#"{"user_agent": "\#(agent)"}"#).iOSVersion == version)
    }

    @Test func theAdviceFollowsFromWhatWasProven() throws {
        let https = try report(
            #"{"secure_context": true, "service_worker": true, "standalone": true, "controlled": true, "origin": "https://mac.example", "user_agent": "\#(Self.iPhone17)"}"#
        )
        let advice = ProbeAdvice(https)
        #expect(advice.use.hasPrefix("use page mode at https://mac.example"))
        #expect(advice.findings.contains("this launch from the home screen was served by the worker: proven on this phone"))

        let lan = try report(
            #"{"secure_context": false, "service_worker": false, "data_redirect": "refused", "origin": "http://192.168.1.20:9081", "user_agent": "\#(Self.iPhone17)"}"#
        )
        #expect(ProbeAdvice(lan).use.hasPrefix("use the web clip profile (/w/<id>.mobileconfig)"))
        #expect(ProbeAdvice(lan).use.contains("serve over HTTPS"))
        #expect(
            ProbeAdvice(lan).findings.first
                == "http://192.168.1.20:9081 is not a secure context on this phone: no service worker, so a page-mode icon needs the server running"
        )

        let old = try report(#"{"secure_context": false, "data_redirect": "followed", "user_agent": "\#(Self.iPhone15)"}"#)
        #expect(ProbeAdvice(old).use.contains("data mode works on this iOS (before 16.4)"))
        let desktop = try report(#"{"secure_context": true, "service_worker": false, "service_worker_reason": "timeout"}"#)
        #expect(ProbeAdvice(desktop).use == "use page mode (/p/<id>) while the server runs")
        #expect(ProbeAdvice(desktop).findings == ["no service worker registered (timeout): a page-mode icon needs the server running"])
    }

    @Test func aListedReportReadsBackAsItWasKept() throws {
        var kept = try report(#"{"secure_context": false, "app_url": "opened", "user_agent": "\#(Self.iPhone17)"}"#)
        kept.sequence = 7
        kept.peer = "192.168.1.23"
        kept.receivedAt = 1_795_600_000
        #expect(try ProbeReport(listed: kept.json) == kept)
        #expect(kept.lines[0] == "probe #7 from 192.168.1.23: iOS 17.5")
        #expect(kept.lines.last?.hasPrefix("  => use ") == true)
    }
}
