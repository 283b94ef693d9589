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
        case good(Summary)
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

    /// What a read record leaves in the index, in a box of its own: inline, its 80-byte summary made every
    /// entry 144 bytes, read or not, and the index of 100,000 records (262,144 buckets at the dictionary's
    /// 3/4 load) 42 MB; boxed, an entry is 56 bytes and only read records pay for their summary.
    final class Summary: Sendable {
        let page: PageSummary
        let expiresAt: Date?

        init(_ page: PageSummary, expiresAt: Date?) {
            self.page = page
            self.expiresAt = expiresAt
        }
    }

    /// Whether the record is known to be invalid.
    var isCorrupt: Bool {
        if case .corrupt = state { return true }
        return false
    }
}
