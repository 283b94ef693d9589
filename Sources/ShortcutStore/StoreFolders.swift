import ShortcutPlatform

/// The folders of a store, made or checked as its `PageStore.Access` asks, and opened; with why the
/// store cannot be written, when it cannot.
struct StoreFolders {
    /// `pages/`, open to `fsync` it and to `fstatat` its files.
    let pagesFD: Int32
    /// `stats/`, open to `fsync` it; -1 when read-only or absent.
    let statsFD: Int32
    /// `stats/.lock`, for stats writers; -1 when read-only.
    let statsLockFD: Int32
    /// Why nothing can be written (`Read-only file system`, `Permission denied`, `opened read-only`);
    /// nil for a writable store.
    let readOnlyReason: String?

    /// Makes (`createIfMissing`) or checks the store folder `root` and its `pages`, `stats` and `locks`
    /// folders, and opens them. A folder that exists but cannot be written (a read-only mount, no write
    /// permission) makes a read-only store, not an error: it can still be served and listed.
    static func open(root: String, access: PageStore.Access) throws(PageStoreError) -> StoreFolders {
        let pages = root + "/pages"
        let stats = root + "/stats"
        let locks = root + "/locks"
        if access == .createIfMissing {
            try StoreIO.makeDirectories(root)
        } else {
            // Reading commands must not make a store where a mistyped --store points.
            switch kind(root) {
            case nil:
                if let file = StoreIO.fileInPath(root) { throw PageStoreError.notAFolder(path: root, file: file) }
                throw PageStoreError.noStore(path: root, reason: "the folder does not exist")
            case .directory?: break
            default: throw PageStoreError.notAFolder(path: root, file: root)
            }
            guard kind(pages) == .directory else { throw PageStoreError.noStore(path: root, reason: "it has no pages folder") }
        }
        var readOnlyReason: String? = access == .readOnly ? "opened read-only" : nil
        if readOnlyReason == nil {
            for folder in [pages, stats, locks] {
                if let reason = try unwritable(folder, mayBeMissing: folder != pages) {
                    readOnlyReason = reason
                    break
                }
            }
        }
        let pagesFD = try StoreIO.open(pages, [.readOnly, .directory])
        guard readOnlyReason == nil else {
            // Read-only, `stats/` is only read (by path); an old or partial store may not have it.
            return StoreFolders(pagesFD: pagesFD, statsFD: -1, statsLockFD: -1, readOnlyReason: readOnlyReason)
        }
        do throws(PageStoreError) {
            try RecordLocks.makeFiles(in: locks)
            let statsFD = try StoreIO.open(stats, [.readOnly, .directory])
            do {
                let lockFD = try StoreIO.open(stats + "/.lock", [.readWrite, .create, .noFollow])
                return StoreFolders(pagesFD: pagesFD, statsFD: statsFD, statsLockFD: lockFD, readOnlyReason: nil)
            } catch {
                StoreIO.close(statsFD)
                throw error
            }
        } catch {
            StoreIO.close(pagesFD)
            throw error
        }
    }

    /// Closes what is open.
    func close() {
        for fd in [pagesFD, statsFD, statsLockFD] where fd >= 0 { StoreIO.close(fd) }
    }

    /// The file type of `path` (`S_IFDIR`, …), or nil if nothing is there.
    private static func kind(_ path: String) -> FileKind? {
        do {
            return try Platform.status(ofPath: path).kind
        } catch {
            return nil  // as good as missing: the caller says what it expected there
        }
    }

    /// Makes `folder` if it is missing and says why it cannot be written, or nil if it can. A folder that
    /// cannot be made is an error unless it `mayBeMissing` (an older store has no `locks/`).
    private static func unwritable(_ folder: String, mayBeMissing: Bool) throws(PageStoreError) -> String? {
        do {
            try StoreIO.makeDirectories(folder)
        } catch {
            guard mayBeMissing, case .io(_, let code) = error, isReadOnlyError(code) else { throw error }
            return Platform.errorText(code)
        }
        do {
            try Platform.checkWritable(folder)
        } catch {
            if isReadOnlyError(error.errno) { return error.reason }
            throw PageStoreError(error)
        }
        return nil
    }

    /// Whether `code` says the file system or the permissions refuse writing.
    static func isReadOnlyError(_ code: Int32) -> Bool {
        code == Errno.readOnlyFileSystem || code == Errno.permissionDenied || code == Errno.notPermitted
    }
}
