import ShortcutPlatform

extension PageStoreError {
    /// A failed system call as the store reports it: the path it worked on and the raw `errno`, so a user
    /// reads `path: strerror` whichever call failed.
    init(_ error: SystemError) { self = .io(path: error.subject ?? error.call, errno: error.errno) }
}

/// The file operations the store makes, over the platform layer (`Platform`, which retries `EINTR` and
/// names the call), each throwing `PageStoreError.io` with the path it worked on and the raw `errno`.
enum StoreIO {
    /// Runs a platform call, its error turned into the store's.
    @inline(__always)
    static func io<Result>(_ body: () throws(SystemError) -> Result) throws(PageStoreError) -> Result {
        do {
            return try body()
        } catch {
            throw PageStoreError(error)
        }
    }

    /// Opens `path` (always close-on-exec) and returns the descriptor.
    static func open(_ path: String, _ options: OpenOptions) throws(PageStoreError) -> Int32 {
        try io { () throws(SystemError) in try Platform.open(path, options) }
    }

    /// Closes a descriptor (errors ignored: see `Platform.close`).
    static func close(_ fd: Int32) { Platform.close(fd) }

    /// Writes all of `bytes`, continuing after short writes.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(PageStoreError) {
        try io { () throws(SystemError) in try Platform.writeAll(fd, bytes, subject: path) }
    }

    /// Reads the file at `path` if it is a regular file of at most `limit` bytes; see `FileRead`.
    ///
    /// Opened with `[.nonBlocking]` (a FIFO would otherwise wait for a writer, forever: a hung read holds the
    /// id's lock and a server that cannot stop), then checked with `fstat` on the open file (no gap for
    /// a swap) and its size compared with `limit` before any memory is taken (a 100 GB sparse file).
    static func readRegularFile(_ path: String, limit: Int) throws(PageStoreError) -> FileRead {
        let fd: Int32
        do {
            fd = try open(path, [.readOnly, .noFollow, .nonBlocking, .noControllingTerminal])
        } catch {
            if case .io(_, let code) = error, code == Errno.noSuchFileOrDirectory { return .missing }
            throw error
        }
        defer { close(fd) }
        let status = try io { () throws(SystemError) in try Platform.status(of: fd, subject: path) }
        let version = FileVersion(status)
        guard status.kind == .regular else { return .refused(reason: "not a regular file (\(status.kind))", version) }
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
            let count = try io { () throws(SystemError) in try Platform.read(fd, into: &chunk, upTo: wanted, subject: path) }
            if count == 0 { return .read(result, version) }
            result.append(contentsOf: chunk[0..<count])
        }
        return .refused(reason: "the file grew beyond the limit of \(limit) bytes while it was read", version)
    }

    /// The version of an open file.
    static func version(of fd: Int32, path: String) throws(PageStoreError) -> FileVersion {
        FileVersion(try io { () throws(SystemError) in try Platform.status(of: fd, subject: path) })
    }

    /// The version of the file `name` in the folder open as `directoryFD` (a symbolic link itself, not
    /// what it points to), or nil if there is none.
    static func version(of name: String, in directoryFD: Int32, path: String) throws(PageStoreError) -> FileVersion? {
        try io { () throws(SystemError) in
            try Platform.linkStatusIfPresent(named: name, in: directoryFD, path: path).map(FileVersion.init)
        }
    }

    /// The inode number of an open file.
    static func inode(of fd: Int32, path: String) throws(PageStoreError) -> UInt64 {
        try io { () throws(SystemError) in try Platform.status(of: fd, subject: path).inode }
    }

    /// Flushes a file's data and metadata to stable storage (`Platform.synchronize`: `F_FULLFSYNC` on
    /// Darwin, whose `fsync` leaves the data in the drive's cache).
    static func fsync(_ fd: Int32, path: String) throws(PageStoreError) {
        try io { () throws(SystemError) in try Platform.synchronize(fd, subject: path) }
    }

    /// `fsync` without Darwin's drive-cache flush (`Platform.synchronizeOrdered`), for a batch whose last
    /// step is one `fsync` of the folder that makes it all durable.
    static func fsyncOrdered(_ fd: Int32, path: String) throws(PageStoreError) {
        try io { () throws(SystemError) in try Platform.synchronizeOrdered(fd, subject: path) }
    }

    /// Tries to take an exclusive `flock` without waiting; false when another open file holds it.
    static func tryLockExclusive(_ fd: Int32, path: String) throws(PageStoreError) -> Bool {
        try io { () throws(SystemError) in try Platform.tryLockExclusive(fd, subject: path) }
    }

    /// Takes an exclusive `flock`, waiting for other holders.
    static func lockExclusive(_ fd: Int32, path: String) throws(PageStoreError) {
        try io { () throws(SystemError) in try Platform.lockExclusive(fd, subject: path) }
    }

    /// Releases a `flock`.
    static func unlock(_ fd: Int32) { Platform.unlock(fd) }

    /// Renames `from` to `to`, replacing `to` atomically.
    static func rename(_ from: String, _ to: String) throws(PageStoreError) {
        try io { () throws(SystemError) in try Platform.rename(from, to) }
    }

    /// Makes a second name `to` for `from`; fails with `EEXIST` if `to` exists (an atomic "create new").
    static func link(_ from: String, _ to: String) throws(PageStoreError) {
        try io { () throws(SystemError) in try Platform.link(from, to) }
    }

    /// Removes a name; returns false when it did not exist.
    @discardableResult
    static func unlink(_ path: String) throws(PageStoreError) -> Bool {
        try io { () throws(SystemError) in try Platform.unlink(path) }
    }

    /// Creates a directory (and its parents) unless it exists; a directory it creates is made durable
    /// by syncing its parent, so the first record written inside cannot vanish with it in a crash.
    static func makeDirectories(_ path: String) throws(PageStoreError) {
        // A file in the way: said naming it (the first `mkdir` to fail names the part after it).
        if let file = fileInPath(path) { throw PageStoreError.notAFolder(path: path, file: file) }
        var parent = "/"
        var prefix = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + component
            if try io({ () throws(SystemError) in try Platform.makeDirectory(prefix) }) {
                let fd = try open(parent, [.readOnly, .directory])
                defer { close(fd) }
                try fsync(fd, path: parent)
            }
            parent = prefix
        }
        let status = try io { () throws(SystemError) in try Platform.status(ofPath: path) }
        if status.kind != .directory { throw PageStoreError.notAFolder(path: path, file: fileInPath(path) ?? path) }
    }

    /// The first of `path` and the folders above it that exists and is not a folder (symbolic links
    /// followed), nil when there is none: what stands where a store folder should be.
    static func fileInPath(_ path: String) -> String? {
        var prefix = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + component
            do {
                if try Platform.status(ofPath: prefix).kind != .directory { return prefix }
            } catch {
                return nil  // missing (or unreadable): nothing here is in the way yet
            }
        }
        return nil
    }

    /// The inode `path` names now (without following a symbolic link), or nil if it does not exist.
    static func inodeIfPresent(_ path: String) throws(PageStoreError) -> UInt64? {
        try io { () throws(SystemError) in try Platform.linkStatusIfPresent(path)?.inode }
    }
}

extension FileVersion {
    /// The version a file's status describes.
    init(_ status: FileStatus) {
        self.init(inode: status.inode, changedNanoseconds: status.changedNanoseconds, size: status.size)
    }
}
