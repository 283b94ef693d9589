import ShortcutPlatform

extension PageStore {
    /// Stores a new page and returns it as stored; returns only once it is durable.
    ///
    /// An empty `page.id` gets a new UUID (lowercase). Throws `invalidID`, `invalidStatus`,
    /// `invalidHeader` or `invalidContentType` before touching the disk, `alreadyExists` when a page with
    /// the id exists (in this or another process; an expired one is replaced), or `io`.
    @discardableResult
    package func create(_ page: StoredPage) throws -> StoredPage {
        var page = page
        if page.id.isEmpty { page.id = PageID.generate() }
        let bytes = try checkedRecord(page)
        return try withWriteLocks(page.id) { () throws(PageStoreError) -> StoredPage in
            try refuseCaseTwin(of: page.id)
            var version = try writeNewRecord(bytes, id: page.id)
            if version == nil, try removeIfExpiredHoldingIDLock(page.id) {
                version = try writeNewRecord(bytes, id: page.id)
            }
            guard let version else { throw PageStoreError.alreadyExists(page.id) }
            writeStatsFile(for: page.id, replacing: true)
            withLock { rememberStats(.zero, of: page.id) }
            remember(page, version: version, resetStats: true)
            return page
        }
    }

    /// Stores `page` under its id, creating or replacing it (play counts are kept); returns only once it
    /// is durable. Throws like `create`, except `alreadyExists`; an empty id is `invalidID`.
    ///
    /// To change a page only if it still exists (an API's PUT), use `update`: a `get` then `put` brings
    /// back a page removed in between.
    package func put(_ page: StoredPage) throws {
        let bytes = try checkedRecord(page)
        try withWriteLocks(page.id) { () throws(PageStoreError) in
            try refuseCaseTwin(of: page.id)
            let version = try writeRecord(bytes, id: page.id, mode: .replace)
            writeStatsFile(for: page.id, replacing: false)
            remember(page, version: version, resetStats: false)
        }
    }

    /// Deletes the page with `id` and its play counts; returns only once the deletion is durable.
    /// - Returns: false if there was no such page.
    /// - Throws: `invalidID` (nothing is done on disk) or `io`.
    @discardableResult
    package func remove(_ id: String) throws -> Bool {
        try PageID.validate(id)
        return try withWriteLocks(id) { () throws(PageStoreError) -> Bool in
            // On a file system that ignores case, `ABC`'s path names `abc`'s files: removing `ABC` must not
            // remove `abc`.
            if try caseTwinOnDisk(of: id) != nil { return false }
            let existed = try removeFilesHoldingIDLock(id)
            forgetRemoved(id)
            return existed
        }
    }

    /// Removes `id`'s record only if it is damaged: its file cannot be read as `id`'s record (cut short,
    /// edited by hand, not a regular file, too large, unreadable). What `rm` does for a record that no
    /// service can read, and so cannot check the kind or the secret of: only the store's owner does it.
    /// - Returns: what was wrong with the record removed; nil when `id` has no damaged record (none, or a
    ///   readable one: that one is the services' to remove, with their checks). Read again under the
    ///   locks, so a record another process has just made good is left alone.
    /// - Throws: `invalidID`, `readOnly` or `io`.
    package func removeDamaged(_ id: String) throws -> String? {
        try PageID.validate(id)
        return try withWriteLocks(id) { () throws(PageStoreError) -> String? in
            if try caseTwinOnDisk(of: id) != nil { return nil }
            let path = recordPath(id)
            let damage: String
            do {
                switch try StoreIO.readRegularFile(path, limit: maxRecordBytes) {
                case .missing:
                    return nil
                case .refused(let reason, _):
                    damage = PageStoreError.corruptRecord(path: path, reason: reason).description
                case .read(let bytes, _):
                    do {
                        _ = try RecordFile.decode(bytes, path: path, expectedID: id)
                        return nil
                    } catch {
                        damage = "\(error)"
                    }
                }
            } catch {
                damage = "\(error)"
            }
            try removeFilesHoldingIDLock(id)
            forgetRemoved(id)
            return damage
        }
    }

    /// Runs `body` holding `id`'s stripe lock (this process) and its record lock (every process): what
    /// each write does, so that it sees and leaves the disk as no other writer is touching that record.
    func withWriteLocks<T>(_ id: String, _ body: () throws(PageStoreError) -> T) throws(PageStoreError) -> T {
        try requireWritable()
        let idLock = idLock(id)
        idLock.lock()
        defer { idLock.unlock() }
        return try recordLocks.withLock(id, body)
    }

    /// Removes `id`'s stats and record files; the caller holds `id`'s stripe lock and record lock.
    @discardableResult
    func removeFilesHoldingIDLock(_ id: String) throws(PageStoreError) -> Bool {
        // Stats first: a crash between the two leaves a record without stats (read as zero plays),
        // never stats without a record.
        try StoreIO.unlink(statsPath + "/" + StatsFile.fileName(for: id))
        return try DurableFile.remove(
            named: Self.recordFileName(id), in: pagesPath, directoryFD: pagesFD, durable: true)
    }

    /// Drops everything this process knows about `id` after its files were removed.
    func forgetRemoved(_ id: String) {
        let path = recordPath(id)
        withLock {
            let generation = noteChange(id)
            index[id] = nil
            cache.remove(id)
            tombstones[id] = generation
            knownStats[id] = nil
            setProblem(nil, for: path)
            setProblem(nil, for: statsPath + "/" + StatsFile.fileName(for: id))
        }
    }

    /// Throws `idTakenInOtherCase` when a record whose id differs from `id` only in case exists; the caller
    /// holds `id`'s stripe lock (shared by every casing of `id`).
    ///
    /// Two places can know of such a twin: the index (this process's view, which includes other processes'
    /// records within a second) and, on a file system that ignores case (APFS, HFS+, exFAT and NTFS by
    /// default), the file at `id`'s own path, which then is the twin's.
    ///
    /// Constant work whatever the store holds: one or two lookups in the index (`RecordIndex.caseTwin`),
    /// and on disk the files at `id`'s path and at its all-lowercase and all-uppercase forms' paths.
    func refuseCaseTwin(of id: String) throws(PageStoreError) {
        if let twin = withLock({ index.caseTwin(of: id) }) {
            throw PageStoreError.idTakenInOtherCase(id, existing: twin)
        }
        if let twin = try caseTwinOnDisk(of: id) { throw PageStoreError.idTakenInOtherCase(id, existing: twin) }
    }

    /// The id of a record on disk that differs from `id` only in case, found at `id`'s own path (a file
    /// system that ignores case opens the twin's file there) or at the path of `id` in all lowercase or all
    /// uppercase (another process's record that the index has not seen yet, on one that does not); nil
    /// otherwise. The caller holds `id`'s stripe lock. A twin of mixed case that only another process knows
    /// of is seen by the index within a second (`refreshFromDisk`).
    func caseTwinOnDisk(of id: String) throws(PageStoreError) -> String? {
        var candidates = [id]
        for casing in [PageID.caseFoldedKey(id), id.uppercased()] where !candidates.contains(casing) { candidates.append(casing) }
        for candidate in candidates {
            // The other casings' files usually do not exist: one fstatat tells, before any read.
            if candidate != id, try StoreIO.inodeIfPresent(recordPath(candidate)) == nil { continue }
            guard case .read(let bytes, _) = try StoreIO.readRegularFile(recordPath(candidate), limit: maxRecordBytes) else {
                continue
            }
            if let twin = RecordFile.caseTwinID(in: bytes, of: id) { return twin }
        }
        return nil
    }

    /// Writes a record that must not exist yet; nil if it does.
    private func writeNewRecord(_ bytes: [UInt8], id: String) throws(PageStoreError) -> FileVersion? {
        do {
            return try writeRecord(bytes, id: id, mode: .createNew)
        } catch {
            if case .io(_, let code) = error, code == Errno.fileExists { return nil }
            throw error
        }
    }

    func writeRecord(_ bytes: [UInt8], id: String, mode: DurableFile.Mode) throws(PageStoreError) -> FileVersion {
        try DurableFile.write(
            bytes, named: Self.recordFileName(id), in: pagesPath, directoryFD: pagesFD, mode: mode, durable: true)
    }

    /// Puts a page just written into the index and the cache.
    func remember(_ page: StoredPage, version: FileVersion, resetStats: Bool) {
        let path = recordPath(page.id)
        withLock {
            let generation = noteChange(page.id)
            let pending = resetStats ? PendingStats() : index[page.id]?.pending ?? PendingStats()
            index[page.id] = IndexEntry(
                inode: version.inode, generation: generation, state: .good, version: version, pending: pending)
            cache.insert(page, keepingBody: true)
            tombstones[page.id] = nil
            setProblem(nil, for: path)
        }
    }

    /// Removes `id`'s record if it exists and has expired; true if the id is free now.
    private func removeIfExpiredHoldingIDLock(_ id: String) throws(PageStoreError) -> Bool {
        let path = recordPath(id)
        let existing: StoredPage
        switch try StoreIO.readRegularFile(path, limit: maxRecordBytes) {
        case .missing:
            return true
        case .refused:
            return false  // a damaged record is not overwritten by `create`; `put` or `remove` can
        case .read(let bytes, _):
            do {
                existing = try RecordFile.decode(bytes, path: path, expectedID: id)
            } catch {
                return false
            }
        }
        guard existing.isExpired else { return false }
        try removeFilesHoldingIDLock(id)
        forgetRemoved(id)
        return true
    }

    /// Writes a zero-play stats file for a new page (`replacing` an orphan), or when `replacing` is false
    /// only if there is none. Not synced: play counts may be lost in a crash. A failure does not undo the
    /// page, which is already durable; it is reported in `problems`.
    func writeStatsFile(for id: String, replacing: Bool) {
        let name = StatsFile.fileName(for: id)
        if !replacing && Platform.exists(statsPath + "/" + name) { return }
        do {
            _ = try DurableFile.write(
                try StatsFile.zero.encoded(), named: name, in: statsPath, directoryFD: statsFD,
                mode: replacing ? .replace : .createNew, durable: false)
        } catch PageStoreError.io(_, let code) where code == Errno.fileExists {
            return
        } catch {
            report(error, path: statsPath + "/" + name)
        }
    }

    /// The record file's bytes for `page`, after every check that must pass before the disk is touched.
    func checkedRecord(_ page: StoredPage) throws(PageStoreError) -> [UInt8] {
        try PageID.validate(page.id)
        try page.validateFields()
        let bytes = try RecordFile.encode(page)
        // A record this store could not read back must not be written.
        guard bytes.count <= maxRecordBytes else {
            throw PageStoreError.recordTooLarge(id: page.id, bytes: bytes.count, limit: maxRecordBytes)
        }
        return bytes
    }
}
