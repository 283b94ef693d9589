import Dispatch
import ShortcutPlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension PageStore {
    /// Counts one play of `id` now. In memory only (a lock and a dictionary update): the record is never
    /// rewritten, and the count reaches `stats/<id>.stats` with the next flush, about a quarter second later.
    /// Unknown ids are ignored.
    package func recordAccess(_ id: String) {
        let now = Date()
        withLock { countPlayHoldingLock(id, at: now) }
    }

    /// `lookup(id)` and, when there is a page, `recordAccess(id)`: what a play does. A page in memory costs
    /// one pass under the lock, not two (this is `/v3/<id>`'s hot path).
    package func play(_ id: String) -> PageLookup {
        guard PageID.isValid(id) else { return .missing }
        let now = Date()
        lock.lock()
        if let page = cache.page(for: id), page.expiresAt == nil || !page.isExpired(at: now) {
            countPlayHoldingLock(id, at: now)
            lock.unlock()
            return .found(page)
        }
        lock.unlock()
        let found = lookup(id)
        if case .found = found { recordAccess(id) }
        return found
    }

    private func countPlayHoldingLock(_ id: String, at now: Date) {
        guard let slot = index.index(forKey: id) else { return }
        if index.values[slot].pending.count == 0 { playedIDs.append(id) }
        index.values[slot].pending.countPlay(at: now)
    }

    /// Creation time, last play and play count of the page with `id`, including plays not flushed yet;
    /// nil when `get(id)` would be nil. Plays counted by another process show once it has flushed them.
    ///
    /// Never waits for a flush (which may wait for another process's `stats/.lock` and `fsync`s): the file
    /// is read without a lock, and the read is trusted only if no flush started or finished writing a stats
    /// file meanwhile (`statsWrites`); while the flush writes this id's file, the answer is the counts it
    /// read before plus the plays it adds, from memory. A damaged stats file counts as zero plays before
    /// this process's own (reported; the flush leaves it for its owner to remove, so nothing is reset).
    package func stats(_ id: String) -> PageStats? {
        guard let page = get(id) else { return nil }
        let total = playCounts(id)
        return PageStats(
            createdAt: page.createdAt,
            lastAccessAt: total.lastAccessAt.map { Date(timeIntervalSinceReferenceDate: $0) },
            totalAccess: total.totalAccess)
    }

    /// `id`'s counts on disk plus those waiting in memory, read as `stats` says.
    private func playCounts(_ id: String) -> StatsFile {
        var onDisk = StatsFile.zero
        for _ in 0..<Self.statsReadAttempts {
            let before = withLock { () -> (writes: UInt64, inFlight: StatsFile?) in
                guard let flight = statsInFlight, flight.id == id else { return (statsWrites, nil) }
                return (statsWrites, flight.before.adding(flight.plays).adding(index[id]?.pending ?? PendingStats()))
            }
            if let inFlight = before.inFlight { return inFlight }
            let (read, file) = readStatsAndLength(id)
            onDisk = read
            let pending = withLock { () -> PendingStats? in
                guard statsWrites == before.writes else { return nil }
                if file == .damaged, let known = knownStats[id] { onDisk = known }
                return index[id]?.pending ?? PendingStats()
            }
            if let pending { return onDisk.adding(pending) }
        }
        // The flush wrote other files all along (one per `fsync`, far slower than this read): the last
        // file read, with what waits in memory.
        return onDisk.adding(withLock { index[id]?.pending } ?? PendingStats())
    }

    /// How many times `stats` reads a file while the flush keeps writing others.
    static let statsReadAttempts = 8

    /// Writes the plays counted since the last flush to `stats/` now (each tick of the timer does this, for
    /// at most `flushTimePerTick`). Merges with counts other processes wrote, under `stats/.lock`. Failures are reported in
    /// `problems` and the plays are kept for the next try. A read-only store keeps them in memory only.
    package func flush() { flush(until: nil) }

    /// `flush()`, but past `deadline` no further record is written: the rest stay in `playedIDs`. With a
    /// deadline (the timer's flush) nothing waits: when another process holds `stats/.lock`, or a writer
    /// of this process holds an id's stripe, those plays wait in memory for the next tick.
    func flush(until deadline: DispatchTime?) {
        if isReadOnly { return }
        statsFlushLock.lock()
        defer { statsFlushLock.unlock() }
        let played = withLock {
            let played = playedIDs
            playedIDs = []
            return played
        }
        guard !played.isEmpty else { return }
        do {
            if deadline == nil {
                try StoreIO.lockExclusive(statsLockFD, path: statsPath + "/.lock")
            } else if try !StoreIO.tryLockExclusive(statsLockFD, path: statsPath + "/.lock") {
                withLock { playedIDs.append(contentsOf: played) }  // their plays stay in their entries
                return
            }
        } catch {
            report(error, path: statsPath + "/.lock")
            withLock { playedIDs.append(contentsOf: played) }  // their plays stay in their entries
            return
        }
        defer { StoreIO.unlock(statsLockFD) }
        for (offset, id) in played.enumerated() {
            if let deadline, offset % 16 == 0, offset > 0, DispatchTime.now() > deadline {
                withLock { playedIDs.append(contentsOf: played[offset...]) }  // their plays stay in their entries
                break
            }
            // The stripe orders this write after a create's or removal's of the same id (a removal's stats
            // must not come back). A writer holds it across its `fsync`s: its plays wait for the next flush.
            let idLock = idLock(id)
            guard idLock.tryLock() else {
                withLock { playedIDs.append(id) }
                continue
            }
            defer { idLock.unlock() }
            let name = StatsFile.fileName(for: id)
            var (current, file) = readStatsAndLength(id)
            if file == .damaged {
                // Written back with the count known from before, which nothing then loses; without one, left
                // for its owner to remove (the problem says how), the plays counted in memory meanwhile.
                guard let known = withLock({ knownStats[id] }) else {
                    withLock { playedIDs.append(id) }
                    continue
                }
                current = known
            }
            // Taken out of the entry now, and shown by `stats` from memory until written; a play meanwhile
            // starts a new count and puts the id back in `playedIDs`. Nothing when the record was removed.
            let taken = withLock { () -> PendingStats? in
                guard let slot = index.index(forKey: id) else { return nil }
                let plays = index.values[slot].pending
                guard plays.count > 0 else { return nil }
                index.values[slot].pending = PendingStats()
                statsInFlight = (id, current, plays)
                statsWrites &+= 1
                return plays
            }
            guard let plays = taken else { continue }
            do {
                try writeStats(current.adding(plays), named: name, over: file)
                withLock {
                    statsInFlight = nil
                    statsWrites &+= 1
                    rememberStats(current.adding(plays), of: id)
                    setProblem(nil, for: statsPath + "/" + name)
                }
            } catch {
                withLock {
                    statsInFlight = nil
                    statsWrites &+= 1
                }
                report(error, path: statsPath + "/" + name)
                restore(plays, of: id)
            }
        }
        do {
            try StoreIO.fsync(statsFD, path: statsPath)
        } catch {
            report(error, path: statsPath)
        }
    }

    /// Keeps `stats` as `id`'s last known counts; the caller holds `lock`.
    func rememberStats(_ stats: StatsFile, of id: String) {
        if knownStats[id] == nil, knownStats.count >= Self.knownStatsLimit, let first = knownStats.keys.first {
            knownStats[first] = nil
        }
        knownStats[id] = stats
    }

    /// Puts plays that could not be written back into `id`'s entry, for the next flush.
    private func restore(_ plays: PendingStats, of id: String) {
        withLock {
            guard let slot = index.index(forKey: id) else { return }
            if index.values[slot].pending.count == 0 { playedIDs.append(id) }
            index.values[slot].pending = index.values[slot].pending.merged(with: plays)
        }
    }

    /// The counts in `stats/<id>.stats`; zero when the file is missing, or damaged (then reported, with the
    /// step that clears it).
    private func readStats(_ id: String) -> StatsFile { readStatsAndLength(id).stats }

    /// What a stats file was found to be when it was read.
    private enum StatsOnDisk: Equatable {
        case missing, damaged
        case good(length: Int)
    }

    /// `id`'s stats, and what its file is.
    private func readStatsAndLength(_ id: String) -> (stats: StatsFile, file: StatsOnDisk) {
        let path = statsPath + "/" + StatsFile.fileName(for: id)
        do throws(PageStoreError) {
            switch try StoreIO.readRegularFile(path, limit: StatsFile.maximumBytes) {
            case .missing:
                return (.zero, .missing)
            case .refused(let reason, _):
                throw PageStoreError.corruptRecord(path: path, reason: reason)
            case .read(let bytes, _):
                let stats = try StatsFile.decode(bytes, path: path)
                withLock { rememberStats(stats, of: id) }
                return (stats, .good(length: bytes.count))
            }
        } catch {
            withLock {
                setProblem(
                    "\(error); the play count known before is kept (written back at the next flush when this server knew it; "
                        + "else delete the file to count from the plays since)",
                    for: path)
            }
            return (.zero, .damaged)
        }
    }

    /// Writes `stats` as `name`. A good file of `length` bytes is overwritten in place, its new text padded
    /// with spaces to at least that length (JSON allows them): one write of under a hundred bytes at offset 0,
    /// which a killed process leaves whole or undone, and no temp name ever shows in the folder (a replace
    /// through one did, for two system calls, and a listing of the store at that moment found a stray
    /// `.tmp-` file: crash_kill's check did, on a clean-clone CI run). A missing file is made as a new one
    /// (an unnamed file linked in where the system can); a damaged one is replaced through a temp name.
    private func writeStats(_ stats: StatsFile, named name: String, over file: StatsOnDisk) throws(PageStoreError) {
        var bytes = try stats.encoded()
        let length: Int
        switch file {
        case .missing, .damaged:
            _ = try DurableFile.write(
                bytes, named: name, in: statsPath, directoryFD: statsFD, mode: file == .missing ? .createNew : .replace,
                durable: true, syncDirectory: false)
            return
        case .good(let size):
            length = size
        }
        if bytes.count < length {
            bytes.insert(contentsOf: repeatElement(UInt8(ascii: " "), count: length - bytes.count), at: bytes.count - 1)
        }
        let path = statsPath + "/" + name
        let fd = try StoreIO.open(path, [.writeOnly, .noFollow, .nonBlocking])
        defer { StoreIO.close(fd) }
        try StoreIO.writeAll(fd, bytes, path: path)
        try StoreIO.fsyncOrdered(fd, path: path)
    }
}
