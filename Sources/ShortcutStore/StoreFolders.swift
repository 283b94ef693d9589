#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        let pages = root + "/pages", stats = root + "/stats", locks = root + "/locks"
        if access == .createIfMissing {
            try SystemCalls.makeDirectories(root)
        } else {
            // Reading commands must not make a store where a mistyped --store points.
            switch kind(root) {
            case nil: throw PageStoreError.noStore(path: root, reason: "the folder does not exist")
            case S_IFDIR?: break
            default: throw PageStoreError.noStore(path: root, reason: "it is not a folder")
            }
            guard kind(pages) == S_IFDIR else { throw PageStoreError.noStore(path: root, reason: "it has no pages folder") }
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
        let pagesFD = try SystemCalls.open(pages, O_RDONLY | O_DIRECTORY)
        guard readOnlyReason == nil else {
            // Read-only, `stats/` is only read (by path); an old or partial store may not have it.
            return StoreFolders(pagesFD: pagesFD, statsFD: -1, statsLockFD: -1, readOnlyReason: readOnlyReason)
        }
        do throws(PageStoreError) {
            try RecordLocks.makeFiles(in: locks)
            let statsFD = try SystemCalls.open(stats, O_RDONLY | O_DIRECTORY)
            do {
                let lockFD = try SystemCalls.open(stats + "/.lock", O_RDWR | O_CREAT | O_NOFOLLOW)
                return StoreFolders(pagesFD: pagesFD, statsFD: statsFD, statsLockFD: lockFD, readOnlyReason: nil)
            } catch {
                SystemCalls.close(statsFD)
                throw error
            }
        } catch {
            SystemCalls.close(pagesFD)
            throw error
        }
    }

    /// Closes what is open.
    func close() {
        for fd in [pagesFD, statsFD, statsLockFD] where fd >= 0 { SystemCalls.close(fd) }
    }

    /// The file type of `path` (`S_IFDIR`, …), or nil if nothing is there.
    private static func kind(_ path: String) -> mode_t? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    /// Makes `folder` if it is missing and says why it cannot be written, or nil if it can. A folder that
    /// cannot be made is an error unless it `mayBeMissing` (an older store has no `locks/`).
    private static func unwritable(_ folder: String, mayBeMissing: Bool) throws(PageStoreError) -> String? {
        do {
            try SystemCalls.makeDirectories(folder)
        } catch {
            guard mayBeMissing, case .io(_, let code) = error, isReadOnlyError(code) else { throw error }
            return String(cString: strerror(code))
        }
        // `access` asks the kernel with the real ids: root is refused only by a read-only file system.
        if access(folder, W_OK) != 0 {
            let code = errno
            if isReadOnlyError(code) { return String(cString: strerror(code)) }
            throw PageStoreError.io(path: folder, errno: code)
        }
        return nil
    }

    /// Whether `code` says the file system or the permissions refuse writing.
    static func isReadOnlyError(_ code: Int32) -> Bool { code == EROFS || code == EACCES || code == EPERM }
}
