/// The phases of one connection and their deadlines, as a pure state machine: it is told what the
/// connection waits for and the time (monotonic nanoseconds from a `MonotonicClock`), and answers what a
/// given time means for it. No clock is read here, so tests step it with any times they like.
///
/// Only the phase and its deadline live here (9 bytes in each connection); the timeouts they come from are
/// the loop's `Timeouts`, passed in.
struct ConnectionTimeline: Equatable {
    /// What the connection is waiting for; each phase but `delayed` has a deadline.
    enum Phase: Equatable {
        /// The head of a request (from its first byte, or from accept): `headerReadTimeout`.
        case head
        /// The rest of a body: `bodyReadTimeout`.
        case body
        /// A keep-alive connection between requests: `idleTimeout`.
        case idle
        /// The peer to take our bytes: `writeTimeout`.
        case writing
        /// A handler's delayed answer (`HTTPResponse.delay`): no deadline; the handler chose the wait.
        case delayed
        /// Our last answer is sent and our side shut; the peer's leftover input is read and dropped so that
        /// closing does not reset the connection under that answer: `lingerTimeout`.
        case lingering
    }

    /// What a deadline that has passed means.
    enum Expiry: Equatable {
        /// Nothing: no deadline, or not reached yet.
        case none
        /// Close without a word: nothing was asked that an answer could refer to.
        case close
        /// Answer `408 Request Timeout` with this one-line reason, then close.
        case requestTimeout(String)
    }

    /// Each phase's allowed time in nanoseconds, worked out once per server from `ServerLimits`. All
    /// trivial fields: passed on every request, it must cost no reference counting.
    struct Timeouts: Equatable, Sendable {
        let head: UInt64
        let body: UInt64
        let idle: UInt64
        let write: UInt64
        let linger: UInt64
        /// The limits as configured, for the reasons a 408 gives.
        let headLimit: Duration
        let bodyLimit: Duration

        /// Lingering waits as long as a head may take, but at most `maxLinger`: the answer is already out, and
        /// a peer that keeps sending only holds a descriptor.
        static let maxLinger: Duration = .seconds(2)

        init(_ limits: ServerLimits) {
            head = limits.headerReadTimeout.nanoseconds
            body = limits.bodyReadTimeout.nanoseconds
            idle = limits.idleTimeout.nanoseconds
            write = limits.writeTimeout.nanoseconds
            linger = min(limits.headerReadTimeout, Timeouts.maxLinger).nanoseconds
            headLimit = limits.headerReadTimeout
            bodyLimit = limits.bodyReadTimeout
        }

        /// The one-line reason of a head that timed out.
        var headReason: String { "request header section not complete within \(headLimit.secondsText)" }
        /// The one-line reason of a body that timed out.
        var bodyReason: String { "request body not complete within \(bodyLimit.secondsText)" }

        /// The time `phase` allows; nil for none.
        func allowed(in phase: Phase) -> UInt64? {
            switch phase {
            case .head: head
            case .body: body
            case .idle: idle
            case .writing: write
            case .delayed: nil
            case .lingering: linger
            }
        }
    }

    private(set) var phase: Phase
    /// Monotonic nanoseconds at which `phase` times out; nil for none.
    private(set) var deadline: UInt64?

    /// A new connection waits for a head from the moment it is accepted (`now`).
    init(now: UInt64, timeouts: Timeouts) {
        phase = .head
        deadline = ConnectionTimeline.adding(timeouts.head, to: now)
    }

    /// Enters `phase` at `now`, with that phase's full time; entering the phase it is in restarts its time.
    mutating func enter(_ phase: Phase, now: UInt64, timeouts: Timeouts) {
        self.phase = phase
        deadline = timeouts.allowed(in: phase).map { ConnectionTimeline.adding($0, to: now) }
    }

    /// `now + allowed`, saturating: a timeout too long to count in nanoseconds is never reached.
    @inline(__always)
    private static func adding(_ allowed: UInt64, to now: UInt64) -> UInt64 {
        let (sum, overflow) = now.addingReportingOverflow(allowed)
        return overflow ? .max : sum
    }

    /// Enters `phase` at `now` unless already in it (its time then runs on: a head or body that trickles
    /// in, or a peer that reads slowly, does not win more time with each byte).
    mutating func stay(in phase: Phase, now: UInt64, timeouts: Timeouts) {
        if self.phase != phase { enter(phase, now: now, timeouts: timeouts) }
    }

    /// What `now` means for the connection. `isMidRequest`: some of a request has arrived (a head timing out
    /// then gets 408; with nothing asked, it is closed quietly). A deadline is reached at its very nanosecond.
    func expiry(at now: UInt64, isMidRequest: Bool, timeouts: Timeouts) -> Expiry {
        guard let deadline, now >= deadline else { return .none }
        switch phase {
        case .head where isMidRequest: return .requestTimeout(timeouts.headReason)
        case .body: return .requestTimeout(timeouts.bodyReason)
        default: return .close
        }
    }

    /// Whether a graceful stop closes the connection at once: nothing in flight (`isIdle`), or only the
    /// leftovers of a peer we already answered for the last time.
    func closesOnStop(isIdle: Bool) -> Bool { isIdle || phase == .lingering }
}
