#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Crash-safe file replacement: write a temp file, `fsync` it, rename (or link) it over the target,
/// `fsync` the directory. A reader sees the old file or the new one, never a torn one, and once
/// `write` returns the new file survives a crash.
///
/// A writer holds an exclusive `flock` on its temp file until it is done, so `sweepTemporaryFiles` can
/// tell a crashed writer's leftover (lockable) from a live writer's file in another process (locked).
enum DurableFile {
    /// Temp files start with this; ids never contain a dot, so no record is ever mistaken for one.
    static let temporaryPrefix = ".tmp-"

    /// How the new file meets an existing one.
    enum Mode {
        /// Replace it atomically (`rename`).
        case replace
        /// Fail with `EEXIST` if it exists (`link`, atomic across processes).
        case createNew
    }

    /// Writes `bytes` as `name` in `directory` and returns the new file's inode.
    /// - Parameters:
    ///   - directoryFD: an open descriptor of `directory`, used to `fsync` it.
    ///   - durable: false skips both `fsync`s (for data that may be lost in a crash).
    ///   - syncDirectory: false skips only the directory's `fsync`, for a caller that writes several files
    ///     and syncs the directory once at the end.
    ///   - link: `link(2)`, replaceable so that tests can play a file system without hard links.
    static func write(
        _ bytes: [UInt8], named name: String, in directory: String, directoryFD: Int32, mode: Mode, durable: Bool,
        syncDirectory: Bool = true, link: (String, String) throws(PageStoreError) -> Void = SystemCalls.link
    ) throws(PageStoreError) -> UInt64 {
        let finalPath = directory + "/" + name
        for _ in 0..<16 {
            let tempPath = directory + "/" + temporaryPrefix + "\(getpid())-" + SHA256.hex(randomBytes(8))
            let fd: Int32
            do {
                fd = try SystemCalls.open(tempPath, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW)
            } catch {
                if case .io(_, let code) = error, code == EEXIST { continue }
                throw error
            }
            defer { SystemCalls.close(fd) }
            // Between open and flock another process's sweep may have taken the file for a leftover and
            // removed it; then start again under a new name.
            guard try SystemCalls.tryLockExclusive(fd, path: tempPath), try isStillNamed(tempPath, fd: fd) else {
                continue
            }
            do {
                try SystemCalls.writeAll(fd, bytes, path: tempPath)
                if durable { try SystemCalls.fsync(fd, path: tempPath) }
                let inode = try SystemCalls.inode(of: fd, path: tempPath)
                switch mode {
                case .replace:
                    try SystemCalls.rename(tempPath, finalPath)
                case .createNew:
                    try linkNew(tempPath, finalPath, link: link)
                    removeLeftover(tempPath)
                }
                if durable && syncDirectory { try SystemCalls.fsync(directoryFD, path: directory) }
                return inode
            } catch {
                removeLeftover(tempPath)
                throw error
            }
        }
        // Sixteen fresh random names were all taken or swept away: give up rather than spin.
        throw PageStoreError.io(path: directory, errno: EAGAIN)
    }

    /// Removes `name` from `directory` durably; false if it was not there.
    static func remove(named name: String, in directory: String, directoryFD: Int32, durable: Bool) throws(PageStoreError)
        -> Bool
    {
        guard try SystemCalls.unlink(directory + "/" + name) else { return false }
        if durable { try SystemCalls.fsync(directoryFD, path: directory) }
        return true
    }

    /// Removes the temp files `entries` in `directory` that no live writer holds; returns one line per
    /// file that could not be examined or removed.
    static func sweepTemporaryFiles(in directory: String, entries: [DirectoryEntry]) -> [String] {
        var problems: [String] = []
        for entry in entries {
            let path = directory + "/" + entry.name
            do {
                let fd = try SystemCalls.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
                defer { SystemCalls.close(fd) }
                if try SystemCalls.tryLockExclusive(fd, path: path) {
                    try SystemCalls.unlink(path)
                }
            } catch {
                if case .io(_, let code) = error, code == ENOENT { continue }  // its writer finished meanwhile
                problems.append("\(error) (a leftover temp file that could not be removed)")
            }
        }
        return problems
    }

    /// `link`, or where the file system has no hard links, a non-atomic check then `rename`.
    private static func linkNew(
        _ tempPath: String, _ finalPath: String, link: (String, String) throws(PageStoreError) -> Void
    ) throws(PageStoreError) {
        do {
            try link(tempPath, finalPath)
        } catch {
            guard case .io(_, let code) = error, meansNoHardLinks(code) else { throw error }
            if access(finalPath, F_OK) == 0 { throw PageStoreError.io(path: finalPath, errno: EEXIST) }
            try SystemCalls.rename(tempPath, finalPath)
        }
    }

    /// Whether `link(2)` failing with `code` means the volume has no hard links (so `rename` must do).
    /// Linux says EPERM (FAT, exFAT), EOPNOTSUPP or ENOSYS; Darwin says ENOTSUP (45; its EOPNOTSUPP is
    /// 102, a different code, unlike Linux where both are 95) on exFAT, FAT and SMB; EMLINK is a file
    /// with too many links already.
    static func meansNoHardLinks(_ code: Int32) -> Bool {
        code == EPERM || code == ENOTSUP || code == EOPNOTSUPP || code == ENOSYS || code == EMLINK
    }

    /// Removes a temp file we no longer need. A failure is left to the sweep at the next start: the
    /// page itself is already written (or already failed), so it must not change the result.
    private static func removeLeftover(_ tempPath: String) {
        do {
            try SystemCalls.unlink(tempPath)
        } catch {
            return
        }
    }

    private static func isStillNamed(_ path: String, fd: Int32) throws(PageStoreError) -> Bool {
        var info = stat()
        if stat(path, &info) != 0 { return false }
        return UInt64(info.st_ino) == (try SystemCalls.inode(of: fd, path: path))
    }

    private static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}
