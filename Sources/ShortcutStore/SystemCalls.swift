#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin wrappers over the POSIX calls the store uses. Each throws `PageStoreError.io` with the path it
/// worked on and the raw `errno`; `EINTR` is retried in one place, `retryingEINTR`.
enum SystemCalls {
    /// Calls `body` again while it fails with `EINTR`; returns its result or throws with the final `errno`.
    @inline(__always)
    static func retryingEINTR<Result: BinaryInteger>(
        _ path: @autoclosure () -> String,
        _ body: () -> Result
    ) throws(PageStoreError) -> Result {
        while true {
            let result = body()
            if result >= 0 { return result }
            let code = errno
            if code != EINTR { throw PageStoreError.io(path: path(), errno: code) }
        }
    }

    /// Opens `path` with `flags` (always close-on-exec) and returns the descriptor.
    static func open(_ path: String, _ flags: Int32, mode: mode_t = 0o644) throws(PageStoreError) -> Int32 {
        try retryingEINTR(path) { posixOpen(path, flags | O_CLOEXEC, mode) }
    }

    /// Closes a descriptor; errors are ignored because the descriptor is gone either way (POSIX leaves
    /// its state unspecified after `EINTR`, so retrying could close someone else's descriptor).
    static func close(_ fd: Int32) {
        _ = posixClose(fd)
    }

    /// Writes all of `bytes`, continuing after short writes.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(PageStoreError) {
        var offset = 0
        while offset < bytes.count {
            let written = try retryingEINTR(path) {
                bytes.withUnsafeBytes { raw in write(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset) }
            }
            if written == 0 { throw PageStoreError.io(path: path, errno: EIO) }
            offset += written
        }
    }

    /// Reads the whole file behind `fd` (up to end of file).
    static func readAll(_ fd: Int32, path: String) throws(PageStoreError) -> [UInt8] {
        var info = stat()
        _ = try retryingEINTR(path) { fstat(fd, &info) }
        var result: [UInt8] = []
        result.reserveCapacity(Int(info.st_size) + 1)
        var chunk = [UInt8](repeating: 0, count: max(4096, min(Int(info.st_size) + 1, 1 << 20)))
        while true {
            let count = try retryingEINTR(path) {
                chunk.withUnsafeMutableBytes { raw in read(fd, raw.baseAddress, raw.count) }
            }
            if count == 0 { return result }
            result.append(contentsOf: chunk[0..<count])
        }
    }

    /// Reads a whole file, or returns nil when it does not exist (`ENOENT`).
    static func readFileIfPresent(_ path: String) throws(PageStoreError) -> (bytes: [UInt8], inode: UInt64)? {
        let fd: Int32
        do {
            fd = try open(path, O_RDONLY | O_NOFOLLOW)
        } catch {
            if case .io(_, let code) = error, code == ENOENT { return nil }
            throw error
        }
        defer { close(fd) }
        let inode = try self.inode(of: fd, path: path)
        return (try readAll(fd, path: path), inode)
    }

    /// The inode number of an open file.
    static func inode(of fd: Int32, path: String) throws(PageStoreError) -> UInt64 {
        var info = stat()
        _ = try retryingEINTR(path) { fstat(fd, &info) }
        return UInt64(info.st_ino)
    }

    /// Flushes a file's data and metadata to stable storage.
    ///
    /// On Darwin `fsync` only hands the data to the drive, which may keep it in its volatile cache (fsync(2):
    /// "the disk drive may ... write the data out of order"); `fcntl(F_FULLFSYNC)` also asks the drive to
    /// flush, which is what "durable before acknowledged" needs there. Volumes that do not support it
    /// (some network and FUSE file systems) fail it; then `fsync` is the most that can be had.
    static func fsync(_ fd: Int32, path: String) throws(PageStoreError) {
        #if canImport(Darwin)
        try sync(fd, path: path, full: { fcntl($0, F_FULLFSYNC) }, plain: posixFsync)
        #else
        // Linux's fsync(2) already flushes the drive's write cache.
        try sync(fd, path: path, full: nil, plain: posixFsync)
        #endif
    }

    /// `full`, or `plain` when there is no `full` or it fails (for any reason, as SQLite does: a failed
    /// full sync is never worse than a plain one). EINTR is retried for each.
    static func sync(
        _ fd: Int32, path: String, full: ((Int32) -> Int32)?, plain: (Int32) -> Int32
    ) throws(PageStoreError) {
        if let full {
            do {
                _ = try retryingEINTR(path) { full(fd) }
                return
            } catch {
                // Fall through to the plain sync.
            }
        }
        _ = try retryingEINTR(path) { plain(fd) }
    }

    /// Tries to take an exclusive `flock` without waiting; false when another open file holds it.
    static func tryLockExclusive(_ fd: Int32, path: String) throws(PageStoreError) -> Bool {
        do {
            _ = try retryingEINTR(path) { flock(fd, LOCK_EX | LOCK_NB) }
            return true
        } catch {
            if case .io(_, let code) = error, code == EWOULDBLOCK || code == EAGAIN { return false }
            throw error
        }
    }

    /// Takes an exclusive `flock`, waiting for other holders.
    static func lockExclusive(_ fd: Int32, path: String) throws(PageStoreError) {
        _ = try retryingEINTR(path) { flock(fd, LOCK_EX) }
    }

    /// Releases a `flock`.
    static func unlock(_ fd: Int32) {
        _ = flock(fd, LOCK_UN)
    }

    /// Renames `from` to `to`, replacing `to` atomically.
    static func rename(_ from: String, _ to: String) throws(PageStoreError) {
        _ = try retryingEINTR(to) { posixRename(from, to) }
    }

    /// Makes a second name `to` for `from`; fails with `EEXIST` if `to` exists (an atomic "create new").
    static func link(_ from: String, _ to: String) throws(PageStoreError) {
        _ = try retryingEINTR(to) { posixLink(from, to) }
    }

    /// Removes a name; returns false when it did not exist.
    @discardableResult
    static func unlink(_ path: String) throws(PageStoreError) -> Bool {
        do {
            _ = try retryingEINTR(path) { posixUnlink(path) }
            return true
        } catch {
            if case .io(_, let code) = error, code == ENOENT { return false }
            throw error
        }
    }

    /// Creates a directory (and its parents) unless it exists; a directory it creates is made durable
    /// by syncing its parent, so the first record written inside cannot vanish with it in a crash.
    static func makeDirectories(_ path: String) throws(PageStoreError) {
        var parent = "/"
        var prefix = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + component
            if mkdir(prefix, 0o755) == 0 {
                let fd = try open(parent, O_RDONLY | O_DIRECTORY)
                defer { close(fd) }
                try fsync(fd, path: parent)
            } else {
                let code = errno
                if code != EEXIST { throw PageStoreError.io(path: prefix, errno: code) }
            }
            parent = prefix
        }
        var info = stat()
        _ = try retryingEINTR(path) { stat(path, &info) }
        if (info.st_mode & S_IFMT) != S_IFDIR { throw PageStoreError.io(path: path, errno: ENOTDIR) }
    }
}

// The C names, spelled once so that the wrappers above can use the same names as methods.
@inline(__always) private func posixOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}
@inline(__always) private func posixClose(_ fd: Int32) -> Int32 { close(fd) }
@inline(__always) private func posixFsync(_ fd: Int32) -> Int32 { fsync(fd) }
@inline(__always) private func posixRename(_ from: String, _ to: String) -> Int32 { rename(from, to) }
@inline(__always) private func posixLink(_ from: String, _ to: String) -> Int32 { link(from, to) }
@inline(__always) private func posixUnlink(_ path: String) -> Int32 { unlink(path) }

extension SystemCalls {
    /// The inode `path` names now (without following a symbolic link), or nil if it does not exist.
    static func inodeIfPresent(_ path: String) throws(PageStoreError) -> UInt64? {
        var info = stat()
        if lstat(path, &info) == 0 { return UInt64(info.st_ino) }
        let code = errno
        if code == ENOENT { return nil }
        throw PageStoreError.io(path: path, errno: code)
    }
}
