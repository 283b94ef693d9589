#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a `PageStore` knows about one record file without holding its body.
struct IndexEntry: Sendable {
    /// What is known about the file's contents.
    enum State: Sendable {
        /// Listed in the directory, not read yet (the store reads records lazily).
        case unread
        /// Read and valid; the summary serves `list()` without reading the file again.
        case good(PageSummary, expiresAt: Date?)
        /// Read and invalid; reported in `problems` and skipped until the file is replaced.
        case corrupt
    }

    /// The file's inode when last seen; a different inode in the directory means another process
    /// replaced the record.
    var inode: UInt64
    /// The store's mutation counter when this process last wrote or read the entry; 0 when it came from
    /// a directory scan. A scan that started before this value was set must not undo it.
    var generation: UInt64
    /// The file's known contents.
    var state: State
    /// The version of the file this process read or wrote; nil when only listed. A file of the same inode
    /// but another version is another record (ext4 reuses inode numbers at once).
    var version: FileVersion? = nil

    /// Whether the record is known to be invalid.
    var isCorrupt: Bool {
        if case .corrupt = state { return true }
        return false
    }
}
