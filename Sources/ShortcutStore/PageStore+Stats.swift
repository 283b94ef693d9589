#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

import ShortcutPlatform

extension PageStore {
    /// Counts one play of `id` now. In memory only (a lock and a dictionary update): the record is never
    /// rewritten, and the count reaches `stats/<id>.stats` with the next flush, about a second later.
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
        guard index[id] != nil else { return }
        pendingStats[id, default: PendingStats()].countPlay(at: now)
    }

    /// Creation time, last play and play count of the page with `id`, including plays not flushed yet;
    /// nil when `get(id)` would be nil. Plays counted by another process show once it has flushed them.
    public func stats(_ id: String) -> PageStats? {
        guard let page = get(id) else { return nil }
        statsFlushLock.lock()
        defer { statsFlushLock.unlock() }
        let onDisk = readStats(id)
        let pending = withLock { pendingStats[id] } ?? PendingStats()
        let total = onDisk.adding(pending)
        return PageStats(
            createdAt: page.createdAt,
            lastAccessAt: total.lastAccessAt.map { Date(timeIntervalSinceReferenceDate: $0) },
            totalAccess: total.totalAccess)
    }

    /// Writes the plays counted since the last flush to `stats/` now (the timer does this about once a
    /// second). Merges with counts other processes wrote, under `stats/.lock`. Failures are reported in
    /// `problems` and the plays are kept for the next try. A read-only store keeps them in memory only.
    public func flush() {
        if isReadOnly { return }
        statsFlushLock.lock()
        defer { statsFlushLock.unlock() }
        let pending = withLock {
            let pending = pendingStats
            pendingStats.removeAll()
            return pending
        }
        guard !pending.isEmpty else { return }
        var failed: [String: PendingStats] = [:]
        do {
            try StoreIO.lockExclusive(statsLockFD, path: statsPath + "/.lock")
        } catch {
            report(error, path: statsPath + "/.lock")
            restore(pending)
            return
        }
        defer { StoreIO.unlock(statsLockFD) }
        for (id, plays) in pending {
            let idLock = idLock(id)
            idLock.lock()
            defer { idLock.unlock() }
            guard withLock({ index[id] != nil }) else { continue }  // removed meanwhile
            let name = StatsFile.fileName(for: id)
            do {
                let merged = readStats(id).adding(plays)
                _ = try DurableFile.write(
                    try merged.encoded(), named: name, in: statsPath, directoryFD: statsFD, mode: .replace,
                    durable: true, syncDirectory: false)
                withLock { problemsByPath[statsPath + "/" + name] = nil }
            } catch {
                report(error, path: statsPath + "/" + name)
                failed[id] = plays
            }
        }
        do {
            try StoreIO.fsync(statsFD, path: statsPath)
        } catch {
            report(error, path: statsPath)
        }
        restore(failed)
    }

    /// Puts plays that could not be written back into the pending counts.
    private func restore(_ plays: [String: PendingStats]) {
        guard !plays.isEmpty else { return }
        withLock {
            for (id, stats) in plays where index[id] != nil {
                pendingStats[id] = (pendingStats[id] ?? PendingStats()).merged(with: stats)
            }
        }
    }

    /// The counts in `stats/<id>.stats`; zero when the file is missing, or damaged (then reported).
    private func readStats(_ id: String) -> StatsFile {
        let path = statsPath + "/" + StatsFile.fileName(for: id)
        do throws(PageStoreError) {
            switch try StoreIO.readRegularFile(path, limit: StatsFile.maximumBytes) {
            case .missing:
                return .zero
            case .refused(let reason, _):
                throw PageStoreError.corruptRecord(path: path, reason: reason)
            case .read(let bytes, _):
                return try StatsFile.decode(bytes, path: path)
            }
        } catch {
            report(error, path: path)
            return .zero
        }
    }
}
