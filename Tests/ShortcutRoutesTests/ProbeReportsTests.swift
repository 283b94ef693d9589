import ShortcutRecords
import Testing

@testable import ShortcutRoutes

/// Issue 24, item 4: the kept reports are a ring that never grows, and the rate limits hold per peer and
/// for all peers, on an injected clock.
@Suite struct ProbeReportsTests {
    final class Clock: @unchecked Sendable {
        var seconds = 1_000.0
    }

    @Test func theRingKeepsTheLastSixtyFourNumberedInOrder() {
        let clock = Clock()
        let reports = ProbeReports(now: { clock.seconds })
        for number in 1...1_000 {
            clock.seconds += 2  // 30 a minute from all: under every limit
            let added = reports.add(ProbeReport(), peer: "10.0.\(number / 256).\(number % 256)", receivedAt: 0)
            #expect((try? added.get().sequence) == number)
        }
        let kept = reports.list()
        #expect(kept.count == ProbeReports.capacity)
        #expect(kept.map(\.sequence) == Array((1_000 - ProbeReports.capacity + 1)...1_000))
        #expect(reports.list(after: 990).map(\.sequence) == Array(991...1_000))
        #expect(reports.trackedPeers <= ProbeReports.allPerMinute + 1, "peers of the last minute only: \(reports.trackedPeers)")
    }

    @Test func onePeerGetsTenAMinuteThenARetryTime() throws {
        let clock = Clock()
        let reports = ProbeReports(now: { clock.seconds })
        for _ in 0..<ProbeReports.perPeerPerMinute {
            #expect(reports.add(ProbeReport(), peer: "192.168.1.23", receivedAt: 0).isSuccess)
            clock.seconds += 1
        }
        let limited = try #require(
            reports.add(ProbeReport(), peer: "192.168.1.23", receivedAt: 0).refusal, "the 11th report of a minute was taken")
        #expect(limited.retryAfterSeconds == 50 && limited.reason == "more than 10 probe reports a minute from 192.168.1.23")
        #expect(reports.add(ProbeReport(), peer: "192.168.1.24", receivedAt: 0).isSuccess, "another peer is not held back")
        clock.seconds += 50
        #expect(reports.add(ProbeReport(), peer: "192.168.1.23", receivedAt: 0).isSuccess, "a minute after the first, one more")
        #expect(reports.list().count == 12)
    }

    @Test func allPeersTogetherGetSixtyAMinute() throws {
        let clock = Clock()
        let reports = ProbeReports(now: { clock.seconds })
        for number in 0..<ProbeReports.allPerMinute {
            #expect(reports.add(ProbeReport(), peer: "10.0.0.\(number)", receivedAt: 0).isSuccess)
        }
        let limited = try #require(
            reports.add(ProbeReport(), peer: "10.0.1.1", receivedAt: 0).refusal, "the 61st report of a minute was taken")
        #expect(limited.reason == "more than 60 probe reports a minute from all peers" && limited.retryAfterSeconds == 60)
        clock.seconds += 60
        #expect(reports.add(ProbeReport(), peer: "10.0.1.1", receivedAt: 0).isSuccess)
    }

    @Test func listenersHearEachTakenReportAndNoRefusedOne() {
        let clock = Clock()
        let reports = ProbeReports(now: { clock.seconds })
        let heard = Heard()
        reports.onReport { heard.add($0.sequence) }
        for _ in 0..<12 { _ = reports.add(ProbeReport(), peer: "a", receivedAt: 0) }
        #expect(heard.all == Array(1...10))
    }

    final class Heard: @unchecked Sendable {
        private var items: [Int] = []
        func add(_ item: Int) { items.append(item) }
        var all: [Int] { items }
    }
}

extension Result {
    var isSuccess: Bool { if case .success = self { true } else { false } }

    /// Why it was refused; nil if it was taken.
    var refusal: Failure? { if case .failure(let reason) = self { reason } else { nil } }
}
