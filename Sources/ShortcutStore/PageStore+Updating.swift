extension PageStore {
    /// Changes the stored page `id` with `change` and stores the result (play counts are kept); returns the
    /// page as stored, once durable.
    ///
    /// Atomic with respect to every other write of `id`, in this process and in any other using the
    /// store: the page is read from disk under `id`'s locks, so a page removed in the meantime is
    /// `notFound` and nothing is written (a `get` then `put` would bring it back). `change` sees the page
    /// as it is now and may throw to leave it unchanged (a secret that does not match: `notFound`).
    /// - Throws: `notFound` (no page, or an expired one), `corruptRecord` (a damaged one), what `change`
    ///   throws, `invalidID` if `change` changed the id, the checks of `put`, or `io`.
    @discardableResult
    package func update(_ id: String, _ change: (inout StoredPage) throws(PageStoreError) -> Void) throws -> StoredPage {
        try PageID.validate(id)
        return try withWriteLocks(id) { () throws(PageStoreError) -> StoredPage in
            guard var page = try readCurrent(id) else { throw PageStoreError.notFound(id) }
            try change(&page)
            guard page.id == id else { throw PageStoreError.invalidID(page.id) }
            let bytes = try checkedRecord(page)
            let version = try writeRecord(bytes, id: id, mode: .replace)
            writeStatsFile(for: id, replacing: false)
            remember(page, version: version, resetStats: false)
            return page
        }
    }

    /// Deletes the page `id` and its play counts if `condition` holds for it as it is on disk now (a
    /// secret matches), atomically with respect to every other write of `id` in any process; returns only
    /// once the deletion is durable.
    /// - Returns: false if there is no such page (or only an expired or damaged one, whose fields cannot
    ///   be trusted), or `condition` is false; nothing is removed then.
    /// - Throws: `invalidID` (nothing is done on disk) or `io`.
    @discardableResult
    package func remove(_ id: String, where condition: (StoredPage) -> Bool) throws -> Bool {
        try PageID.validate(id)
        return try withWriteLocks(id) { () throws(PageStoreError) -> Bool in
            let current: StoredPage?
            do throws(PageStoreError) {
                current = try readCurrent(id)
            } catch .corruptRecord {
                return false
            }
            guard let current, condition(current) else { return false }
            let existed = try removeFilesHoldingIDLock(id)
            forgetRemoved(id)
            return existed
        }
    }

    /// `id`'s page as the disk holds it now, or nil for none or an expired one; the caller holds the
    /// write locks. Throws `corruptRecord` for a damaged record.
    private func readCurrent(_ id: String) throws(PageStoreError) -> StoredPage? {
        let path = recordPath(id)
        switch try StoreIO.readRegularFile(path, limit: maxRecordBytes) {
        case .missing:
            return nil
        case .refused(let reason, _):
            throw PageStoreError.corruptRecord(path: path, reason: reason)
        case .read(let bytes, _):
            let page: StoredPage
            do throws(PageStoreError) {
                page = try RecordFile.decode(bytes, path: path, expectedID: id)
            } catch {
                // A file system that ignores case opened another casing's record for `id`: `id` has none.
                if RecordFile.caseTwinID(in: bytes, of: id) != nil {
                    return nil
                }
                throw error
            }
            return page.isExpired ? nil : page
        }
    }
}
