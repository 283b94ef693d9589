#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why `Platform.openRegularFile(_:beneath:)` opened nothing.
package enum BeneathOpenFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path, or a symbolic link on the way, leads out of the folder (`..` past it, an absolute link). The
    /// reason names no path outside the folder: it may reach a client (a stub's 500).
    case leavesFolder(String)
    /// More than `Platform.maxLinksBeneath` symbolic links on the way (a loop, most likely).
    case tooManyLinks
    /// It names something other than a regular file (a FIFO, a socket, a device, a folder): never read,
    /// never waited on.
    case notRegularFile(FileKind)
    /// The system's refusal (no such file, permission denied, …).
    case system(SystemError)

    package var description: String {
        switch self {
        case .leavesFolder(let why): "it leads out of its folder (\(why))"
        case .tooManyLinks: "more than \(Platform.maxLinksBeneath) symbolic links on the way"
        case .notRegularFile(let kind): "it is \(kind), not a regular file"
        case .system(let error): "\(error)"
        }
    }
}

/// Files a user's folder holds, opened so that nothing planted in it reaches outside it or stalls a thread.
extension Platform {
    /// The most symbolic links followed on one path beneath a folder.
    package static let maxLinksBeneath = 16

    /// Opens the regular file `relativePath` beneath the folder `root` for reading, and returns its descriptor.
    ///
    /// Each name on the way is opened relative to the folder before it with `O_NOFOLLOW`, so the kernel never
    /// follows a symbolic link for us: a link is read (`readlinkat`) and followed here only while it stays
    /// inside `root` (a relative target whose `..` never climbs past `root`); an absolute target, or `..`
    /// past `root`, is refused. The file is opened with `O_NONBLOCK` (a FIFO with no writer does not hold the
    /// thread in `open`) and refused unless `fstat` says regular file, so a FIFO, socket or device is never
    /// read. A rename racing with the walk cannot lead out either: every step is relative to a descriptor
    /// already inside. `root` itself is the user's choice and is opened as named.
    package static func openRegularFile(_ relativePath: String, beneath root: String) throws(BeneathOpenFailure) -> Int32 {
        let rootFD: Int32
        do {
            rootFD = try open(root, [.readOnly, .directory, .nonBlocking])
        } catch {
            throw .system(error)
        }
        // The folders walked so far; the last is where the next name is opened. Each is closed on the way out.
        var folders = [rootFD]
        defer { for fd in folders { close(fd) } }
        var pending = Array(relativePath.split(separator: "/", omittingEmptySubsequences: true).reversed().map(String.init))
        var links = 0
        while let name = pending.popLast() {
            if name == "." { continue }
            if name == ".." {
                guard folders.count > 1 else { throw .leavesFolder("'..' climbs out of it") }
                close(folders.removeLast())
                continue
            }
            let isLast = pending.isEmpty
            let flags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (isLast ? 0 : O_DIRECTORY)
            let fd = Syscall.open(at: folders[folders.count - 1], name, flags)
            if fd >= 0 {
                if isLast { return try regularFile(fd, path: relativePath) }
                folders.append(fd)
                continue
            }
            let code = errno
            if code == EINTR {
                pending.append(name)
                continue
            }
            // O_NOFOLLOW on a link: ELOOP on Linux and Darwin (EMLINK on some BSDs; O_DIRECTORY may say ENOTDIR).
            guard code == ELOOP || code == EMLINK || code == ENOTDIR,
                let target = linkTarget(name, in: folders[folders.count - 1])
            else {
                throw .system(SystemError("openat", root + "/" + relativePath, errno: code))
            }
            links += 1
            guard links <= maxLinksBeneath else { throw .tooManyLinks }
            guard !target.hasPrefix("/") else { throw .leavesFolder("\(name) is a link to an absolute path") }
            pending += target.split(separator: "/", omittingEmptySubsequences: true).reversed().map(String.init)
        }
        throw .notRegularFile(.directory)  // the path named the root itself
    }

    /// `fd` when it is a regular file (else it is closed and refused).
    private static func regularFile(_ fd: Int32, path: String) throws(BeneathOpenFailure) -> Int32 {
        let status: FileStatus
        do {
            status = try Platform.status(of: fd, subject: path)
        } catch {
            close(fd)
            throw .system(error)
        }
        guard status.kind == .regular else {
            close(fd)
            throw .notRegularFile(status.kind)
        }
        return fd
    }

    /// The target of `name` in the folder `directoryFD` when it is a symbolic link; nil otherwise.
    private static func linkTarget(_ name: String, in directoryFD: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBufferPointer { Syscall.readLink(at: directoryFD, name, $0.baseAddress!, $0.count) }
        guard count > 0, count < buffer.count else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
