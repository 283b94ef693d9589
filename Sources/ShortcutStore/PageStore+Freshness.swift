import Dispatch
import ShortcutPlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension PageStore {
    /// One tick of the maintenance timer: notice other processes' changes, and flush play counts for at
    /// most `flushTimePerTick`.
    ///
    /// Bounded, because a flush writes a file per record played: random plays of 100,000 records outran
    /// it (1,250 files a second here), one flush ran for seconds, and meanwhile no tick cleared
    /// `touchedIDs`, which grew to every record (4 MB; issue 15). What is left waits for the next tick.
    func maintenanceTick() {
        dispatchPrecondition(condition: .onQueue(maintenanceQueue))
        refreshFromDisk()
        withLock { indexChanged() }  // a remembered miss is not trusted past a tick (see `answerStamp`)
        flush(until: .now() + Self.flushTimePerTick)
        afterMaintenanceTick?()
    }

    /// Compares the pages folder with the index when it changed and applies what other processes did:
    /// new records are indexed, removed ones dropped, replaced ones read again on next use.
    ///
    /// "Changed" is the names the kernel reports (`watch`: inotify), or its word that the folder changed
    /// (kqueue, on Darwin; while it says nothing changed, nothing is listed or compared), else the folder's
    /// mtime (one `stat`). The
    /// listing is compared with the previous one outside the lock; only ids that differ, that the kernel
    /// named, or that this process touched meanwhile, are looked at under the lock, so 100,000 records do
    /// not stall `get`. A listed inode equal to the known one does not prove the record unchanged (ext4
    /// gives a removed record's inode number to the next file made): for the ids the kernel named, and
    /// for every record read here when there is no kernel watch, the file's version (`fstatat`: inode,
    /// change time, size) is compared with the one read or written.
    /// A directory mtime is only as fine as the file system's clock tick, so a stamp less than two
    /// seconds old is not trusted and the folder is listed again on the next tick (git's "racy clean").
    func refreshFromDisk() {
        dispatchPrecondition(condition: .onQueue(maintenanceQueue))
        let wasWatching = watch.isWatching
        var named: Set<String> = []
        // Without a watch (or after it lost events) every record read here is compared by version.
        var compareEveryRead = true
        var mustList = false
        // The kernel named every change (inotify, nothing lost): the other names it gave (foreign files).
        var namedOthers: Set<String>?
        switch watch.drain() {
        case .names(let names):
            named = Set(names.compactMap(Self.id(fromRecordFileName:)))
            namedOthers = names.filter { Self.id(fromRecordFileName: $0) == nil && !$0.hasPrefix(DurableFile.temporaryPrefix) }
            compareEveryRead = false
        case .unnamed:
            // Darwin: the folder changed, the kernel does not say where. APFS and HFS+ do not hand a freed
            // file id to the next file soon, so the listing's names and inodes show every replacement: no
            // record needs its version compared (that costs a stat per record read, issue 28).
            mustList = true
            compareEveryRead = false
        case .unknown:
            mustList = wasWatching  // events were lost: look even if the folder's stamp did not move
        }
        let stamp: DirectoryStamp
        do {
            stamp = try DirectoryListing.stamp(pagesPath)
        } catch {
            report(error, path: pagesPath)
            return
        }
        if stamp == lastStamp && !lastStampIsRacy && named.isEmpty && !mustList {
            // No name changed since the last listing, so every entry touched since then matches the disk.
            withLock { touchedIDs.removeAll() }
            return
        }
        if let namedOthers {
            refreshNamed(named, others: namedOthers, stamp: stamp)
            return
        }
        let (scanStart, touched) = withLock {
            let touched = touchedIDs
            touchedIDs.removeAll()
            return (generation, touched)
        }
        let listing: RecordListing
        do {
            listing = try DirectoryListing.records(in: pagesPath, suffix: ".page")
            fullListings += 1
        } catch {
            withLock { touchedIDs.formUnion(touched) }
            report(error, path: pagesPath)
            return
        }
        var candidates = touched.union(named)
        for (id, inode) in listing.records where lastListing[id] != inode { candidates.insert(id) }
        for id in lastListing.keys where listing.records[id] == nil { candidates.insert(id) }
        // The versions known for the ids to compare: read here or written here (nil: only listed).
        let known: [(id: String, version: FileVersion?)] =
            compareEveryRead
            ? withLock { index.entries.compactMap { id, entry in entry.version.map { (id, $0) } } }
            : named.map { ($0, nil) }
        var versions: [String: FileVersion] = [:]
        for (id, knownVersion) in known where listing.records[id] != nil {
            do {
                guard let version = try StoreIO.version(of: Self.recordFileName(id), in: pagesFD, path: pagesPath),
                    version != knownVersion
                else { continue }
                versions[id] = version
                candidates.insert(id)
            } catch {
                report(error, path: recordPath(id))
            }
        }
        merge(
            candidates, listed: listing.records, versions: versions, foreign: listing.others.map { pagesPath + "/" + $0 },
            scanStart: scanStart)
        lastListing = listing.records
        note(stamp)
    }

    /// Remembers the folder's stamp of the last look, and whether it is too recent to trust.
    private func note(_ stamp: DirectoryStamp) {
        lastStamp = stamp
        let ageNanoseconds = Int64(Date().timeIntervalSince1970 * 1e9) - stamp.modifiedNanoseconds
        lastStampIsRacy = ageNanoseconds < 2_000_000_000
    }

    /// `refreshFromDisk` when the kernel named every change since the last look (inotify lost nothing): only
    /// those ids, and those this process touched meanwhile, are looked at, each with one `fstatat`, instead
    /// of listing the folder. Under a steady stream of writes to a store of 100,000 records, a listing every
    /// tick cost ~50 ms of CPU four times a second (issue 28); this costs what changed.
    private func refreshNamed(_ named: Set<String>, others: Set<String>, stamp: DirectoryStamp) {
        let (scanStart, touched) = withLock {
            let touched = touchedIDs
            touchedIDs.removeAll()
            return (generation, touched)
        }
        let candidates = touched.union(named)
        var listed: [String: UInt64] = [:]
        var versions: [String: FileVersion] = [:]
        for id in candidates {
            do {
                // A record named by the kernel is read again if its file is not the version known here.
                guard let version = try StoreIO.version(of: Self.recordFileName(id), in: pagesFD, path: pagesPath) else { continue }
                listed[id] = version.inode
                if named.contains(id) { versions[id] = version }
            } catch {
                report(error, path: recordPath(id))
            }
        }
        var foreign: [String] = []
        for name in others {
            let path = pagesPath + "/" + name
            if Platform.exists(path) { foreign.append(path) } else { withLock { _ = problemsByPath.removeValue(forKey: path) } }
        }
        merge(candidates, listed: listed, versions: versions, foreign: foreign, scanStart: scanStart, onlyCandidates: true)
        for id in candidates { lastListing[id] = listed[id] }
        note(stamp)
    }

    /// Applies a listing taken after `generation` was `scanStart` to the `candidates` ids; entries this
    /// process changed since then are newer than the listing and stay as they are. `versions` holds the
    /// files' versions found for some of them: a known entry of another version is read again.
    /// `onlyCandidates`: `listed` holds the candidates alone (not the whole folder), so only their problems
    /// may be cleared.
    private func merge(
        _ candidates: Set<String>, listed: [String: UInt64], versions: [String: FileVersion], foreign: [String],
        scanStart: UInt64, onlyCandidates: Bool = false
    ) {
        let pagesPrefix = pagesPath + "/"
        withLock {
            indexChanged()
            // A load that read a record before this merge must not put what it read back over what the
            // merge found (`load` compares `generation`).
            var changed = false
            defer { if changed { generation += 1 } }
            for id in candidates {
                let entry = index[id]
                if let entry, entry.generation > scanStart { continue }
                switch (listed[id], entry) {
                case (nil, nil):
                    continue
                case (nil, .some):
                    index[id] = nil
                    cache.remove(id)
                    changed = true
                    setProblem(nil, for: recordPath(id))
                case (let inode?, nil):
                    if (tombstones[id] ?? 0) <= scanStart {
                        index[id] = IndexEntry(inode: inode, generation: 0, state: .listed)
                    }
                case (let inode?, let entry?):
                    let isAnotherVersion = versions[id].map { found in entry.version.map { $0 != found } ?? false } ?? false
                    if entry.inode != inode || isAnotherVersion {
                        index[id] = IndexEntry(
                            inode: inode, generation: 0, state: .unread(servedBefore: entry.state.servedBefore), pending: entry.pending)
                        cache.remove(id)
                        changed = true
                    }
                }
            }
            tombstones = tombstones.filter { $0.value > scanStart }
            if onlyCandidates {
                for id in candidates where listed[id] == nil { setProblem(nil, for: recordPath(id)) }
            } else {
                for path in problemsByPath.keys where path.hasPrefix(pagesPrefix) {
                    let name = path.dropFirst(pagesPrefix.count)
                    if let id = Self.id(fromRecordFileName: String(name)), listed[id] != nil { continue }
                    setProblem(nil, for: path)
                }
            }
            for path in foreign { setProblem(Self.foreignFileMessage(path), for: path) }
        }
    }

    /// Runs the freshness check now instead of waiting for the timer (for tests and tools).
    func refreshNow() {
        maintenanceQueue.sync { refreshFromDisk() }
    }
}
