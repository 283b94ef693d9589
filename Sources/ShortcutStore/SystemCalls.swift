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

    /// Reads the file at `path` if it is a regular file of at most `limit` bytes; see `FileRead`.
    ///
    /// Opened with `O_NONBLOCK` (a FIFO would otherwise wait for a writer, forever: a hung read holds the
    /// id's lock and a server that cannot stop), then checked with `fstat` on the open file (no gap for
    /// a swap) and its size compared with `limit` before any memory is taken (a 100 GB sparse file).
    static func readRegularFile(_ path: String, limit: Int) throws(PageStoreError) -> FileRead {
        let fd: Int32
        do {
            fd = try open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY)
        } catch {
            if case .io(_, let code) = error, code == ENOENT { return .missing }
            throw error
        }
        defer { close(fd) }
        var info = stat()
        _ = try retryingEINTR(path) { fstat(fd, &info) }
        let version = Self.version(info)
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG else { return .refused(reason: "not a regular file (\(kindName(kind)))", version) }
        guard version.size <= Int64(limit) else {
            return .refused(reason: "the file is \(version.size) bytes; the limit is \(limit)", version)
        }
        // The file may grow after `fstat` (someone appending to it): never read more than `limit` + 1 bytes.
        let cap = limit < Int.max ? limit + 1 : limit
        let expected = Int(version.size) < cap ? Int(version.size) + 1 : cap  // + 1 to see the end at once
        var result: [UInt8] = []
        result.reserveCapacity(expected)
        var chunk = [UInt8](repeating: 0, count: max(4096, min(expected, 1 << 20)))
        while result.count < cap {
            let wanted = min(chunk.count, cap - result.count)
            let count = try retryingEINTR(path) {
                chunk.withUnsafeMutableBytes { raw in read(fd, raw.baseAddress, wanted) }
            }
            if count == 0 { return .read(result, version) }
            result.append(contentsOf: chunk[0..<count])
        }
        return .refused(reason: "the file grew beyond the limit of \(limit) bytes while it was read", version)
    }

    /// A file type from `st_mode`, for messages.
    private static func kindName(_ kind: mode_t) -> String {
        switch kind {
        case S_IFIFO: return "a FIFO"
        case S_IFDIR: return "a directory"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "file type \(String(kind, radix: 8))"
        }
    }

    /// The version `stat` describes.
    static func version(_ info: stat) -> FileVersion {
        #if canImport(Darwin)
        let changed = info.st_ctimespec
        #else
        let changed = info.st_ctim
        #endif
        return FileVersion(
            inode: UInt64(info.st_ino),
            changedNanoseconds: Int64(changed.tv_sec) * 1_000_000_000 + Int64(changed.tv_nsec),
            size: Int64(info.st_size))
    }

    /// The version of an open file.
    static func version(of fd: Int32, path: String) throws(PageStoreError) -> FileVersion {
        var info = stat()
        _ = try retryingEINTR(path) { fstat(fd, &info) }
        return version(info)
    }

    /// The version of the file `name` in the folder open as `directoryFD` (a symbolic link itself, not
    /// what it points to), or nil if there is none.
    static func version(of name: String, in directoryFD: Int32, path: String) throws(PageStoreError) -> FileVersion? {
        var info = stat()
        while fstatat(directoryFD, name, &info, AT_SYMLINK_NOFOLLOW) != 0 {
            let code = errno
            if code == ENOENT { return nil }
            if code != EINTR { throw PageStoreError.io(path: path + "/" + name, errno: code) }
        }
        return version(info)
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
