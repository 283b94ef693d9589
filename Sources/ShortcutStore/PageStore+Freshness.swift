import Dispatch
import Foundation

extension PageStore {
    /// One tick of the maintenance timer: notice other processes' changes, and flush play counts about
    /// once a second.
    func maintenanceTick() {
        dispatchPrecondition(condition: .onQueue(maintenanceQueue))
        refreshFromDisk()
        ticksSinceFlush += 1
        if ticksSinceFlush >= 4 {
            ticksSinceFlush = 0
            flush()
        }
    }

    /// Compares the pages folder with the index when its mtime changed (one `stat` otherwise) and
    /// applies what other processes did: new records are indexed, removed ones dropped, replaced ones
    /// (a new inode) read again on next use.
    ///
    /// A directory mtime is only as fine as the file system's clock tick, so a stamp less than two
    /// seconds old is not trusted and the folder is listed again on the next tick (git's "racy clean").
    func refreshFromDisk() {
        dispatchPrecondition(condition: .onQueue(maintenanceQueue))
        let stamp: DirectoryStamp
        let listing: RecordListing
        let scanStart: UInt64
        do {
            stamp = try DirectoryListing.stamp(pagesPath)
            if stamp == lastStamp && !lastStampIsRacy { return }
            scanStart = withLock { generation }
            listing = try DirectoryListing.records(in: pagesPath, suffix: ".page")
        } catch {
            report(error, path: pagesPath)
            return
        }
        let listed = listing.records
        let foreign = listing.others.map { pagesPath + "/" + $0 }
        merge(listed: listed, foreign: foreign, scanStart: scanStart)
        lastStamp = stamp
        let ageNanoseconds = Int64(Date().timeIntervalSince1970 * 1e9) - stamp.modifiedNanoseconds
        lastStampIsRacy = ageNanoseconds < 2_000_000_000
    }

    /// Applies a listing taken after `generation` was `scanStart`; entries this process changed since
    /// then are newer than the listing and stay as they are.
    private func merge(listed: [String: UInt64], foreign: [String], scanStart: UInt64) {
        let pagesPrefix = pagesPath + "/"
        withLock {
            for (id, entry) in index where entry.generation <= scanStart && listed[id] == nil {
                index[id] = nil
                cache.remove(id)
                pendingStats[id] = nil
                problemsByPath[recordPath(id)] = nil
            }
            for (id, inode) in listed {
                if let entry = index[id] {
                    if entry.inode != inode && entry.generation <= scanStart {
                        index[id] = IndexEntry(inode: inode, generation: 0, state: .unread)
                        cache.remove(id)
                    }
                } else if (tombstones[id] ?? 0) <= scanStart {
                    index[id] = IndexEntry(inode: inode, generation: 0, state: .unread)
                }
            }
            tombstones = tombstones.filter { $0.value > scanStart }
            for path in problemsByPath.keys where path.hasPrefix(pagesPrefix) {
                let name = path.dropFirst(pagesPrefix.count)
                if let id = Self.id(fromRecordFileName: String(name)), listed[id] != nil { continue }
                problemsByPath[path] = nil
            }
            for path in foreign { problemsByPath[path] = Self.foreignFileMessage(path) }
        }
    }

    /// Runs the freshness check now instead of waiting for the timer (for tests and tools).
    func refreshNow() {
        maintenanceQueue.sync { refreshFromDisk() }
    }
}
