import Dispatch

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension PageStore {
    /// The page with `id`, or nil when the id is invalid or unknown, the record is damaged or unreadable
    /// (see `lookup` and `problems`), or it has expired (then its files are removed, off the caller's thread).
    package func get(_ id: String) -> StoredPage? { lookup(id).page }

    /// The page with `id`, or why there is none: missing (an invalid or unknown id, or an expired record,
    /// whose removal is handed to the maintenance queue), or damaged (with the store's line for the file).
    ///
    /// A cached page costs one dictionary lookup under `lock` and no system call. An id not in the index is
    /// looked up on disk, so a page another process just wrote is found at once. Never waits for a writer:
    /// see `load`.
    package func lookup(_ id: String) -> PageLookup {
        guard PageID.isValid(id) else { return .missing }
        lock.lock()
        if let page = cache.page(for: id) {
            lock.unlock()
            if page.expiresAt != nil, page.isExpired {
                scheduleExpiry(id)
                return .missing
            }
            return .found(page)
        }
        let entry = index[id]
        if let entry, case .corrupt(let servedBefore) = entry.state {
            let problem = problemsByPath[recordPath(id)] ?? "\(recordPath(id)): damaged"
            let reason = damageReasons[id] ?? "damaged"
            lock.unlock()
            return .damaged(RecordDamage(id: id, problem: problem, reason: reason, servedBefore: servedBefore))
        }
        let missedAt = entry == nil ? recentMisses[id] : nil
        lock.unlock()
        let now = DispatchTime.now().uptimeNanoseconds
        if let missedAt, now &- missedAt < 1_000_000_000 { return .missing }
        let found = load(id, caching: true)
        if case .missing = found {
            withLock {
                guard index[id] == nil else { return }
                if recentMisses.count >= 4096 { recentMisses.removeAll() }
                recentMisses[id] = now
            }
        }
        return found
    }

    /// Why `id`'s record is skipped (its `problems` line: damaged, not a regular file, too large, or
    /// unreadable) when `get(id)` found it so; nil otherwise.
    package func problem(forID id: String) -> String? {
        guard PageID.isValid(id) else { return nil }
        return withLock { problemsByPath[recordPath(id)] }
    }

    /// Summaries of every valid, unexpired page, sorted by `createdAt`, then `id`.
    ///
    /// A record whose summary is not in the cache (not read yet, or its summary evicted) is read again;
    /// damaged ones are reported in `problems` and left out; expired ones are left out and removed by the
    /// maintenance queue.
    package func list() -> [PageSummary] {
        let now = Date()
        let snapshot = withLock {
            index.entries.map { id, entry -> (String, IndexEntry.State, RecordSummary?) in
                (id, entry.state, entry.state == .good ? cache.summary(for: id) : nil)
            }
        }
        var result: [PageSummary] = []
        result.reserveCapacity(snapshot.count)
        for (id, state, summary) in snapshot {
            switch (state, summary) {
            case (.corrupt, _):
                continue
            case (.good, let summary?):
                if let expiresAt = summary.expiresAt, expiresAt <= now {
                    scheduleExpiry(id)
                } else {
                    result.append(summary.page)
                }
            case (.good, nil), (.unread, _):
                if let page = load(id, caching: false).page { result.append(page.summary) }
            }
        }
        return result.sorted { $0.createdAt != $1.createdAt ? $0.createdAt < $1.createdAt : $0.id < $1.id }
    }

    /// Reads every record not read yet, so that `problems` is complete.
    func verifyUnread() {
        let unread = withLock { index.entries.compactMap { id, entry in entry.isUnread ? id : nil } }
        for id in unread { _ = load(id, caching: false) }
    }

    /// Reads `id`'s record from disk and records what was found in the index (and, with `caching`, the
    /// page in the cache).
    ///
    /// Takes no lock a writer holds across I/O (issue 39: a cold read waited 4.27 s behind another
    /// record's write that shared its stripe and waited for another process's lock file). Instead the read
    /// is checked afterwards: what it found is put in the index only if nothing in this process changed
    /// the index meanwhile (`generation`: every write, removal and merge of other processes' changes moves
    /// it). A record file is only ever replaced whole (a rename) or removed, so the bytes read are one
    /// version of it, and the index keeps that version (inode, change time, size) for the freshness check.
    /// When the index moved meanwhile the read is tried again (at most `loadAttempts` times), then answered
    /// from what was read without remembering it: a reader never waits, and never puts back an older
    /// version over a newer one.
    func load(_ id: String, caching: Bool) -> PageLookup {
        let path = recordPath(id)
        for attempt in 1...Self.loadAttempts {
            let start = withLock { generation }
            let found = readRecord(id, path: path)
            let isLast = attempt == Self.loadAttempts
            let answer: PageLookup? = withLock {
                guard generation == start else { return nil }
                return remember(found, of: id, path: path, caching: caching)
            }
            if case .expired = found { scheduleExpiry(id) }  // after `lock`: it takes it
            if let answer { return answer }
            if isLast { return found.lookup(id: id, servedBefore: false) }
        }
        return .missing  // not reached: the last attempt returns
    }

    /// How many times `load` reads a record whose index entry moved while it read.
    static let loadAttempts = 3

    /// What one read of a record file found.
    enum RecordRead {
        case missing
        /// A file system that ignores case opened another casing's record for `id`: `id` has none.
        case caseTwin
        case damaged(FileVersion?, PageStoreError)
        case expired
        case good(StoredPage, FileVersion)

        /// The answer it makes, without the index.
        func lookup(id: String, servedBefore: Bool) -> PageLookup {
            switch self {
            case .missing, .caseTwin, .expired: .missing
            case .damaged(_, let error):
                .damaged(RecordDamage(id: id, problem: error.description, reason: error.reasonWithoutPath, servedBefore: servedBefore))
            case .good(let page, _): .found(page)
            }
        }
    }

    /// Reads and decodes `id`'s record file; touches no lock.
    func readRecord(_ id: String, path: String) -> RecordRead {
        let read: FileRead
        do {
            read = try StoreIO.readRegularFile(path, limit: maxRecordBytes)
        } catch {
            return .damaged(nil, error)
        }
        switch read {
        case .missing:
            return .missing
        case .refused(let reason, let version):
            return .damaged(version, PageStoreError.corruptRecord(path: path, reason: reason))
        case .read(let bytes, let version):
            let page: StoredPage
            do {
                page = try RecordFile.decode(bytes, path: path, expectedID: id)
            } catch {
                if RecordFile.caseTwinID(in: bytes, of: id) != nil { return .caseTwin }
                return .damaged(version, error)
            }
            return page.isExpired ? .expired : .good(page, version)
        }
    }

    /// Puts what a read found into the index (and the cache) and returns its answer; the caller holds
    /// `lock` and has checked that the index did not move since the read began.
    private func remember(_ found: RecordRead, of id: String, path: String, caching: Bool) -> PageLookup {
        let servedBefore = index[id]?.state.servedBefore ?? false
        switch found {
        case .missing, .caseTwin:
            if index[id] != nil { _ = noteChange(id) }
            index[id] = nil
            cache.remove(id)
            setProblem(nil, for: path)
        case .damaged(let version, let error):
            let generation = noteChange(id)
            if let version {
                index[id] = IndexEntry(
                    inode: version.inode, generation: generation, state: .corrupt(servedBefore: servedBefore), version: version,
                    pending: index[id]?.pending ?? PendingStats())
                damageReasons[id] = error.reasonWithoutPath
            }
            cache.remove(id)
            setProblem(error.description, for: path)
        case .expired:
            break  // `load` hands its removal to the maintenance queue once `lock` is let go
        case .good(let page, let version):
            let generation = noteChange(id)
            index[id] = IndexEntry(
                inode: version.inode, generation: generation, state: .good, version: version,
                pending: index[id]?.pending ?? PendingStats())
            cache.insert(page, keepingBody: caching)
            setProblem(nil, for: path)
        }
        return found.lookup(id: id, servedBefore: servedBefore)
    }

    /// Hands the removal of `id`'s expired record to the maintenance queue, once: the caller (a play, a
    /// list, on an event loop) answers at once with what it knows ("missing") and never waits for the
    /// lock file and the two `fsync`s a removal takes.
    func scheduleExpiry(_ id: String) {
        guard !isReadOnly else {
            withLock {
                if index[id] != nil { _ = noteChange(id) }
                index[id] = nil
                cache.remove(id)
            }
            return
        }
        let isNew = withLock { expiring.insert(id).inserted }
        guard isNew else { return }
        maintenanceQueue.async { [weak self] in self?.expireNow(id) }
    }

    /// Removes `id`'s expired record on the maintenance queue, unless it was replaced by a live one; never
    /// waits: when a writer of the id (this process: its stripe; any process: its lock file) is busy, the
    /// removal is left for the next play or list that finds the record expired.
    func expireNow(_ id: String) {
        dispatchPrecondition(condition: .onQueue(maintenanceQueue))
        defer { withLock { _ = expiring.remove(id) } }
        let idLock = idLock(id)
        guard idLock.tryLock() else { return }
        defer { idLock.unlock() }
        let path = recordPath(id)
        do {
            let removed = try recordLocks.withLockIfFree(id) { () throws(PageStoreError) -> Bool in
                // Read again under the locks: another process may have replaced it with a live record.
                guard case .expired = readRecord(id, path: path) else { return false }
                try removeFilesHoldingIDLock(id)
                return true
            }
            guard removed == true else {
                if removed == false {
                    // Replaced by a live record, damaged or gone meanwhile: read it afresh on next use.
                    withLock {
                        cache.remove(id)
                        if index[id] != nil { index[id]?.state = .listed }
                        _ = noteChange(id)
                    }
                }
                return
            }
        } catch {
            report(error, path: path)
            return
        }
        forgetRemoved(id)
    }
}
