import Testing

@testable import ShortcutHTTP

/// `ConnectionTimeline`: each phase's deadline from `ServerLimits`, at its edge (one nanosecond before,
/// and exactly at it), and what a passed deadline means. No clock, no socket: times are numbers.
@Suite struct ConnectionTimelineTests {
    /// Distinct timeouts, so that a phase given another phase's deadline shows.
    static let limits: ServerLimits = {
        var limits = ServerLimits()
        limits.headerReadTimeout = .seconds(10)
        limits.bodyReadTimeout = .seconds(30)
        limits.idleTimeout = .seconds(60)
        limits.writeTimeout = .milliseconds(2500)
        return limits
    }()
    static let timeouts = ConnectionTimeline.Timeouts(limits)
    static let start: UInt64 = 5_000_000_000
    static let second: UInt64 = 1_000_000_000
    static let headReason = "request header section not complete within 10 s"
    static let bodyReason = "request body not complete within 30 s"

    struct Row: CustomTestStringConvertible, Sendable {
        let phase: ConnectionTimeline.Phase
        let isMidRequest: Bool
        /// Nanoseconds the phase allows; nil for none.
        let allowed: UInt64?
        let expiry: ConnectionTimeline.Expiry
        var testDescription: String { "\(phase), mid-request: \(isMidRequest)" }
    }

    static let rows: [Row] = [
        Row(phase: .head, isMidRequest: true, allowed: 10 * second, expiry: .requestTimeout(headReason)),
        // Nothing asked yet (a fresh connection, or one that sent nothing): closed without a word.
        Row(phase: .head, isMidRequest: false, allowed: 10 * second, expiry: .close),
        Row(phase: .body, isMidRequest: true, allowed: 30 * second, expiry: .requestTimeout(bodyReason)),
        Row(phase: .idle, isMidRequest: false, allowed: 60 * second, expiry: .close),
        Row(phase: .writing, isMidRequest: false, allowed: 2_500_000_000, expiry: .close),
        // A peer that stops reading mid-pipeline has unanswered requests; it is closed, not answered.
        Row(phase: .writing, isMidRequest: true, allowed: 2_500_000_000, expiry: .close),
        // Lingering lasts as long as a head may take, at most 2 s.
        Row(phase: .lingering, isMidRequest: false, allowed: 2 * second, expiry: .close),
        Row(phase: .lingering, isMidRequest: true, allowed: 2 * second, expiry: .close),
        Row(phase: .delayed, isMidRequest: false, allowed: nil, expiry: .none),
    ]

    @Test(arguments: rows)
    func eachPhaseExpiresExactlyAtItsDeadline(_ row: Row) {
        var timeline = ConnectionTimeline(now: 0, timeouts: Self.timeouts)
        timeline.enter(row.phase, now: Self.start, timeouts: Self.timeouts)
        #expect(timeline.phase == row.phase)
        #expect(timeline.deadline == row.allowed.map { Self.start + $0 })
        let expiry = { (now: UInt64) in timeline.expiry(at: now, isMidRequest: row.isMidRequest, timeouts: Self.timeouts) }
        #expect(expiry(Self.start) == .none)
        guard let allowed = row.allowed else {
            #expect(expiry(.max) == .none, "no deadline: never")
            return
        }
        #expect(expiry(Self.start + allowed - 1) == .none, "one nanosecond before the deadline")
        #expect(expiry(Self.start + allowed) == row.expiry, "at the deadline")
        #expect(expiry(Self.start + allowed + 1) == row.expiry, "after it")
    }

    @Test func aNewConnectionHasTheHeaderReadTimeoutFromAccept() {
        let timeline = ConnectionTimeline(now: Self.start, timeouts: Self.timeouts)
        #expect(timeline.phase == .head)
        #expect(timeline.deadline == Self.start + 10 * Self.second)
    }

    @Test func stayingInAPhaseKeepsItsDeadlineAndEnteringAgainRestartsIt() {
        var timeline = ConnectionTimeline(now: Self.start, timeouts: Self.timeouts)
        // A head that trickles in does not win more time with each byte (slowloris).
        timeline.stay(in: .head, now: Self.start + 9 * Self.second, timeouts: Self.timeouts)
        #expect(timeline.deadline == Self.start + 10 * Self.second)
        // A new phase starts its own time.
        timeline.stay(in: .body, now: Self.start + 9 * Self.second, timeouts: Self.timeouts)
        #expect(timeline.deadline == Self.start + 39 * Self.second)
        // Each keep-alive wait starts afresh.
        timeline.enter(.idle, now: Self.start + 40 * Self.second, timeouts: Self.timeouts)
        timeline.enter(.idle, now: Self.start + 50 * Self.second, timeouts: Self.timeouts)
        #expect(timeline.deadline == Self.start + 110 * Self.second)
        timeline.enter(.delayed, now: Self.start + 51 * Self.second, timeouts: Self.timeouts)
        #expect(timeline.deadline == nil)
    }

    @Test func lingeringTakesTheHeaderReadTimeoutWhenItIsShorterThanTwoSeconds() {
        var limits = ServerLimits()
        limits.headerReadTimeout = .milliseconds(300)
        let timeouts = ConnectionTimeline.Timeouts(limits)
        #expect(timeouts.linger == 300_000_000)
        limits.headerReadTimeout = .seconds(2)
        #expect(ConnectionTimeline.Timeouts(limits).linger == 2 * Self.second)
        limits.headerReadTimeout = .seconds(2) + .nanoseconds(1)
        #expect(ConnectionTimeline.Timeouts(limits).linger == 2 * Self.second)
    }

    @Test func theReasonsNameTheLimitAsConfigured() {
        var limits = ServerLimits()
        limits.headerReadTimeout = .milliseconds(300)
        limits.bodyReadTimeout = .milliseconds(250)
        let timeouts = ConnectionTimeline.Timeouts(limits)
        #expect(timeouts.headReason == "request header section not complete within 0.3 s")
        #expect(timeouts.bodyReason == "request body not complete within 0.25 s")
    }

    @Test func aGracefulStopClosesOnlyWhatHasNothingInFlight() {
        var timeline = ConnectionTimeline(now: Self.start, timeouts: Self.timeouts)
        for phase: ConnectionTimeline.Phase in [.head, .body, .idle, .writing, .delayed] {
            timeline.enter(phase, now: Self.start, timeouts: Self.timeouts)
            #expect(timeline.closesOnStop(isIdle: true), "\(phase), idle")
            #expect(!timeline.closesOnStop(isIdle: false), "\(phase), busy")
        }
        // Already answered for the last time: what it still sends is only drained.
        timeline.enter(.lingering, now: Self.start, timeouts: Self.timeouts)
        #expect(timeline.closesOnStop(isIdle: false))
    }

    @Test func deadlinesSaturateRatherThanWrapAround() {
        var limits = ServerLimits()
        limits.idleTimeout = .seconds(Int64.max)
        let timeouts = ConnectionTimeline.Timeouts(limits)
        #expect(timeouts.idle == .max)
        var timeline = ConnectionTimeline(now: Self.start, timeouts: timeouts)
        timeline.enter(.idle, now: Self.start, timeouts: timeouts)
        #expect(timeline.expiry(at: Self.start + 1000 * Self.second, isMidRequest: false, timeouts: timeouts) == .none)
    }
}
