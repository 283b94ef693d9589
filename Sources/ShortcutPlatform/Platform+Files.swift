#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How `Platform.open` opens a file (`O_…` flags; close-on-exec is always added).
package struct OpenOptions: OptionSet, Sendable {
    /// The `O_…` bits.
    package let rawValue: Int32
    /// Makes options from `O_…` bits.
    package init(rawValue: Int32) { self.rawValue = rawValue }

    /// `O_RDONLY` (no bits: the default).
    package static let readOnly = OpenOptions(rawValue: O_RDONLY)
    /// `O_WRONLY`.
    package static let writeOnly = OpenOptions(rawValue: O_WRONLY)
    /// `O_RDWR`.
    package static let readWrite = OpenOptions(rawValue: O_RDWR)
    /// `O_CREAT`.
    package static let create = OpenOptions(rawValue: O_CREAT)
    /// `O_EXCL`: with `create`, fail with `EEXIST` if the file exists.
    package static let exclusive = OpenOptions(rawValue: O_EXCL)
    /// `O_NOFOLLOW`: fail on a symbolic link.
    package static let noFollow = OpenOptions(rawValue: O_NOFOLLOW)
    /// `O_NONBLOCK`: a FIFO does not wait for a writer.
    package static let nonBlocking = OpenOptions(rawValue: O_NONBLOCK)
    /// `O_NOCTTY`: a terminal does not become the controlling one.
    package static let noControllingTerminal = OpenOptions(rawValue: O_NOCTTY)
    /// `O_DIRECTORY`: fail unless a folder.
    package static let directory = OpenOptions(rawValue: O_DIRECTORY)
}

/// Files and folders. Each call's error names the path it worked on.
extension Platform {
    /// Opens `path` and returns the descriptor.
    package static func open(_ path: String, _ options: OpenOptions, mode: UInt32 = 0o644) throws(SystemError) -> Int32 {
        try retryingEINTR("open", path) { Syscall.open(path, options.rawValue | O_CLOEXEC, mode_t(mode)) }
    }

    /// The status of an open file.
    package static func status(of fd: Int32, subject: @autoclosure () -> String? = nil) throws(SystemError) -> FileStatus {
        var info = stat()
        _ = try retryingEINTR("fstat", subject()) { Syscall.status(fd, &info) }
        return FileStatus(info)
    }

    /// The status of what `path` names, following a symbolic link.
    package static func status(ofPath path: String) throws(SystemError) -> FileStatus {
        var info = stat()
        _ = try retryingEINTR("stat", path) { Syscall.status(path, &info) }
        return FileStatus(info)
    }

    /// The status of what `path` names (a symbolic link itself, not what it points to), or nil if nothing.
    package static func linkStatusIfPresent(_ path: String) throws(SystemError) -> FileStatus? {
        var info = stat()
        do {
            _ = try retryingEINTR("lstat", path) { Syscall.linkStatus(path, &info) }
        } catch {
            if error.errno == ENOENT { return nil }
            throw error
        }
        return FileStatus(info)
    }

    /// The status of `name` in the folder open as `directoryFD` (a symbolic link itself), or nil if there is
    /// no such name; errors name `path/name`.
    package static func linkStatusIfPresent(named name: String, in directoryFD: Int32, path: String) throws(SystemError)
        -> FileStatus?
    {
        var info = stat()
        do {
            _ = try retryingEINTR("fstatat", path + "/" + name) { Syscall.linkStatus(directoryFD, name, &info) }
        } catch {
            if error.errno == ENOENT { return nil }
            throw error
        }
        return FileStatus(info)
    }

    /// Flushes a file's data and metadata to stable storage: `fcntl(F_FULLFSYNC)` where the system has it
    /// (Darwin, see `Syscall.fullSync`), else `fsync`.
    package static func synchronize(_ fd: Int32, subject: @autoclosure () -> String? = nil) throws(SystemError) {
        try synchronize(fd, subject: subject(), full: Syscall.fullSync, plain: Syscall.sync)
    }

    /// A new regular file in the folder open as `directoryFD`, open for writing, that has no name yet
    /// (Linux's `O_TMPFILE`): no listing shows it until `nameUnnamedFile` links it in, so nothing sees a
    /// half-written file under any name. nil where the system or the file system has none (Darwin, some
    /// network file systems): write a named temp file then.
    package static func openUnnamedFile(in directoryFD: Int32, subject: @autoclosure () -> String? = nil) throws(SystemError) -> Int32? {
        while true {
            let fd = Syscall.openUnnamed(directoryFD)
            if fd >= 0 { return fd }
            let code = Syscall.lastError()
            switch code {
            case EINTR: continue
            case EOPNOTSUPP, EISDIR, EINVAL, ENOENT: return nil
            default: throw SystemError("open O_TMPFILE", subject(), errno: code)
            }
        }
    }

    /// Gives the unnamed file `fd` the name `name` in the folder `directoryFD`; throws `EEXIST` when the
    /// name is taken, and `ENOENT` where `/proc` is not mounted (the caller then writes a named temp file).
    package static func nameUnnamedFile(_ fd: Int32, as name: String, in directoryFD: Int32, subject: @autoclosure () -> String? = nil)
        throws(SystemError)
    {
        _ = try retryingEINTR("linkat", subject()) { Syscall.linkUnnamed(fd, directoryFD, name) }
    }

    /// `fsync` alone: on Darwin the data reaches the drive, in order, but may wait in its cache until the
    /// next full sync of the volume (`synchronize`, F_FULLFSYNC, flushes the whole drive's cache); on Linux
    /// the same as `synchronize`. For a batch of files made durable by one full sync at its end.
    package static func synchronizeOrdered(_ fd: Int32, subject: @autoclosure () -> String? = nil) throws(SystemError) {
        try synchronize(fd, subject: subject(), full: nil, plain: Syscall.sync)
    }

    /// `full`, or `plain` when there is no `full` or it fails (for any reason, as SQLite does: a failed
    /// full sync is never worse than a plain one; volumes without F_FULLFSYNC, some network and FUSE file
    /// systems, fail it). EINTR is retried for each.
    package static func synchronize(
        _ fd: Int32, subject: @autoclosure () -> String?, full: ((Int32) -> Int32)?, plain: (Int32) -> Int32
    ) throws(SystemError) {
        if let full {
            do {
                _ = try retryingEINTR("fcntl F_FULLFSYNC", subject()) { full(fd) }
                return
            } catch {
                // Fall through to the plain sync.
            }
        }
        _ = try retryingEINTR("fsync", subject()) { plain(fd) }
    }

    /// Tries to take an exclusive `flock` without waiting; false when another open file holds it.
    package static func tryLockExclusive(_ fd: Int32, subject: @autoclosure () -> String? = nil) throws(SystemError) -> Bool {
        do {
            _ = try retryingEINTR("flock", subject()) { Syscall.lock(fd, LOCK_EX | LOCK_NB) }
            return true
        } catch {
            if error.errno == EWOULDBLOCK || error.errno == EAGAIN { return false }
            throw error
        }
    }

    /// Takes an exclusive `flock`, waiting for other holders.
    package static func lockExclusive(_ fd: Int32, subject: @autoclosure () -> String? = nil) throws(SystemError) {
        _ = try retryingEINTR("flock", subject()) { Syscall.lock(fd, LOCK_EX) }
    }

    /// Releases a `flock`.
    package static func unlock(_ fd: Int32) { _ = Syscall.lock(fd, LOCK_UN) }

    /// Renames `from` to `to`, replacing `to` atomically; errors name `to`.
    package static func rename(_ from: String, _ to: String) throws(SystemError) {
        _ = try retryingEINTR("rename", to) { Syscall.rename(from, to) }
    }

    /// Makes a second name `to` for `from`; fails with `EEXIST` if `to` exists (an atomic "create new").
    package static func link(_ from: String, _ to: String) throws(SystemError) {
        _ = try retryingEINTR("link", to) { Syscall.link(from, to) }
    }

    /// Removes a name; returns false when it did not exist.
    @discardableResult
    package static func unlink(_ path: String) throws(SystemError) -> Bool {
        do {
            _ = try retryingEINTR("unlink", path) { Syscall.unlink(path) }
            return true
        } catch {
            if error.errno == ENOENT { return false }
            throw error
        }
    }

    /// Makes the folder `path`; returns false when something by that name exists already.
    package static func makeDirectory(_ path: String, mode: UInt32 = 0o755) throws(SystemError) -> Bool {
        do {
            _ = try retryingEINTR("mkdir", path) { Syscall.makeDirectory(path, mode_t(mode)) }
            return true
        } catch {
            if error.errno == EEXIST { return false }
            throw error
        }
    }

    /// Whether anything exists at `path` (`access(F_OK)`).
    package static func exists(_ path: String) -> Bool { Syscall.access(path, F_OK) == 0 }

    /// Throws unless the process may write in `path` (`access(W_OK)`, which asks with the real ids: root is
    /// refused only by a read-only file system).
    package static func checkWritable(_ path: String) throws(SystemError) {
        _ = try retryingEINTR("access", path) { Syscall.access(path, W_OK) }
    }

    /// Calls `visit` with the raw bytes of each name in the folder `path` (without `.` and `..`) and its
    /// inode, in directory order (`readdir`, so no `stat` per file). Raw bytes let a caller classify 100,000
    /// names without making a `String` for each.
    package static func scanDirectory(_ path: String, _ visit: (UnsafeBufferPointer<UInt8>, UInt64) -> Void)
        throws(SystemError)
    {
        guard let handle = Syscall.openDirectory(path) else { throw SystemError("opendir", path, errno: errno) }
        defer { Syscall.closeDirectory(handle) }
        while true {
            errno = 0
            guard let entry = Syscall.readDirectory(handle) else {
                if errno != 0 { throw SystemError("readdir", path, errno: errno) }
                return
            }
            let inode = UInt64(entry.pointee.d_ino)
            withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                let capacity = MemoryLayout.size(ofValue: tuple.pointee)
                tuple.withMemoryRebound(to: UInt8.self, capacity: capacity) { bytes in
                    var length = 0
                    while length < capacity && bytes[length] != 0 { length += 1 }
                    if length == 1 && bytes[0] == 0x2e { return }
                    if length == 2 && bytes[0] == 0x2e && bytes[1] == 0x2e { return }
                    visit(UnsafeBufferPointer(start: bytes, count: length), inode)
                }
            }
        }
    }
}
