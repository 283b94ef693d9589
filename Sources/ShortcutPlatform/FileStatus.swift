#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `stat` says about a file, the fields the store looks at, the same on every system.
package struct FileStatus: Sendable, Equatable {
    /// Regular file, folder, FIFO, …
    package var kind: FileKind
    /// The inode number; a file replaced by a rename gets a new one.
    package var inode: UInt64
    /// The size in bytes.
    package var size: Int64
    /// When the contents (a folder's names) last changed, in nanoseconds since 1970.
    package var modifiedNanoseconds: Int64
    /// When the status (inode) last changed, in nanoseconds since 1970.
    package var changedNanoseconds: Int64

    /// Makes a status from its fields.
    package init(kind: FileKind, inode: UInt64, size: Int64, modifiedNanoseconds: Int64, changedNanoseconds: Int64) {
        self.kind = kind
        self.inode = inode
        self.size = size
        self.modifiedNanoseconds = modifiedNanoseconds
        self.changedNanoseconds = changedNanoseconds
    }

    init(_ info: stat) {
        func nanoseconds(_ time: timespec) -> Int64 { Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec) }
        self.init(
            kind: FileKind(rawValue: UInt32(info.st_mode & S_IFMT)), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            modifiedNanoseconds: nanoseconds(Syscall.modificationTime(info)),
            changedNanoseconds: nanoseconds(Syscall.changeTime(info)))
    }
}

/// A file's type, `st_mode & S_IFMT`.
package struct FileKind: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The `S_IFMT` bits.
    package let rawValue: UInt32
    /// Makes a kind from its `S_IFMT` bits.
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `S_IFREG`.
    package static let regular = FileKind(rawValue: UInt32(S_IFREG))
    /// `S_IFDIR`.
    package static let directory = FileKind(rawValue: UInt32(S_IFDIR))
    /// `S_IFIFO`.
    package static let fifo = FileKind(rawValue: UInt32(S_IFIFO))
    /// `S_IFCHR`.
    package static let characterDevice = FileKind(rawValue: UInt32(S_IFCHR))
    /// `S_IFBLK`.
    package static let blockDevice = FileKind(rawValue: UInt32(S_IFBLK))
    /// `S_IFSOCK`.
    package static let socket = FileKind(rawValue: UInt32(S_IFSOCK))
    /// `S_IFLNK`.
    package static let symbolicLink = FileKind(rawValue: UInt32(S_IFLNK))

    /// For messages: `a FIFO`, `a directory`, …, `file type 170000`.
    package var description: String {
        switch self {
        case .regular: return "a regular file"
        case .fifo: return "a FIFO"
        case .directory: return "a directory"
        case .characterDevice: return "a character device"
        case .blockDevice: return "a block device"
        case .socket: return "a socket"
        case .symbolicLink: return "a symbolic link"
        default: return "file type \(String(rawValue, radix: 8))"
        }
    }
}
