/// What the connections of one event loop share: the limits, the responder, the time of the current batch
/// (from the clock), the read buffer and the output policy, the access log, the journal and the cached `Date`. Owned by
/// its loop and confined to the loop's queue, like the connections; it knows nothing of the loop, so a
/// connection reaches nothing of its owner through it.
/// Its `var`s are `@exclusivity(unchecked)`, as `Connection`'s are, for the same reason.
final class ConnectionContext {
    let limits: ServerLimits
    let timeouts: ConnectionTimeline.Timeouts
    let responder: Responder
    let clock: any MonotonicClock
    /// A buffer every connection reads into (requests are parsed straight from it). `readBufferBytes`.
    let readBuffer: UnsafeMutableRawBufferPointer
    /// The read buffer's size: one read takes at most this much.
    static let readBufferBytes = 64 * 1024
    let output: OutputPolicy
    @exclusivity(unchecked) var outputBuffer = OutputPolicy.Lender()
    @exclusivity(unchecked) var log: AccessLog
    /// Where exchanges are recorded (shared by the server's loops); nil for none.
    let journal: RequestJournal?
    /// Whether an answer's start and end times are read: for the access log or the journal.
    let timesAnswers: Bool
    @exclusivity(unchecked) var date = HTTPDate()
    /// Monotonic nanoseconds at the start of the current batch of events (deadlines are coarse on purpose).
    @exclusivity(unchecked) private(set) var now: UInt64
    /// Whether the server is stopping: answers say `Connection: close`, idle connections close.
    @exclusivity(unchecked) var isStopping = false

    /// (`readBufferBytes` is for tests: a small buffer makes several reads of one arrival.)
    init(
        limits: ServerLimits, responder: Responder, clock: any MonotonicClock, logWriter: LogWriter?, journal: RequestJournal? = nil,
        readBufferBytes: Int = ConnectionContext.readBufferBytes
    ) {
        self.limits = limits
        timeouts = ConnectionTimeline.Timeouts(limits)
        self.responder = responder
        self.clock = clock
        readBuffer = .allocate(byteCount: readBufferBytes, alignment: 16)
        output = OutputPolicy(maxPendingBytes: limits.maxPendingOutputBytes)
        log = AccessLog(writer: logWriter)
        self.journal = journal
        timesAnswers = logWriter != nil || journal != nil
        now = clock.now()
    }

    deinit {
        readBuffer.deallocate()
    }

    /// Reads the clock: called at the start of each batch of events.
    func tick() { now = clock.now() }
}
