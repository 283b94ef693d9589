import HTTPVocabulary
import ShortcutPlatform

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

    /// Writes `bytes` as `name` in `directory` and returns the new file's version as it stands once named
    /// (a rename or link changes its change time), so a later `fstatat` of the name finds the same.
    /// - Parameters:
    ///   - directoryFD: an open descriptor of `directory`, used to `fsync` it.
    ///   - durable: false skips both `fsync`s (for data that may be lost in a crash).
    ///   - syncDirectory: false skips the directory's `fsync` and makes the file's an ordered one (no drive
    ///     cache flush on Darwin, `StoreIO.fsyncOrdered`), for a caller that writes several files and syncs
    ///     the directory once at the end: that one full sync makes them all durable (one F_FULLFSYNC a
    ///     batch on Darwin, where each costs milliseconds).
    ///   - unnamed: write the file without a name first where the system can (`writeUnnamed`); false: always
    ///     a named temp file (tests of that path).
    ///   - link: `link(2)`, replaceable so that tests can play a file system without hard links.
    static func write(
        _ bytes: [UInt8], named name: String, in directory: String, directoryFD: Int32, mode: Mode, durable: Bool,
        syncDirectory: Bool = true, unnamed: Bool = true, link: (String, String) throws(PageStoreError) -> Void = StoreIO.link
    ) throws(PageStoreError) -> FileVersion {
        let finalPath = directory + "/" + name
        if unnamed,
            let version = try writeUnnamed(
                bytes, named: name, in: directory, directoryFD: directoryFD, mode: mode,
                durable: durable, syncDirectory: syncDirectory)
        {
            return version
        }
        for _ in 0..<16 {
            let tempPath = directory + "/" + temporaryPrefix + "\(Platform.processID)-" + SHA256.hex(SecureRandom.bytes(8))
            let fd: Int32
            do {
                fd = try StoreIO.open(tempPath, [.writeOnly, .create, .exclusive, .noFollow])
            } catch {
                if case .io(_, let code) = error, code == Errno.fileExists { continue }
                throw error
            }
            defer { StoreIO.close(fd) }
            // Between open and flock another process's sweep may have taken the file for a leftover and
            // removed it; then start again under a new name.
            guard try StoreIO.tryLockExclusive(fd, path: tempPath), try isStillNamed(tempPath, fd: fd) else {
                continue
            }
            do {
                try StoreIO.writeAll(fd, bytes, path: tempPath)
                if durable {
                    if syncDirectory { try StoreIO.fsync(fd, path: tempPath) } else { try StoreIO.fsyncOrdered(fd, path: tempPath) }
                }
                switch mode {
                case .replace:
                    try StoreIO.rename(tempPath, finalPath)
                case .createNew:
                    try linkNew(tempPath, finalPath, link: link)
                    removeLeftover(tempPath)
                }
                let version = try StoreIO.version(of: fd, path: finalPath)
                if durable && syncDirectory { try StoreIO.fsync(directoryFD, path: directory) }
                return version
            } catch {
                removeLeftover(tempPath)
                throw error
            }
        }
        // Sixteen fresh random names were all taken or swept away: give up rather than spin.
        throw PageStoreError.io(path: directory, errno: Errno.resourceTemporarilyUnavailable)
    }

    /// `write` through a file made without a name (Linux's `O_TMPFILE`): written and synced while no listing
    /// can see it, then linked in as `name` (`createNew`: the link fails if the name is taken, atomically) or
    /// as a temp name renamed over `name` at once (`replace`). A named temp file, by contrast, shows in the
    /// folder for the whole write and sync (a millisecond or more): another program that lists the store
    /// then, a backup or a check such as crash_kill's, sees a file that is neither a record nor gone. nil
    /// where the system or file system has no unnamed files (`write` then names a temp file from the start).
    /// `hook`, for tests, runs once the file is written and synced, before it has a name.
    static func writeUnnamed(
        _ bytes: [UInt8], named name: String, in directory: String, directoryFD: Int32, mode: Mode, durable: Bool,
        syncDirectory: Bool, beforeNaming hook: () -> Void = {}
    ) throws(PageStoreError) -> FileVersion? {
        let finalPath = directory + "/" + name
        let opened: Int32?
        do {
            opened = try Platform.openUnnamedFile(in: directoryFD, subject: directory)
        } catch {
            throw PageStoreError(error)
        }
        guard let fd = opened else { return nil }
        defer { StoreIO.close(fd) }
        // Locked before it has a name, so a sweep in another process never takes it for a crashed writer's.
        guard try StoreIO.tryLockExclusive(fd, path: finalPath) else { return nil }
        try StoreIO.writeAll(fd, bytes, path: finalPath)
        if durable {
            if syncDirectory { try StoreIO.fsync(fd, path: finalPath) } else { try StoreIO.fsyncOrdered(fd, path: finalPath) }
        }
        hook()
        switch mode {
        case .createNew:
            guard try nameUnnamed(fd, as: name, in: directoryFD, path: finalPath) else { return nil }
        case .replace:
            let tempName = temporaryPrefix + "\(Platform.processID)-" + SHA256.hex(SecureRandom.bytes(8))
            let tempPath = directory + "/" + tempName
            guard try nameUnnamed(fd, as: tempName, in: directoryFD, path: tempPath) else { return nil }
            do {
                try StoreIO.rename(tempPath, finalPath)
            } catch {
                removeLeftover(tempPath)
                throw error
            }
        }
        let version = try StoreIO.version(of: fd, path: finalPath)
        if durable && syncDirectory { try StoreIO.fsync(directoryFD, path: directory) }
        return version
    }

    /// Links the unnamed file in; false where that cannot be done here (no /proc, no hard links): the
    /// caller falls back to a named temp file. A taken name throws `EEXIST`, as `link` does.
    private static func nameUnnamed(_ fd: Int32, as name: String, in directoryFD: Int32, path: String) throws(PageStoreError) -> Bool {
        do {
            try Platform.nameUnnamedFile(fd, as: name, in: directoryFD, subject: path)
            return true
        } catch {
            if error.errno == Errno.noSuchFileOrDirectory || meansNoHardLinks(error.errno) || error.errno == Errno.crossDevice {
                return false
            }
            throw PageStoreError(error)
        }
    }

    /// Removes `name` from `directory` durably; false if it was not there.
    static func remove(named name: String, in directory: String, directoryFD: Int32, durable: Bool) throws(PageStoreError)
        -> Bool
    {
        guard try StoreIO.unlink(directory + "/" + name) else { return false }
        if durable { try StoreIO.fsync(directoryFD, path: directory) }
        return true
    }

    /// Removes the temp files `entries` in `directory` that no live writer holds; returns one line per
    /// file that could not be examined or removed.
    static func sweepTemporaryFiles(in directory: String, entries: [DirectoryEntry]) -> [String] {
        var problems: [String] = []
        for entry in entries {
            let path = directory + "/" + entry.name
            do {
                let fd = try StoreIO.open(path, [.readOnly, .noFollow, .nonBlocking])
                defer { StoreIO.close(fd) }
                if try StoreIO.tryLockExclusive(fd, path: path) {
                    try StoreIO.unlink(path)
                }
            } catch {
                if case .io(_, let code) = error, code == Errno.noSuchFileOrDirectory { continue }  // its writer finished meanwhile
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
            if Platform.exists(finalPath) { throw PageStoreError.io(path: finalPath, errno: Errno.fileExists) }
            try StoreIO.rename(tempPath, finalPath)
        }
    }

    /// Whether `link(2)` failing with `code` means the volume has no hard links (so `rename` must do).
    /// Linux says Errno.notPermitted (FAT, exFAT), Errno.operationNotSupported or Errno.noFunction; Darwin says Errno.notSupported (45; its Errno.operationNotSupported is
    /// 102, a different code, unlike Linux where both are 95) on exFAT, FAT and SMB; Errno.tooManyLinks is a file
    /// with too many links already.
    static func meansNoHardLinks(_ code: Int32) -> Bool {
        code == Errno.notPermitted || code == Errno.notSupported || code == Errno.operationNotSupported || code == Errno.noFunction
            || code == Errno.tooManyLinks
    }

    /// Removes a temp file we no longer need. A failure is left to the sweep at the next start: the
    /// page itself is already written (or already failed), so it must not change the result.
    private static func removeLeftover(_ tempPath: String) {
        do {
            try StoreIO.unlink(tempPath)
        } catch {
            return
        }
    }

    private static func isStillNamed(_ path: String, fd: Int32) throws(PageStoreError) -> Bool {
        let named: FileStatus
        do {
            named = try Platform.status(ofPath: path)
        } catch {
            return false  // gone by name (swept by another process): a new name is the safe answer
        }
        return named.inode == (try StoreIO.inode(of: fd, path: path))
    }
}
