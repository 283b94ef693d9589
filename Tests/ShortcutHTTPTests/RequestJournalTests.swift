import Foundation
import ShortcutPlatform
import Testing

@testable import ShortcutHTTP

/// Issue 27: the request journal alone (bounds, what it keeps of a request, filters, waits), with entries
/// built the way a connection builds them.
@Suite struct RequestJournalTests {
    static func request(_ target: String, method: HTTPMethod = .GET, headers: HTTPHeaders = [:], body: [UInt8] = []) -> HTTPRequest {
        HTTPRequest(method: method, target: target, headers: headers, body: body, remoteAddress: "127.0.0.1:50000")
    }

    /// Calls `body` with the head a parser makes of what a client would have sent for `request` (HTTP/1.0, so
    /// that no `Host` is needed; limits wide enough for the 64 KB values of these tests).
    static func withHead(of request: HTTPRequest, _ body: (ReceivedHead) -> Void) {
        var limits = ServerLimits()
        limits.maxHeaderBytes = 1 << 20
        var parser = HTTPParser(limits: limits)
        let fields = request.headers.fields.map { "\($0.name): \($0.value)\r\n" }.joined()
        let text = "\(request.method.rawValue) \(request.target) HTTP/1.0\r\n\(fields)\r\n"
        var parsed = 0
        let error = ParserHarness.send(Array(text.utf8)[...], to: &parser) { event in
            guard case .request(_, _, let head) = event else { return }
            parsed += 1
            body(head)
        }
        #expect(error == nil && parsed == 1, "the parser takes the head")
    }

    /// Records one exchange as a connection does.
    @discardableResult
    static func record(
        _ journal: RequestJournal, _ target: String, status: Int = 200, method: HTTPMethod = .GET, headers: HTTPHeaders = [:],
        body: [UInt8] = []
    ) -> RecordedRequest {
        let made = request(target, method: method, headers: headers, body: body)
        withHead(of: made) { head in
            journal.record(
                made, head: head, response: HTTPResponse(status: HTTPStatus(status)), peer: "127.0.0.1:50000", sentBytes: 0,
                started: 1_000, ended: 42_000)
        }
        return journal.entries().last
            ?? RecordedRequest(
                time: Date(), peer: "", method: "", target: "(not kept)", path: "", route: nil, status: 0, requestBytes: 0,
                responseBytes: 0,
                duration: .zero, headers: [], body: nil, responseType: nil, note: nil, reason: nil)
    }

    /// What one entry is charged, alone in a journal.
    static func charge(_ target: String, headers: HTTPHeaders = [:]) -> Int {
        let journal = RequestJournal()
        record(journal, target, headers: headers)
        return journal.summary.bytes
    }

    @Test func nPlusOneRequestsKeepTheLastNAndEachIsChargedItsBytes() {
        let journal = RequestJournal(.init(maxEntries: 3))
        for index in 1...4 { Self.record(journal, "/r/\(index)") }
        let kept = journal.entries()
        #expect(kept.map(\.target) == ["/r/2", "/r/3", "/r/4"])
        #expect(kept.map(\.sequence) == [2, 3, 4])
        let summary = journal.summary
        #expect(summary.entries == 3 && summary.dropped == 1 && summary.lastSequence == 4)
        let one = Self.charge("/r/1")
        #expect(summary.bytes == 3 * one, "the bytes of the three kept, not of the dropped one")
        #expect(one > RequestJournal.slotBytes + 2 * "/r/1".utf8.count, "its slot, the target and the path, the peer, the method")
        #expect(kept[0].duration == .nanoseconds(41_000), "from the answer's start to its end")
    }

    /// Under the count bound the block is reused from its start as soon as that is free: what is written
    /// stays near what the kept entries hold, not the whole byte budget (cache, resident memory).
    @Test func underTheCountBoundTheBlockIsReusedFromItsStart() {
        let journal = RequestJournal(.init(maxEntries: 10))
        for index in 1...1_000 { Self.record(journal, "/r/\(index % 7)") }
        let one = Self.charge("/r/1") - RequestJournal.slotBytes
        #expect(journal.entries().map(\.sequence) == Array(991...1_000))
        #expect(journal.touchedBytes <= 2 * 11 * one, "about the bytes of ten entries, not of a thousand (\(journal.touchedBytes))")
        #expect(journal.touchedBytes >= 10 * one)
        #expect(journal.summary.bytes == 10 * (one + RequestJournal.slotBytes) && journal.summary.dropped == 990)
    }

    @Test func theByteBoundDropsTheOldestAndAnEntryOverItIsNotKept() {
        let pad: HTTPHeaders = ["X-Pad": String(repeating: "p", count: 200)]
        let text = Self.charge("/r/1", headers: pad) - RequestJournal.slotBytes
        let journal = RequestJournal(.init(maxEntries: 100, maxBytes: text * 2 + text / 2))
        for index in 1...5 { Self.record(journal, "/r/\(index)", headers: pad) }
        #expect(journal.entries().map(\.target) == ["/r/4", "/r/5"], "two fit in two and a half entries' bytes")
        #expect(journal.summary.bytes == 2 * (text + RequestJournal.slotBytes))
        #expect(journal.summary.dropped == 3)
        // Round and round the bytes: always the newest that fit, never a torn one.
        for index in 6...40 { Self.record(journal, "/r/\(index)", headers: pad) }
        #expect(journal.entries().map(\.target) == ["/r/39", "/r/40"])
        #expect(journal.entries().allSatisfy { $0.header("X-Pad") == String(repeating: "p", count: 200) })

        let tiny = RequestJournal(.init(maxEntries: 10, maxBytes: 20))
        Self.record(tiny, "/too-big")
        #expect(tiny.entries().isEmpty && tiny.summary.dropped == 1 && tiny.summary.bytes == 0)
    }

    @Test func secretsAreReplacedUnlessKeptAndTheSchemeStays() {
        let headers: HTTPHeaders = [
            "Authorization": "Bearer s3cr3t-token", "cookie": "session=abc", "Proxy-Authorization": "Basic dXNlcjpwYXNz",
            "X-Other": "visible",
        ]
        let redacted = Self.record(RequestJournal(), "/v3/profile", headers: headers)
        #expect(redacted.header("Authorization") == "Bearer [redacted]")
        #expect(redacted.header("Cookie") == "[redacted]")
        #expect(redacted.header("Proxy-Authorization") == "Basic [redacted]")
        #expect(redacted.header("X-Other") == "visible")
        #expect(!redacted.headers.contains { $0.value.contains("s3cr3t") || $0.value.contains("abc") || $0.value.contains("dXNl") })
        let kept = Self.record(RequestJournal(.init(keepsSecrets: true)), "/v3/profile", headers: headers)
        #expect(kept.header("Authorization") == "Bearer s3cr3t-token" && kept.header("Cookie") == "session=abc")
        // A value that is not "scheme credentials" keeps nothing.
        let bare = Self.record(
            RequestJournal(), "/", headers: ["Authorization": "s3cr3t", "Cookie": "Bearer", "Proxy-Authorization": "Bearer "])
        #expect(bare.headers.map(\.value) == ["[redacted]", "[redacted]", "[redacted]"])
    }

    @Test func valuesOver256BytesAreCutAndSayHowLongTheyWere() {
        let long = String(repeating: "a", count: 64 * 1024)
        let entry = Self.record(RequestJournal(), "/", headers: ["X-Long": long, "X-Edge": String(repeating: "b", count: 256)])
        let cut = try! #require(entry.header("X-Long"))
        #expect(cut == String(repeating: "a", count: 256) + "… [65536 bytes]")
        #expect(entry.header("X-Edge") == String(repeating: "b", count: 256), "256 bytes is kept whole")
        #expect(Self.charge("/", headers: ["X-Long": long]) < 1024, "the cut value is what is charged")
        // A character cut in two becomes U+FFFD, never an invalid string.
        let accented = Self.record(RequestJournal(), "/", headers: ["X-Accent": String(repeating: "a", count: 255) + "é" + "tail"])
        #expect(accented.header("X-Accent") == String(repeating: "a", count: 255) + "\u{FFFD}… [261 bytes]")
    }

    @Test func bodiesAreKeptOnlyWhenAskedAndOnlyTheirFirstBytes() {
        let body = Array("0123456789".utf8)
        let none = Self.record(RequestJournal(), "/api/mock", method: .POST, body: body)
        #expect(none.body == nil && none.requestBytes == 10)
        let first = Self.record(RequestJournal(.init(bodyBytes: 4)), "/api/mock", method: .POST, body: body)
        #expect(first.body == Array("0123".utf8) && first.isBodyCut)
        let whole = Self.record(RequestJournal(.init(bodyBytes: 10)), "/api/mock", method: .POST, body: body)
        #expect(whole.body == body && !whole.isBodyCut)
        #expect(RequestJournal.Settings(bodyBytes: 1 << 30).bodyBytes == RequestJournal.Settings.bodyBytesLimit)
    }

    @Test func eachFilterSelects() {
        let journal = RequestJournal()
        Self.record(journal, "/v3/a?x=1")
        Self.record(journal, "/v3/b", status: 404)
        Self.record(journal, "/s", status: 301)
        Self.record(journal, "/api/mock", status: 201, method: .POST)
        Self.record(journal, "/v3/a", status: 500)
        let targets = { (filter: RequestFilter) in journal.entries(matching: filter).map(\.target) }
        #expect(targets(.path("/v3/")) == ["/v3/a?x=1", "/v3/b", "/v3/a"])
        #expect(targets(RequestFilter(method: "POST")) == ["/api/mock"])
        #expect(targets(RequestFilter(status: .code(404))) == ["/v3/b"])
        #expect(targets(RequestFilter(status: RequestFilter.StatusMatch("4xx"))) == ["/v3/b"])
        #expect(targets(RequestFilter(status: RequestFilter.StatusMatch("5XX"))) == ["/v3/a"])
        #expect(targets(RequestFilter(since: 3)) == ["/api/mock", "/v3/a"])
        #expect(targets(RequestFilter(pathPrefix: "/v3/", limit: 2)) == ["/v3/b", "/v3/a"], "the newest two, oldest first")
        #expect(
            RequestFilter.StatusMatch("4x1") == nil && RequestFilter.StatusMatch("600") == nil && RequestFilter.StatusMatch("40") == nil)
    }

    @Test func clearForgetsButSequenceNumbersGoOn() {
        let journal = RequestJournal()
        Self.record(journal, "/a")
        Self.record(journal, "/b")
        journal.clear()
        #expect(journal.entries().isEmpty && journal.summary.bytes == 0)
        Self.record(journal, "/c")
        #expect(journal.entries().map(\.sequence) == [3])
    }

    @Test func aWaitAnswersOnTheNthMatchingRequest() async {
        let journal = RequestJournal()
        Self.record(journal, "/v3/profile")
        let waiting = Task { await journal.wait(for: .path("/v3/profile"), count: 3, timeout: .seconds(60)) }
        // Registered before the next requests: the wait is pending (one found of three).
        while journal.pendingWaits == 0 { await Task.yield() }
        Self.record(journal, "/v3/legacy")
        Self.record(journal, "/v3/profile")
        #expect(journal.pendingWaits == 1, "two of three: still waiting")
        Self.record(journal, "/v3/profile")
        let outcome = await waiting.value
        guard case .arrived(let found) = outcome else {
            Issue.record("expected the wait to end on the third match, got \(outcome)")
            return
        }
        #expect(found.map(\.sequence) == [1, 3, 4])
        #expect(journal.pendingWaits == 0)
    }

    @Test func aWaitEndsAtItsTimeoutWithWhatArrived() async {
        let journal = RequestJournal()
        Self.record(journal, "/v3/profile")
        let outcome = await journal.wait(for: .path("/v3/profile"), count: 2, timeout: .milliseconds(50))
        guard case .timedOut(let found) = outcome else {
            Issue.record("expected a timeout, got \(outcome)")
            return
        }
        #expect(found.map(\.target) == ["/v3/profile"])
        #expect(journal.pendingWaits == 0)
        // Already there: no wait at all.
        #expect(await journal.wait(for: .path("/v3/"), count: 1, timeout: .zero) == .arrived(journal.entries()))
    }

    /// A wait's timeout runs on the journal's clock: stepped here, a 10 s wait ends when the clock reaches
    /// 10 s, not before, and without 10 s of waiting. (Before, it was an `asyncAfter` on Dispatch's global
    /// queue, off any clock a test could step; the clock was never asked.)
    @Test func aWaitTimesOutWhenItsClockReachesTheTimeout() async {
        let clock = ManualClock()
        let journal = RequestJournal(RequestJournal.Settings(), clock: clock)
        Self.record(journal, "/v3/profile")
        let waiting = Task { await journal.wait(for: .path("/v3/profile"), count: 2, timeout: .seconds(10)) }
        while journal.pendingWaits == 0 { await Task.yield() }
        #expect(clock.waiting == 1, "the timeout is scheduled on the journal's clock")
        clock.advance(by: .milliseconds(9_999))
        #expect(clock.waiting == 1 && journal.pendingWaits == 1, "a millisecond early, the wait goes on")
        clock.advance(by: .milliseconds(1))
        guard case .timedOut(let found) = await waiting.value else {
            Issue.record("expected the wait to time out")
            return
        }
        #expect(found.map(\.target) == ["/v3/profile"])
        #expect(journal.pendingWaits == 0 && clock.waiting == 0)
    }

    @Test func waitsAreBounded() async {
        let journal = RequestJournal()
        let waits = (0..<RequestJournal.maxWaiters).map { _ in
            Task { await journal.wait(for: .path("/never"), count: 1, timeout: .seconds(60)) }
        }
        while journal.pendingWaits < RequestJournal.maxWaiters { await Task.yield() }
        #expect(await journal.wait(for: .path("/never"), count: 1, timeout: .seconds(60)) == .tooManyWaiters)
        for _ in 0..<RequestJournal.maxWaiters { Self.record(journal, "/never") }
        for wait in waits {
            guard case .arrived = await wait.value else {
                Issue.record("each pending wait ends with the request it waited for")
                return
            }
        }
    }

    @Test func aRefusedRequestIsKeptWithoutOneAndTheReasonIsItsFirstLine() {
        let journal = RequestJournal()
        journal.recordRefusal(
            .error(.badRequest, "invalid byte 0x1B in the value of 'X'"), peer: "127.0.0.1:1", sentBytes: 38,
            started: 0,
            ended: 5)
        let entry = try! #require(journal.entries().first)
        #expect(entry.method == "-" && entry.target == "-" && entry.headers.isEmpty)
        #expect(entry.duration == .zero, "no start was read: no duration, not the time since boot")
        #expect(entry.reason == "invalid byte 0x1B in the value of 'X'")
        #expect(entry.responseType == "text/plain; charset=utf-8")
        #expect(RequestJournal.reason(in: Array(repeating: 0x41, count: 2000)) == nil, "a long body is no reason")
    }

    /// An entry's time of day is worked out from its end on the monotonic clock (the clocks' difference is read
    /// once a second, not per entry): the wall clock at that end.
    @Test func anEntrysTimeIsTheWallClockAtItsEnd() throws {
        let journal = RequestJournal()
        let before = Date()
        let ended = Platform.monotonicNanoseconds()
        let after = Date()
        journal.recordRefusal(.error(.badRequest, "first"), peer: "127.0.0.1:1", sentBytes: 0, started: 0, ended: ended)
        // Ended 2 s later on the monotonic clock (past the second after which the difference is read again).
        journal.recordRefusal(.error(.badRequest, "second"), peer: "127.0.0.1:1", sentBytes: 0, started: 0, ended: ended + 2_000_000_000)
        let entries = journal.entries()
        try #require(entries.count == 2)
        let slack = 0.001  // the two clocks are read one after the other
        #expect(entries[0].time >= before.addingTimeInterval(-slack) && entries[0].time <= after.addingTimeInterval(slack))
        #expect(abs(entries[1].time.timeIntervalSince(entries[0].time) - 2) < slack)
    }

    /// The head is kept as received but for long values and secrets, and read back into the same fields the
    /// parser made of it (also through a live server: `RequestJournalRouteTests`).
    @Test func aHeadIsKeptAsReceivedAndReadBackAsItsFields() throws {
        let long = String(repeating: "L", count: 300)
        let text =
            "\r\nGET http://a.example:8080/x/y?q=1 HTTP/1.1\r\nHost: a.example:8080\r\nX-Before:\t v1 \t\r\n"
            + "authorization:   Digest  abc \r\nX-Long: \(long)\r\nX-Mid: v2\r\nCookie: a=b\r\nX-After: v3\r\n\r\n"
        var parser = HTTPParser()
        var parsed: HTTPRequest?
        var kept: [UInt8] = []
        _ = ParserHarness.send(Array(text.utf8)[...], to: &parser) { event in
            guard case .request(let request, _, let head) = event else { return }
            parsed = request
            #expect(head.carriesCredentials && head.longestValue == 300 && head.bytes.first == UInt8(ascii: "G"))
            let layout = JournalHead.layout(of: head, keepsSecrets: false)
            #expect(!layout.isVerbatim)
            kept = [UInt8](repeating: 0xEE, count: layout.size + 1)
            kept.withUnsafeMutableBytes { JournalHead.copy(head, layout, keepsSecrets: false, to: $0.baseAddress!) }
            #expect(kept.last == 0xEE && !kept.dropLast().contains(0xEE), "the copy writes what the layout said, all of it")
            kept.removeLast()
        }
        let request = try #require(parsed)
        let parts = kept.withUnsafeBytes { JournalHead.read($0) }
        #expect(parts.method == "GET" && parts.target == request.target && parts.path == request.path && parts.path == "/x/y")
        #expect(parts.fields.map(\.name) == request.headers.fields.map(\.name))
        #expect(
            parts.fields.map(\.value) == [
                "a.example:8080", "v1", "Digest [redacted]", String(repeating: "L", count: 256) + "… [300 bytes]", "v2", "[redacted]",
                "v3",
            ], "the parser's values, trimmed; a secret keeps its scheme, never its credentials")
        #expect(!String(decoding: kept, as: UTF8.self).contains("abc") && kept.starts(with: Array("GET http".utf8)))
        #expect(kept.count < text.utf8.count, "a long value is kept cut, not whole")
        // Kept secrets are the received bytes whole (from the request line on).
        let whole = try #require(text.utf8.split(separator: 0x0A, maxSplits: 1).last)
        _ = ParserHarness.send(Array(text.utf8)[...], to: &parser) { event in
            guard case .request(_, _, let head) = event else { return }
            #expect(JournalHead.layout(of: head, keepsSecrets: true).size == whole.count - 300 + 256 + 4, "only the long value is cut")
        }
        // A head without either is kept verbatim.
        _ = ParserHarness.send(
            Array("GET / HTTP/1.1\r\nHost: a\r\nX-Edge: \(String(repeating: "e", count: 256))\r\n\r\n".utf8)[...], to: &parser
        ) {
            guard case .request(_, _, let head) = $0 else { return }
            let layout = JournalHead.layout(of: head, keepsSecrets: false)
            #expect(layout.isVerbatim && layout.size == head.bytes.count && head.longestValue == 256 && !head.carriesCredentials)
        }
    }
}
