/// One version of a file, as `fstat` describes it. The inode says which file; the change time and size
/// tell a new file from an old one that got the same inode number: ext4 hands a freed inode number to
/// the next file made, so a record removed and made again usually has the inode of the one removed.
struct FileVersion: Sendable, Equatable {
    /// The inode number.
    var inode: UInt64
    /// The status change time (`st_ctime`) in nanoseconds since 1970: set when the file is made, written,
    /// linked or renamed.
    var changedNanoseconds: Int64
    /// The size in bytes.
    var size: Int64
}

/// What `StoreIO.readRegularFile` found.
enum FileRead {
    /// No file has that name.
    case missing
    /// The file's bytes, and the version they were read from.
    case read([UInt8], FileVersion)
    /// A file not read: not a regular file, or larger than the limit; `reason` says which.
    case refused(reason: String, FileVersion)
}
