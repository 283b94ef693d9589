import Dispatch
import ShortcutPlatform

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

        public static let defaultEntries = 1_000
        public static let defaultBytes = 4 << 20
        /// The largest `maxEntries`.
        public static let entriesLimit = 100_000
        /// The largest `bodyBytes`.
        public static let bodyBytesLimit = 64 << 10

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
    public struct Summary: Sendable, Equatable {
        /// Entries held.
        public let entries: Int
        /// Bytes they are charged.
        public let bytes: Int
        /// The sequence number of the newest request recorded (also of one since cleared); 0 before any.
        public let lastSequence: UInt64
        /// Entries dropped to stay within the bounds, since the start.
        public let dropped: UInt64
    }

    /// How a `wait` ended.
    public enum WaitOutcome: Sendable, Equatable {
        /// Enough matching requests arrived: every match so far, newest last.
        case arrived([RecordedRequest])
        /// The time ran out first: the matches that did arrive.
        case timedOut([RecordedRequest])
        /// `RequestJournal.maxWaiters` waits are already pending.
        case tooManyWaiters
    }

    /// The most `wait`s pending at once (each holds a task and its matches until it ends).
    public static let maxWaiters = 64
    /// The longest a `wait` may wait.
    public static let maxWait: Duration = .seconds(60)

    public let settings: Settings

    private struct Waiter {
        let id: UInt64
        let filter: RequestFilter
        let count: Int
        var found: [RecordedRequest]
        let continuation: CheckedContinuation<WaitOutcome, Never>
    }

    private let lock = Lock()
    // Guarded by `lock`:
    private var ring: JournalRing<RecordedRequest>
    private var heldBytes = 0
    private var lastSequence: UInt64 = 0
    private var dropped: UInt64 = 0
    private var waiters: [Waiter] = []
    private var lastWaiterID: UInt64 = 0

    public init(_ settings: Settings = Settings()) {
        self.settings = settings
        ring = JournalRing(capacity: settings.maxEntries)
    }

    /// Adds `entry` as the newest, numbered; drops the oldest entries it displaces, and answers the waits
    /// it completes.
    package func record(_ entry: RecordedRequest) {
        var entry = entry
        let bytes = entry.charged
        var completed: [Waiter] = []
        // Kept until the lock is released, so that freeing its text is not done under the lock.
        var displaced: RecordedRequest?
        lock.lock()
        lastSequence += 1
        entry.sequence = lastSequence
        if bytes > settings.maxBytes {
            dropped += 1
        } else {
            while heldBytes + bytes > settings.maxBytes, let oldest = ring.removeFirst() {
                heldBytes -= oldest.charged
                dropped += 1
            }
            displaced = ring.append(entry)
            if let displaced {
                heldBytes -= displaced.charged
                dropped += 1
            }
            heldBytes += bytes
        }
        if !waiters.isEmpty { completed = fillWaiters(with: entry) }
        lock.unlock()
        _ = displaced
        for waiter in completed { waiter.continuation.resume(returning: .arrived(waiter.found)) }
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

    /// The entries that match `filter`, oldest first (with `limit`: the newest `limit` of them).
    public func entries(matching filter: RequestFilter = RequestFilter()) -> [RecordedRequest] {
        let found = lock.withLock { matches(filter) }
        guard let limit = filter.limit, found.count > limit else { return found }
        return Array(found.suffix(max(0, limit)))
    }

    /// Every entry matching `filter` (its `limit` aside). Called under `lock`.
    private func matches(_ filter: RequestFilter) -> [RecordedRequest] {
        var found: [RecordedRequest] = []
        ring.visitOldestFirst { if filter.matches($0) { found.append($0) } }
        return found
    }

    /// Forgets every entry (sequence numbers go on from where they were).
    public func clear() {
        lock.withLock {
            ring.removeAll()
            heldBytes = 0
        }
    }

    /// What the journal holds now.
    public var summary: Summary {
        lock.withLock { Summary(entries: ring.count, bytes: heldBytes, lastSequence: lastSequence, dropped: dropped) }
    }

    /// Returns once `count` entries match `filter` (those already kept count), or when `timeout` (at most
    /// `maxWait`) has passed. The matches are `filter`'s without its `limit`.
    public func wait(for filter: RequestFilter, count: Int, timeout: Duration) async -> WaitOutcome {
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
                DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) { self.expire(id) }
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
}
