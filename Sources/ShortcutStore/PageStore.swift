import Dispatch
import HTTPVocabulary
import ShortcutPlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Stored pages on disk, one file per page, shared safely by threads and by processes.
///
/// Layout under `directory`: `pages/<id>.page` (see `RecordFile`), `stats/<id>.stats` (play counts,
/// see `StatsFile`), `stats/.lock` (serialises stats writers across processes) and `locks/stripe-<n>`
/// (record writers across processes, see `RecordLocks`).
///
/// - Durability: `create`, `put` and `remove` return only after the change is on stable storage
///   (temp file, `fsync`, rename, directory `fsync`). Play counts are flushed every 250 ms tick (at most
///   200 ms of writing a tick) and by `flush()`, so a crash loses about a quarter second of them, more
///   under heavy load.
/// - Scale: opening lists the directory and reads no record; records are read on first use, and pages and
///   their list summaries kept in LRU caches within `cacheBudgetBytes` (`RecordCache`). The index keeps,
///   per record, only its inode, version, state and plays waiting for the flush (`IndexEntry`): the one
///   cost per record outside the budget.
/// - Sharing: another process's new record is found by the first `get` (a miss reads the file); its
///   updates and deletions are noticed by a check every 250 ms: of the names the kernel saw change
///   (inotify, Linux; kqueue says the folder changed, Darwin) and of the directory's mtime, followed by a
///   `readdir` inode comparison when it
///   changed. Inode numbers alone are not enough (ext4 reuses them at once): a record read or written
///   here is compared by its version (inode, change time, size), see `refreshFromDisk`.
/// - Damage: a file that is not a valid record is skipped and reported in `problems`; it never stops
///   the store or hides other records.
///
/// - Cost per call, with n records (issue 28: no per-request path does work proportional to n under
///   `lock`): `get`, `play` and `remove` are O(1) under the lock (a cache or index lookup, an entry
///   changed); `create` and `put` add the case rule, O(1) (`RecordIndex.caseTwin`: one or two lookups, and
///   at most three paths checked on disk outside the lock) and the durable write; `update` and the
///   secret-checked `remove` read the one record from disk and write it. `list` is O(n), as its answer is: one pass over the index under the lock, and records whose
///   summaries are not cached are read outside it. The maintenance tick is O(1) while the folder does not
///   change; when it does, a listing outside the lock, then O(changed names) under it (inotify names
///   them; on Darwin the kqueue watch says only "changed", and the listing's inodes are compared). Only
///   without any watch (Linux out of inotify instances) does a changed folder cost a pass over the index
///   under the lock and a stat per record read. `count` and `problems` are O(n): start-up and tools.
///
/// Thread safety: every mutable field below is guarded by `lock` (hence `@unchecked Sendable`). Where each
/// lock is held, and for how long at most:
/// - `lock`: memory work only, never across a system call (a dictionary lookup or update; O(n) passes only
///   in `list`, `count` and `problems`, which tools call). Every path takes it, loops included.
/// - an id's stripe of `idLocks`: by writers (`create`, `put`, `update`, `remove`, `removeDamaged`) across
///   their record lock file and their `fsync`s, so as long as a durable write takes, plus any wait for
///   another process's writer of the stripe. Waited for only by other writers; the flush and the expiry
///   `tryLock` it; reads never take it (`load` checks `generation` instead).
/// - a record lock file (`recordLocks`, across processes): as the stripe; the expiry only tries it.
/// - `statsFlushLock`: a flush's whole run (at most `flushTimePerTick` on the timer); only flushes take it.
/// - `stats/.lock` (across processes): a flush's writing; the timer's flush only tries it.
/// Lock order: `statsFlushLock`, then an id lock, then a record lock file or `stats/.lock`, then `lock`.
/// So no event loop, and no thread that reads, waits for a lock held across I/O, nor for another process.
package final class PageStore: @unchecked Sendable {
    /// The store's folder.
    package let directory: URL
    /// `directory/pages`, where the records live.
    let pagesPath: String
    /// `directory/stats`, where play counts live.
    let statsPath: String
    /// Open descriptors of the two folders, to `fsync` them after a rename or unlink (`statsFD` is -1 when
    /// read-only).
    let pagesFD: Int32
    let statsFD: Int32
    /// `stats/.lock`, `flock`ed while merging play counts into files (other processes do the same); -1
    /// when read-only.
    let statsLockFD: Int32
    /// Why the store cannot be written; nil when it can (see `isReadOnly`).
    package let readOnlyReason: String?
    /// `locks/`: what a write holds so that no other process changes the same record meanwhile.
    let recordLocks: RecordLocks

    /// Guards every `var` below. They are `@exclusivity(unchecked)`: under the lock no two accesses overlap,
    /// and the run-time check of that was a visible share of a cached page's lookup.
    let lock = Lock()
    /// Every record file known, by id. Guarded by `lock`.
    @exclusivity(unchecked) var index = RecordIndex()
    /// Recently used pages with their bodies, and list summaries. Guarded by `lock`.
    @exclusivity(unchecked) var cache: RecordCache
    /// One message per damaged or unreadable file, by path. Guarded by `lock`.
    @exclusivity(unchecked) var problemsByPath: [String: String] = [:]
    /// Counts this process's changes to `index`, so a directory scan that started earlier does not undo
    /// them. Guarded by `lock`.
    @exclusivity(unchecked) var generation: UInt64 = 1
    /// Ids whose entries this process changed since the last directory scan started. Guarded by `lock`.
    @exclusivity(unchecked) var touchedIDs: Set<String> = []
    /// Ids this process removed, with the `generation` of the removal. Guarded by `lock`.
    @exclusivity(unchecked) var tombstones: [String: UInt64] = [:]
    /// Ids found absent on disk, with when (monotonic nanoseconds): a repeated lookup of an unknown id
    /// (`/s` before any `demo` record exists, a scanner probing ids) skips the disk for a second. Only
    /// used while the index has no entry for the id, and the periodic directory check adds entries for
    /// records other processes write, so they are still found within a second. Guarded by `lock`.
    @exclusivity(unchecked) var recentMisses: [String: UInt64] = [:]
    /// What is wrong with each record whose entry is `.corrupt`, without the path (`RecordDamage.reason`); an
    /// entry no longer corrupt drops its reason when next found damaged or in `setProblem`. Guarded by `lock`.
    @exclusivity(unchecked) var damageReasons: [String: String] = [:]
    /// Ids whose expired records are queued for removal on `maintenanceQueue` (`scheduleExpiry`), each once.
    /// Guarded by `lock`.
    @exclusivity(unchecked) var expiring: Set<String> = []
    /// Told of each file newly found damaged or unreadable (`onProblem`). Guarded by `lock`; called on
    /// `problemNotices`.
    @exclusivity(unchecked) var problemObserver: (@Sendable (StoreProblem) -> Void)?
    /// The stats file being written by the flush now, with its counts before and the plays it adds: a
    /// `stats` call meanwhile answers from these instead of the file. Guarded by `lock`.
    @exclusivity(unchecked) var statsInFlight: (id: String, before: StatsFile, plays: PendingStats)?
    /// The last counts read from or written to each stats file, for at most `knownStatsLimit` ids: when a
    /// stats file is then found damaged, its count is kept from here (and the flush writes it back), not
    /// reset to zero. Guarded by `lock`.
    @exclusivity(unchecked) var knownStats: [String: StatsFile] = [:]
    /// At most this many ids' counts are kept in `knownStats` (16 bytes and an id each).
    static let knownStatsLimit = 4096
    /// Moves when the flush starts or ends writing a stats file: a `stats` call that read a file while it
    /// did not move read a file no flush was writing. Guarded by `lock`.
    @exclusivity(unchecked) var statsWrites: UInt64 = 0
    /// The ids whose entries hold plays not yet written to `stats/` (`IndexEntry.pending`), each once: what
    /// the next flush writes. Guarded by `lock`.
    @exclusivity(unchecked) var playedIDs: [String] = []
    /// `answerStamp`'s word: moved under `lock` with each change to `index`, read without it.
    let answers = AtomicWord(1)

    /// Orders this process's writers per id (64 stripes): a write or removal of one id never interleaves
    /// with another on the same id, while different ids proceed in parallel. Held by a writer across its
    /// lock file (which may wait for another process's writer) and its `fsync`s: so only writers wait for
    /// it. Reads (`load`) never take it; the flush and expiry only try it (`tryLock`) and put their work
    /// off when it is busy.
    let idLocks: [Lock] = (0..<64).map { _ in Lock() }
    /// Held by a flush for its whole run (one flush at a time: the maintenance tick, `flush()` at close);
    /// nothing else takes it, so no reader waits for a flush's `flock` or `fsync`.
    let statsFlushLock = Lock()
    /// Where `problemObserver` is called, in order, outside `lock`.
    let problemNotices = DispatchQueue(label: "shortcut-serve.store.problems")

    /// Runs the periodic freshness check and stats flush.
    let maintenanceQueue = DispatchQueue(label: "shortcut-serve.store.maintenance")
    /// Fires every `maintenanceInterval` on `maintenanceQueue`; set once at the end of `init`.
    private var timer: DispatchSourceTimer?
    /// How often the directory is checked for other processes' changes.
    static let maintenanceInterval: DispatchTimeInterval = .milliseconds(250)
    /// The last directory stamp seen, and whether it was too recent to trust. Confined to
    /// `maintenanceQueue` after `init`.
    var lastStamp: DirectoryStamp?
    /// The record names and inodes of the last listing. Confined to `maintenanceQueue` after `init`.
    var lastListing: [String: UInt64] = [:]
    /// The kernel's names of changed files in `pages/` (Linux). Made before the first listing, so that no
    /// change after it is missed. Used on `maintenanceQueue` only.
    let watch: DirectoryWatch
    var lastStampIsRacy = true
    /// How many times the maintenance tick listed the whole pages folder (for tests: while the kernel names
    /// every change, none should). Confined to `maintenanceQueue`.
    var fullListings = 0
    /// The longest a tick spends writing play counts.
    static let flushTimePerTick: DispatchTimeInterval = .milliseconds(200)
    /// Called after each maintenance tick, so that a test waits for the timer's event instead of sleeping.
    /// Confined to `maintenanceQueue` (set it with `maintenanceQueue.sync`).
    var afterMaintenanceTick: (() -> Void)?

    /// The largest record file written or read by default: 16 MiB (16 times the default request body
    /// limit). A larger file found in the store is reported as damaged and never read into memory.
    package static let defaultMaxRecordBytes = 16 << 20

    /// The largest record file (header line and body) this store writes or reads, in bytes.
    package let maxRecordBytes: Int

    /// Opens the store in `directory` (making it if needed, unless `access` says otherwise): removes temp
    /// files left by crashed writers, lists the records without reading them, and starts the periodic
    /// check. A store whose folder cannot be written opens read-only (`isReadOnly`).
    /// - Parameters:
    ///   - cacheBudgetBytes: the most memory cached pages and summaries may hold (default: `CacheBudget`'s
    ///     store share, 32 MiB).
    ///   - maxRecordBytes: the largest record file written or read (default `defaultMaxRecordBytes`).
    ///   - access: whether to make a missing store, or only to read (default `createIfMissing`).
    /// - Throws: `noStore` when `access` is not `createIfMissing` and there is no store; `io`.
    package convenience init(
        directory: URL, cacheBudgetBytes: Int = CacheBudget().storeBytes, maxRecordBytes: Int = PageStore.defaultMaxRecordBytes,
        access: Access = .createIfMissing
    ) throws {
        try self.init(
            directory: directory, cacheBudgetBytes: cacheBudgetBytes, maxRecordBytes: maxRecordBytes, access: access,
            watchesChanges: true)
    }

    /// `init(directory:cacheBudgetBytes:maxRecordBytes:access:)`; `watchesChanges: false` does without the
    /// kernel's names of changed files, as where there is no inotify (for tests of that path).
    init(directory: URL, cacheBudgetBytes: Int, maxRecordBytes: Int, access: Access = .createIfMissing, watchesChanges: Bool)
        throws
    {
        self.directory = directory.standardizedFileURL
        self.maxRecordBytes = max(0, maxRecordBytes)
        let root = self.directory.path
        pagesPath = root + "/pages"
        statsPath = root + "/stats"
        recordLocks = RecordLocks(path: root + "/locks")
        cache = RecordCache(budget: cacheBudgetBytes)
        let folders = try StoreFolders.open(root: root, access: access)
        pagesFD = folders.pagesFD
        statsFD = folders.statsFD
        statsLockFD = folders.statsLockFD
        readOnlyReason = folders.readOnlyReason
        watch = DirectoryWatch(path: watchesChanges ? pagesPath : nil)
        // From here on a failure runs `deinit`, which closes the descriptors.
        try openIndex()
        let timer = DispatchSource.makeTimerSource(queue: maintenanceQueue)
        timer.setEventHandler { [weak self] in self?.maintenanceTick() }
        timer.schedule(
            deadline: .now() + Self.maintenanceInterval, repeating: Self.maintenanceInterval,
            leeway: .milliseconds(50))
        timer.resume()
        self.timer = timer
    }

    deinit {
        timer?.cancel()
        flush()
        for fd in [pagesFD, statsFD, statsLockFD] where fd >= 0 { StoreIO.close(fd) }
    }

    /// How many records the store holds, counting records not read yet and leaving out those found
    /// damaged.
    package var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return index.values.reduce(0) { $0 + ($1.isCorrupt ? 0 : 1) }  // O(n): at start, and for tools
    }

    /// The most bytes cached pages and summaries hold.
    package var cacheBudgetBytes: Int { cache.budget }

    /// The bytes cached pages and summaries hold now (never above the budget).
    package var cachedBytes: Int {
        lock.lock()
        defer { lock.unlock() }
        return cache.usedBytes
    }

    /// Moves whenever an answer of `get` may have changed: with every change to the index (a record
    /// written, removed, read, found damaged, or noticed from another process by the periodic check) and
    /// once a tick of that check (a second `get` of an unknown id looks on disk again after a second).
    /// So "`get(id)` found no such page when the stamp was S" stays true while the stamp is S: `/s` keeps
    /// that for `demo` and skips its lookup (a lock, four hash lookups and a clock read on every request).
    /// Read it before the `get` whose answer is remembered: a change during that `get` then moves it past
    /// S. One atomic load; never zero.
    package var answerStamp: UInt64 { answers.load() }

    /// Moves `answerStamp`; the caller holds `lock` and has changed `index` (or a tick has passed).
    func indexChanged() { answers.increment() }

    /// The path of `id`'s record file.
    func recordPath(_ id: String) -> String { pagesPath + "/" + Self.recordFileName(id) }

    /// The name of `id`'s record file.
    static func recordFileName(_ id: String) -> String { id + ".page" }

    /// The id a record file name stands for, or nil for any other name.
    static func id(fromRecordFileName name: String) -> String? {
        guard name.hasSuffix(".page") else { return nil }
        let id = String(name.dropLast(5))
        return PageID.isValid(id) ? id : nil
    }

    /// The stripe lock for `id`, shared by every casing of `id` (one file on a file system that ignores case).
    func idLock(_ id: String) -> Lock {
        var hasher = Hasher()
        hasher.combine(PageID.caseFoldedKey(id))
        return idLocks[Int(UInt(bitPattern: hasher.finalize()) % UInt(idLocks.count))]
    }

    /// Runs `body` under `lock`.
    @inline(__always)
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Counts a change this process makes to `id`'s entry and returns its generation; the caller holds
    /// `lock`.
    func noteChange(_ id: String) -> UInt64 {
        indexChanged()
        generation += 1
        touchedIDs.insert(id)
        return generation
    }

    /// Lists records, and (unless read-only) sweeps temp files and removes stats whose record is gone.
    private func openIndex() throws(PageStoreError) {
        // Read-only, nothing is swept (it could not be) and stats are not listed (they are only read).
        // Stats first: a writer makes the record before its stats file, so every stats file listed here
        // whose record exists will also be in the later listing of pages.
        let stats = isReadOnly ? RecordListing() : try DirectoryListing.records(in: statsPath, suffix: ".stats")
        let stamp = try DirectoryListing.stamp(pagesPath)
        let pages = try DirectoryListing.records(in: pagesPath, suffix: ".page")
        var problems: [String: String] = [:]
        if !isReadOnly {
            for line in DurableFile.sweepTemporaryFiles(in: pagesPath, entries: pages.temporary) { problems[line] = line }
            for line in DurableFile.sweepTemporaryFiles(in: statsPath, entries: stats.temporary) { problems[line] = line }
            // The root holds `servers.json` (`ServerRegistry`), replaced through a temp name like the records.
            let root = try DirectoryListing.entries(directory.path).filter { $0.name.hasPrefix(DurableFile.temporaryPrefix) }
            for line in DurableFile.sweepTemporaryFiles(in: directory.path, entries: root) { problems[line] = line }
        }
        // `mapValues` keeps the hash table as it is: no rehashing of 100,000 keys.
        let index = pages.records.mapValues { IndexEntry(inode: $0, generation: 0, state: .listed) }
        for name in pages.others {
            let path = pagesPath + "/" + name
            problems[path] = Self.foreignFileMessage(path)
        }
        for id in stats.records.keys where index[id] == nil {
            let path = statsPath + "/" + StatsFile.fileName(for: id)
            do {
                try StoreIO.unlink(path)
            } catch {
                problems[path] = error.description
            }
        }
        withLock {
            self.index = RecordIndex(index)
            self.problemsByPath = problems
        }
        lastStamp = stamp
        lastListing = pages.records
    }

    /// The `problems` line for a file in `pages/` that is not named like a record.
    static func foreignFileMessage(_ path: String) -> String {
        "\(path): not a page record (its name is not <id>.page); skipped"
    }
}
