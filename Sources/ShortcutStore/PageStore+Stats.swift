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
    public func recordAccess(_ id: String) {
        let now = Date()
        withLock { countPlayHoldingLock(id, at: now) }
    }

    /// `get(id)` and, when there is a page, `recordAccess(id)`: what a play does. A page in memory costs
    /// one pass under the lock, not two (this is `/v3/<id>`'s hot path).
    public func play(_ id: String) -> StoredPage? {
        guard PageID.isValid(id) else { return nil }
        let now = Date()
        lock.lock()
        if let page = cache.page(for: id), page.expiresAt == nil || !page.isExpired(at: now) {
            countPlayHoldingLock(id, at: now)
            lock.unlock()
            return page
        }
        lock.unlock()
        guard let page = get(id) else { return nil }
        recordAccess(id)
        return page
    }

    private func countPlayHoldingLock(_ id: String, at now: Date) {
        guard let slot = index.index(forKey: id) else { return }
        if index.values[slot].pending.count == 0 { playedIDs.append(id) }
        index.values[slot].pending.countPlay(at: now)
    }

    /// Creation time, last play and play count of the page with `id`, including plays not flushed yet;
    /// nil when `get(id)` would be nil. Plays counted by another process show once it has flushed them.
    public func stats(_ id: String) -> PageStats? {
        guard let page = get(id) else { return nil }
        statsFlushLock.lock()
        defer { statsFlushLock.unlock() }
        let onDisk = readStats(id)
        let pending = withLock { index[id]?.pending } ?? PendingStats()
        let total = onDisk.adding(pending)
        return PageStats(
            createdAt: page.createdAt,
            lastAccessAt: total.lastAccessAt.map { Date(timeIntervalSinceReferenceDate: $0) },
            totalAccess: total.totalAccess)
    }

    /// Writes the plays counted since the last flush to `stats/` now (each tick of the timer does this, for
    /// at most `flushTimePerTick`). Merges with counts other processes wrote, under `stats/.lock`. Failures are reported in
    /// `problems` and the plays are kept for the next try. A read-only store keeps them in memory only.
    public func flush() { flush(until: nil) }

    /// `flush()`, but past `deadline` no further record is written: the rest stay in `playedIDs`.
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
            try StoreIO.lockExclusive(statsLockFD, path: statsPath + "/.lock")
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
            let idLock = idLock(id)
            idLock.lock()
            defer { idLock.unlock() }
            // Taken out of the entry now; a play meanwhile starts a new count and puts the id back in
            // `playedIDs`. Nothing when the record was removed meanwhile.
            let taken = withLock { () -> PendingStats? in
                guard let slot = index.index(forKey: id) else { return nil }
                let plays = index.values[slot].pending
                index.values[slot].pending = PendingStats()
                return plays
            }
            guard let plays = taken, plays.count > 0 else { continue }
            let name = StatsFile.fileName(for: id)
            do {
                let (current, file) = readStatsAndLength(id)
                try writeStats(current.adding(plays), named: name, over: file)
                withLock { problemsByPath[statsPath + "/" + name] = nil }
            } catch {
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

    /// Puts plays that could not be written back into `id`'s entry, for the next flush.
    private func restore(_ plays: PendingStats, of id: String) {
        withLock {
            guard let slot = index.index(forKey: id) else { return }
            if index.values[slot].pending.count == 0 { playedIDs.append(id) }
            index.values[slot].pending = index.values[slot].pending.merged(with: plays)
        }
    }

    /// The counts in `stats/<id>.stats`; zero when the file is missing, or damaged (then reported).
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
                return (try StatsFile.decode(bytes, path: path), .good(length: bytes.count))
            }
        } catch {
            report(error, path: path)
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
