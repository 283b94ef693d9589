import Dispatch

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension PageStore {
    /// The page with `id`, or nil when the id is invalid or unknown, the record is damaged or unreadable
    /// (see `problems`), or it has expired (then its files are removed).
    ///
    /// A cached page costs one dictionary lookup under the lock and no system call. An id not in the
    /// index is looked up on disk, so a page another process just wrote is found at once.
    public func get(_ id: String) -> StoredPage? {
        guard PageID.isValid(id) else { return nil }
        lock.lock()
        if let page = cache.page(for: id) {
            lock.unlock()
            if page.expiresAt != nil, page.isExpired {
                expire(id)
                return nil
            }
            return page
        }
        let isCorrupt = index[id]?.isCorrupt ?? false
        let missedAt = index[id] == nil ? recentMisses[id] : nil
        lock.unlock()
        if isCorrupt { return nil }
        let now = DispatchTime.now().uptimeNanoseconds
        if let missedAt, now &- missedAt < 1_000_000_000 { return nil }
        let page = load(id, caching: true)
        if page == nil {
            withLock {
                guard index[id] == nil else { return }
                if recentMisses.count >= 4096 { recentMisses.removeAll() }
                recentMisses[id] = now
            }
        }
        return page
    }

    /// Why `id`'s record is skipped (its `problems` line: damaged, not a regular file, too large, or
    /// unreadable) when `get(id)` found it so; nil otherwise.
    public func problem(forID id: String) -> String? {
        guard PageID.isValid(id) else { return nil }
        return withLock { problemsByPath[recordPath(id)] }
    }

    /// Summaries of every valid, unexpired page, sorted by `createdAt`, then `id`.
    ///
    /// A record whose summary is not in the cache (not read yet, or its summary evicted) is read again;
    /// damaged ones are reported in `problems` and left out; expired ones are removed.
    public func list() -> [PageSummary] {
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
                    expire(id)
                } else {
                    result.append(summary.page)
                }
            case (.good, nil), (.unread, _):
                if let page = load(id, caching: false) { result.append(page.summary) }
            }
        }
        return result.sorted { $0.createdAt != $1.createdAt ? $0.createdAt < $1.createdAt : $0.id < $1.id }
    }

    /// Reads every record not read yet, so that `problems` is complete.
    func verifyUnread() {
        let unread = withLock {
            index.entries.compactMap { id, entry -> String? in
                if case .unread = entry.state { return id }
                return nil
            }
        }
        for id in unread { _ = load(id, caching: false) }
    }

    /// Reads `id`'s record from disk and records what was found in the index (and, with `caching`, the
    /// page in the cache). Returns nil for a missing, damaged, unreadable or expired record.
    func load(_ id: String, caching: Bool) -> StoredPage? {
        let idLock = idLock(id)
        idLock.lock()
        defer { idLock.unlock() }
        let path = recordPath(id)
        let read: FileRead
        do {
            read = try StoreIO.readRegularFile(path, limit: maxRecordBytes)
        } catch {
            report(error, path: path)
            return nil
        }
        let page: StoredPage
        let version: FileVersion
        switch read {
        case .missing:
            withLock {
                if index[id] != nil { _ = noteChange(id) }
                index[id] = nil
                cache.remove(id)
                problemsByPath[path] = nil
            }
            return nil
        case .refused(let reason, let refused):
            noteCorrupt(id, version: refused, PageStoreError.corruptRecord(path: path, reason: reason))
            return nil
        case .read(let bytes, let read):
            do {
                page = try RecordFile.decode(bytes, path: path, expectedID: id)
            } catch {
                if RecordFile.caseTwinID(in: bytes, of: id) != nil {
                    // A file system that ignores case opened `stored`'s record for `id`: `id` has none.
                    withLock {
                        if index[id] != nil { _ = noteChange(id) }
                        index[id] = nil
                        cache.remove(id)
                    }
                    return nil
                }
                noteCorrupt(id, version: read, error)
                return nil
            }
            version = read
        }
        if page.isExpired {
            removeExpiredHoldingIDLock(id, inode: version.inode)
            return nil
        }
        withLock {
            let generation = noteChange(id)
            index[id] = IndexEntry(
                inode: version.inode, generation: generation, state: .good, version: version,
                pending: index[id]?.pending ?? PendingStats())
            cache.insert(page, keepingBody: caching)
            problemsByPath[path] = nil
        }
        return page
    }

    /// Records that `id`'s file, in `version`, is damaged: skipped until it is replaced, and reported.
    private func noteCorrupt(_ id: String, version: FileVersion, _ error: PageStoreError) {
        withLock {
            let generation = noteChange(id)
            index[id] = IndexEntry(
                inode: version.inode, generation: generation, state: .corrupt, version: version,
                pending: index[id]?.pending ?? PendingStats())
            cache.remove(id)
            problemsByPath[recordPath(id)] = error.description
        }
    }

    /// Removes `id`'s expired record, unless another process has replaced it meanwhile.
    func expire(_ id: String) {
        let idLock = idLock(id)
        idLock.lock()
        defer { idLock.unlock() }
        guard let inode = withLock({ index[id]?.inode }) else { return }
        removeExpiredHoldingIDLock(id, inode: inode)
    }

    /// Removes `id`'s files if the record file is still the one with `inode`; the caller holds `id`'s
    /// stripe lock, this takes its record lock.
    private func removeExpiredHoldingIDLock(_ id: String, inode: UInt64) {
        let path = recordPath(id)
        if isReadOnly {
            forgetRemoved(id)  // not served, though its file stays
            return
        }
        do {
            let removed = try recordLocks.withLock(id) { () throws(PageStoreError) -> Bool in
                guard try StoreIO.inodeIfPresent(path) == inode else { return false }
                try removeFilesHoldingIDLock(id)
                return true
            }
            guard removed else {
                // Replaced by a newer record (or already gone): forget what we knew and read it afresh.
                withLock {
                    cache.remove(id)
                    index[id]?.state = .unread
                    indexChanged()
                }
                return
            }
        } catch {
            report(error, path: path)
        }
        forgetRemoved(id)
    }
}
