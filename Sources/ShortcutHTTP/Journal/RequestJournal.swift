import Dispatch
import ShortcutPlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The server's memory of its recent exchanges, for tests that assert what an app asked and for debugging
/// what a phone fetched: a bounded journal of `RecordedRequest`s, newest last. Bounded twice, by count
/// (`Settings.maxEntries`) and by bytes (`Settings.maxBytes`, each entry charged `chargedBytes`): adding to
/// a full journal drops the oldest entries. Readers filter (`entries(matching:)`) or wait for what has not
/// arrived yet (`wait`), which answers the moment the last awaited request is recorded.
///
/// Thread-safe: every event loop records into it (one short lock per request: the entry is built before).
public final class RequestJournal: @unchecked Sendable {
    /// How much the journal keeps, and what of each request.
    public struct Settings: Sendable, Equatable {
        /// `--journal N`: the most entries kept (default 1,000; 0 turns the journal off).
        public var maxEntries: Int
        /// `--journal-bytes`: the most memory the entries may hold, in bytes (default 4 MiB).
        public var maxBytes: Int
        /// `--journal-bodies N`: the first N bytes of each request body are kept (default 0: none; at most
        /// `Settings.bodyBytesLimit`).
        public var bodyBytes: Int
        /// `--journal-secrets`: keep the values of `Authorization`, `Cookie` and `Proxy-Authorization`
        /// (default off: they are replaced by `RecordedRequest.redacted`).
        public var keepsSecrets: Bool

        /// The default `maxEntries`.
        public static let defaultEntries = 1_000
        /// The default `maxBytes`.
        public static let defaultBytes = 4 << 20
        /// The largest `maxEntries`.
        package static let entriesLimit = 100_000
        /// The largest `bodyBytes`.
        package static let bodyBytesLimit = 64 << 10

        /// Settings; the defaults keep 1,000 entries in 4 MiB, without bodies or secrets.
        public init(
            maxEntries: Int = Settings.defaultEntries, maxBytes: Int = Settings.defaultBytes, bodyBytes: Int = 0, keepsSecrets: Bool = false
        ) {
            self.maxEntries = min(max(0, maxEntries), Settings.entriesLimit)
            self.maxBytes = max(0, maxBytes)
            self.bodyBytes = min(max(0, bodyBytes), Settings.bodyBytesLimit)
            self.keepsSecrets = keepsSecrets
        }

        /// Whether a journal is kept at all.
        public var isOn: Bool { maxEntries > 0 && maxBytes > 0 }
    }

    /// What the journal holds now.
    package struct Summary: Sendable, Equatable {
        /// Entries held.
        package let entries: Int
        /// Bytes they are charged.
        package let bytes: Int
        /// The sequence number of the newest request recorded (also of one since cleared); 0 before any.
        package let lastSequence: UInt64
        /// Entries dropped to stay within the bounds, since the start.
        package let dropped: UInt64
    }

    /// How a `wait` ended.
    package enum WaitOutcome: Sendable, Equatable {
        /// Enough matching requests arrived: every match so far, newest last.
        case arrived([RecordedRequest])
        /// The time ran out first: the matches that did arrive.
        case timedOut([RecordedRequest])
        /// `RequestJournal.maxWaiters` waits are already pending.
        case tooManyWaiters
    }

    /// The most `wait`s pending at once (each holds a task and its matches until it ends).
    package static let maxWaiters = 64
    /// The longest a `wait` may wait.
    package static let maxWait: Duration = .seconds(60)

    /// What it keeps, as made.
    public let settings: Settings

    /// Each entry's scalars, and where its text (`JournalText`) lies in `bytes`: plain data, so that
    /// writing one over the oldest costs no release (as an optional with two strings it cost ~500 instructions
    /// a request in value witnesses).
    struct Slot {
        let sequence: UInt64
        let time: Double
        let nanoseconds: UInt64
        let status: Int
        let requestBytes: Int
        let responseBytes: Int
        let offset: Int
        let length: Int
    }

    /// What an entry is charged besides its text: its slot (64 bytes) and its share of what is kept besides.
    static let slotBytes = 96

    private struct Waiter {
        let id: UInt64
        let filter: RequestFilter
        let count: Int
        var found: [RecordedRequest]
        let continuation: CheckedContinuation<WaitOutcome, Never>
    }

    /// Where a wait's timeout is measured and scheduled.
    private let clock: any MonotonicClock
    /// Where waits' timeouts run: a serial queue of the journal's own, which Dispatch gives a thread at once.
    /// Not the global queue: in a process whose global pool is busy (a test suite's synchronous tests),
    /// Dispatch adds a thread there about once a second, and work queued behind the busy work waits
    /// (measured: a 0.2 s `asyncAfter` ran after 0.9 s on the global queue, after 0.2 s on a serial one, with
    /// the pool's threads blocked). A CI run's route test of the waits once read no answer within 5 s.
    private static let expiries = DispatchQueue(label: "shortcut-serve.journal.expiries")

    private let lock = Lock()
    // Guarded by `lock`, so `@exclusivity(unchecked)`: Swift's run-time checks of a class's stored properties
    // cost two calls an access (callgrind: ~130 instructions a request).
    /// The entries, oldest at `first`, in `settings.maxEntries` slots used in a circle; allocated at the first
    /// request (its pages are touched as they fill). A pointer, not an array: writing a slot is then one store,
    /// without an array's uniqueness and bounds checks (callgrind: ~60 instructions a request).
    @exclusivity(unchecked) private var slots: UnsafeMutablePointer<Slot>?
    @exclusivity(unchecked) private var first = 0
    @exclusivity(unchecked) private var count = 0
    /// The entries' text, first in first out, reused in a circle (`place`); made at the first request.
    @exclusivity(unchecked) private var bytes: UnsafeMutableRawBufferPointer?
    /// Where the next entry's text goes.
    @exclusivity(unchecked) private var writeAt = 0
    /// How far into `bytes` entries have ever been written (its pages past that were never touched).
    @exclusivity(unchecked) private var touched = 0
    /// Wall-clock seconds less monotonic seconds, and when (monotonic nanoseconds; 0: never) that was read
    /// (`wallClockSeconds(at:)`).
    @exclusivity(unchecked) private var wallOffset = 0.0
    @exclusivity(unchecked) private var wallOffsetReadAt: UInt64 = 0
    @exclusivity(unchecked) private var lastSequence: UInt64 = 0
    @exclusivity(unchecked) private var dropped: UInt64 = 0
    @exclusivity(unchecked) private var waiters: [Waiter] = []
    @exclusivity(unchecked) private var lastWaiterID: UInt64 = 0

    /// An empty journal; give it to `HTTPServer.journal` to record what that server answers.
    public convenience init(_ settings: Settings = Settings()) {
        self.init(settings, clock: SystemClock.shared)
    }

    /// A journal whose waits time out on `clock` (a test's, stepped by hand).
    init(_ settings: Settings, clock: any MonotonicClock) {
        self.settings = settings
        self.clock = clock
    }

    deinit {
        bytes?.deallocate()
        slots?.deallocate()
    }

    /// Records one exchange: the request and its head as received (`JournalHead`), the answer written, the
    /// body bytes sent, the monotonic nanoseconds (`Platform.monotonicNanoseconds`) at the answer's start
    /// (0: unknown) and end (its time of day is worked out from the end). Header values are cut, secrets
    /// replaced, and the body's first `bodyBytes` kept, as `Settings` says; the oldest entries make room.
    /// Answers the waits the entry completes.
    package func record(
        _ request: HTTPRequest, head: ReceivedHead, response: HTTPResponse, peer: String, sentBytes: Int, started: UInt64, ended: UInt64
    ) {
        let body = settings.bodyBytes > 0 && !request.body.isEmpty ? request.body.prefix(settings.bodyBytes) : nil
        record(
            route: request.route, body: body, requestBytes: request.body.count, head: head, response: response, peer: peer,
            sentBytes: sentBytes, started: started, ended: ended)
    }

    /// Records an answer to a request refused before it was parsed (kept as `- -`, with its reason).
    package func recordRefusal(_ response: HTTPResponse, peer: String, sentBytes: Int, started: UInt64, ended: UInt64) {
        record(
            route: nil, body: nil, requestBytes: 0, head: nil, response: response, peer: peer, sentBytes: sentBytes, started: started,
            ended: ended)
    }

    /// Records an exchange from its parts. (Parameters, not a request: they are borrowed, where an optional
    /// request would be a copy, retained and released.)
    private func record(
        route: String?, body: ArraySlice<UInt8>?, requestBytes: Int, head: ReceivedHead?, response: HTTPResponse, peer: String,
        sentBytes: Int, started: UInt64, ended: UInt64
    ) {
        let status = response.status.code
        let reason = status >= 400 ? RequestJournal.reason(in: response.body) : nil
        let layout = head.map { JournalHead.layout(of: $0, keepsSecrets: settings.keepsSecrets) }
        let responseType = response.headerValue("Content-Type")
        let length = JournalText.size(
            peer: peer, route: route, note: response.note, responseType: responseType, reason: reason, body: body, head: layout)
        var completed: [Waiter] = []
        lock.lock()
        let time = wallClockSeconds(at: ended)
        lastSequence += 1
        if let offset = place(length) {
            JournalText.write(
                peer: peer, route: route, note: response.note, responseType: responseType, reason: reason, body: body, head: head,
                layout: layout, keepsSecrets: settings.keepsSecrets, to: bytes!.baseAddress! + offset)
            let slot = Slot(
                sequence: lastSequence, time: time, nanoseconds: started == 0 ? 0 : ended &- started, status: status,
                requestBytes: requestBytes, responseBytes: sentBytes, offset: offset, length: length)
            append(slot)
            if !waiters.isEmpty { completed = fillWaiters(with: entry(slot)) }
        } else {
            dropped += 1
        }
        lock.unlock()
        for waiter in completed { waiter.continuation.resume(returning: .arrived(waiter.found)) }
    }

    /// The wall-clock time (seconds since 1970) at `monotonic` nanoseconds: `monotonic` plus the clocks'
    /// difference, read again when a second has passed since it was last read (a wall clock set meanwhile
    /// shows within that second). An entry's time thus costs no clock read of its own. Called under `lock`.
    private func wallClockSeconds(at monotonic: UInt64) -> Double {
        if monotonic > wallOffsetReadAt &+ 1_000_000_000 || wallOffsetReadAt == 0 {
            let now = Platform.monotonicNanoseconds()
            wallOffset = Platform.wallClockSeconds() - Double(now) / 1_000_000_000
            wallOffsetReadAt = now
        }
        return wallOffset + Double(monotonic) / 1_000_000_000
    }

    /// Where `length` bytes of text go, making room: a full journal lets its oldest entry go; the text goes
    /// at the start of the block when the entries there are gone, else at `writeAt`, else (no room before
    /// the end) back at the start; the oldest entries in its way are dropped. Nil when the text is longer
    /// than the journal's bytes. Called under `lock`.
    ///
    /// Going back to the start as soon as it is free keeps the bytes written near what the kept entries
    /// hold (1,000 entries: ~150 KB of a 4 MiB block), so they stay in the cache and the rest of the block is
    /// never touched (written through to its end, the block made peak RSS under load 13.5 MiB; now 9.5).
    private func place(_ length: Int) -> Int? {
        let capacity = settings.maxBytes
        guard length <= capacity else { return nil }
        if bytes == nil {
            bytes = .allocate(byteCount: capacity, alignment: 8)
            slots = .allocate(capacity: settings.maxEntries)
        }
        if count == settings.maxEntries { dropOldest() }
        var start = writeAt
        if let oldestNow = oldest {
            if oldestNow.offset < writeAt && oldestNow.offset >= length {
                // The entries lie in one run that starts past `length`: the start is free. (Once back there,
                // the run is older than what follows `writeAt`, which `while` below drops in turn.)
                start = 0
            } else if start + length > capacity {
                // Back to the start. What lies past `writeAt` was written before the last time round, so it is
                // the oldest: it goes first.
                while let oldest, oldest.offset >= writeAt { dropOldest() }
                start = 0
            }
        } else {
            start = 0
        }
        while let oldest, oldest.offset < start + length, start < oldest.offset + oldest.length { dropOldest() }
        writeAt = start + length
        touched = max(touched, writeAt)
        return start
    }

    /// The oldest entry's slot. Called under `lock`.
    private var oldest: Slot? { count > 0 ? slots![first] : nil }

    /// Adds `slot` as the newest (`place` has made room). Called under `lock`.
    private func append(_ slot: Slot) {
        let capacity = settings.maxEntries
        // A compare, not `%`: a division is tens of cycles, on every request.
        let index = first + count < capacity ? first + count : first + count - capacity
        // `Slot` is plain data: initialising over a slot written before needs no release.
        (slots! + index).initialize(to: slot)
        count += 1
    }

    private func dropOldest() {
        guard count > 0 else { return }
        first = first + 1 == settings.maxEntries ? 0 : first + 1
        count -= 1
        dropped += 1
    }

    /// Calls `body` with each slot, oldest first. Called under `lock`.
    private func forEachSlot(_ body: (Slot) -> Void) {
        for offset in 0..<count { body(slots![(first + offset) % settings.maxEntries]) }
    }

    /// The entry in `slot`, read back from its text. Called under `lock`.
    private func entry(_ slot: Slot) -> RecordedRequest {
        JournalText.read(
            UnsafeRawBufferPointer(rebasing: bytes![slot.offset..<slot.offset + slot.length]), sequence: slot.sequence, time: slot.time,
            nanoseconds: slot.nanoseconds, status: slot.status, requestBytes: slot.requestBytes, responseBytes: slot.responseBytes)
    }

    /// Gives `entry` to the waits it matches; returns those it completed (removed). Called under `lock`.
    private func fillWaiters(with entry: RecordedRequest) -> [Waiter] {
        var completed: [Waiter] = []
        var index = 0
        while index < waiters.count {
            if waiters[index].filter.matches(entry) {
                waiters[index].found.append(entry)
                if waiters[index].found.count >= waiters[index].count {
                    completed.append(waiters.remove(at: index))
                    continue
                }
            }
            index += 1
        }
        return completed
    }

    /// The first line of a short answer (what `HTTPResponse.error` sends), at most 200 bytes; nil when the
    /// body is long or empty.
    static func reason(in body: [UInt8]) -> ArraySlice<UInt8>? {
        guard !body.isEmpty, body.count <= 1024 else { return nil }
        let line = body.prefix { $0 != 0x0A && $0 != 0x0D }
        return line.isEmpty ? nil : line.prefix(200)
    }

    /// The entries that match `filter`, oldest first (with `limit`: the newest `limit` of them).
    public func entries(matching filter: RequestFilter = RequestFilter()) -> [RecordedRequest] {
        let found = lock.withLock { matches(filter) }
        guard let limit = filter.limit, found.count > limit else { return found }
        return Array(found.suffix(max(0, limit)))
    }

    /// Every entry matching `filter` (its `limit` aside). Called under `lock`.
    private func matches(_ filter: RequestFilter) -> [RecordedRequest] {
        var found: [RecordedRequest] = []
        forEachSlot { slot in
            guard slot.sequence > filter.since, filter.status.map({ $0.matches(slot.status) }) ?? true else { return }
            let entry = entry(slot)
            if filter.matches(entry) { found.append(entry) }
        }
        return found
    }

    /// Forgets every entry (sequence numbers go on from where they were).
    public func clear() {
        lock.withLock {
            first = 0
            count = 0
            writeAt = 0
        }
    }

    /// What the journal holds now: its entries, and their bytes (their text and `slotBytes` each).
    package var summary: Summary {
        lock.withLock {
            var bytes = 0
            forEachSlot { bytes += $0.length + RequestJournal.slotBytes }
            return Summary(entries: count, bytes: bytes, lastSequence: lastSequence, dropped: dropped)
        }
    }

    /// Returns once `count` entries match `filter` (those already kept count), or when `timeout` (at most
    /// `maxWait`) has passed. The matches are `filter`'s without its `limit`.
    package func wait(for filter: RequestFilter, count: Int, timeout: Duration) async -> WaitOutcome {
        let wanted = max(1, count)
        let nanoseconds = min(timeout, RequestJournal.maxWait).nanoseconds
        return await withCheckedContinuation { continuation in
            enum Start {
                case done(WaitOutcome)
                case waiting(UInt64)
            }
            let start: Start = lock.withLock {
                let found = matches(filter)
                if found.count >= wanted { return .done(.arrived(found)) }
                guard waiters.count < RequestJournal.maxWaiters else { return .done(.tooManyWaiters) }
                lastWaiterID += 1
                waiters.append(Waiter(id: lastWaiterID, filter: filter, count: wanted, found: found, continuation: continuation))
                return .waiting(lastWaiterID)
            }
            switch start {
            case .done(let outcome):
                continuation.resume(returning: outcome)
            case .waiting(let id):
                // Strong: the journal outlives a pending wait (at most `maxWait`), so every wait is answered.
                clock.schedule(at: clock.now() &+ nanoseconds, on: Self.expiries) { self.expire(id) }
            }
        }
    }

    /// The wait `id`'s time is up: it ends with what it found, unless it has already ended.
    private func expire(_ id: UInt64) {
        let waiter: Waiter? = lock.withLock {
            guard let index = waiters.firstIndex(where: { $0.id == id }) else { return nil }
            return waiters.remove(at: index)
        }
        waiter?.continuation.resume(returning: .timedOut(waiter?.found ?? []))
    }

    /// How many waits are pending.
    package var pendingWaits: Int { lock.withLock { waiters.count } }

    /// How far into its block the journal has ever written (the block's pages past that are untouched).
    package var touchedBytes: Int { lock.withLock { touched } }
}
