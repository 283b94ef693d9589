#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a `PageStore` knows about one record file without holding its body: the one cost per record outside
/// `--cache-bytes`, so it holds only what a lookup, the directory check and the play counts need (64 bytes;
/// a read record's summary is in the budgeted `RecordCache`).
struct IndexEntry: Sendable {
    /// What is known about the file's contents.
    enum State: Sendable, Equatable {
        /// Listed in the directory, not read yet (the store reads records lazily); `servedBefore` when a good
        /// version of the record was read or written here and the file changed since.
        case unread(servedBefore: Bool)
        /// Read and valid (its summary may be in the store's `RecordCache`, within the budget).
        case good
        /// Read and invalid; reported in `problems` and skipped until the file is replaced. `servedBefore`
        /// when a good version of it was read or written here first: the damage happened while running, and
        /// a play answers 500 (the server lost a record it served), not 404.
        case corrupt(servedBefore: Bool)

        /// Listed, not read yet, never served here.
        static let listed = State.unread(servedBefore: false)

        /// Whether a good version of the record was read or written here (now or before its file changed).
        var servedBefore: Bool {
            switch self {
            case .good: true
            case .unread(let served), .corrupt(let served): served
            }
        }
    }

    /// The file's inode when last seen; a different inode in the directory means another process
    /// replaced the record.
    var inode: UInt64
    /// The store's mutation counter when this process last wrote or read the entry; 0 when it came from
    /// a directory scan. A scan that started before this value was set must not undo it.
    var generation: UInt64
    /// Plays counted since the last flush, waiting to be written to `stats/<id>.stats`. Here rather than
    /// in a table of their own: under random plays of 100,000 records the flush (a file per record) fell
    /// behind, and that table held every record, twice while a flush ran (21 MB; issue 15). Here they cost
    /// 16 bytes an entry, always.
    var pending: PendingStats
    /// The version of the file this process read or wrote; nil when only listed. A file of the same inode
    /// but another version is another record (ext4 reuses inode numbers at once).
    var version: FileVersion?
    /// The file's known contents. Last, so that its byte fills the optional version's padding.
    var state: State

    /// An entry; `pending` carries the plays of the entry it replaces, which a new version of the file
    /// does not undo.
    init(inode: UInt64, generation: UInt64, state: State, version: FileVersion? = nil, pending: PendingStats = PendingStats()) {
        self.inode = inode
        self.generation = generation
        self.pending = pending
        self.version = version
        self.state = state
    }

    /// Whether the record is known to be invalid.
    var isCorrupt: Bool {
        if case .corrupt = state { return true }
        return false
    }

    /// Whether the record is listed but not read yet.
    var isUnread: Bool {
        if case .unread = state { return true }
        return false
    }
}
