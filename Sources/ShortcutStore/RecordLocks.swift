import ShortcutPlatform

/// Locks on record ids that every process using the store shares: an exclusive `flock` on one of
/// `stripeCount` files in `<store>/locks/`, chosen by the id.
///
/// Why: a change that depends on what is on disk ("update if it exists", "remove if the secret matches")
/// must not interleave with a removal or a write by the CLI or a second server on the same store. The
/// store's in-process id locks cannot see other processes; these can. Each holder opens its own
/// descriptor, because a `flock` belongs to an open file: two threads of one process then exclude each
/// other too, and a process that dies lets go at once.
struct RecordLocks: Sendable {
    /// How many lock files there are; ids that share one wait for each other (rarely, and briefly).
    static let stripeCount = 16
    /// `<store>/locks`.
    let path: String

    /// Runs `body` holding the lock for `id`.
    func withLock<T>(_ id: String, _ body: () throws(PageStoreError) -> T) throws(PageStoreError) -> T {
        let file = path + "/" + Self.fileName(stripe: Self.stripe(for: id))
        let fd = try StoreIO.open(file, [.readWrite, .create, .noFollow])
        defer { StoreIO.close(fd) }  // closing the last descriptor of the open file lets the lock go
        try StoreIO.lockExclusive(fd, path: file)
        return try body()
    }

    /// Runs `body` holding the lock for `id` if no one holds it now; nil (and `body` not run) if someone
    /// does. For work that may be put off rather than wait for another writer (an expired record's removal).
    func withLockIfFree<T>(_ id: String, _ body: () throws(PageStoreError) -> T) throws(PageStoreError) -> T? {
        let file = path + "/" + Self.fileName(stripe: Self.stripe(for: id))
        let fd = try StoreIO.open(file, [.readWrite, .create, .noFollow])
        defer { StoreIO.close(fd) }
        guard try StoreIO.tryLockExclusive(fd, path: file) else { return nil }
        return try body()
    }

    /// Makes the lock files that are missing, so that a store always holds the same `stripeCount` files
    /// (not one more after each write that meets a new stripe).
    static func makeFiles(in path: String) throws(PageStoreError) {
        for stripe in 0..<stripeCount {
            let file = path + "/" + fileName(stripe: stripe)
            if Platform.exists(file) { continue }
            StoreIO.close(try StoreIO.open(file, [.readWrite, .create, .noFollow]))
        }
    }

    /// The lock file of a stripe.
    static func fileName(stripe: Int) -> String { "stripe-\(stripe)" }

    /// The stripe of `id`: FNV-1a of its bytes with ASCII letters folded to lower case (so ids that differ
    /// only in case, one file on a case-insensitive file system, share a lock), the same in every process
    /// (unlike `Hasher`, which is seeded per process).
    static func stripe(for id: String) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in id.utf8 {
            let folded = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            hash = (hash ^ UInt32(folded)) &* 16_777_619
        }
        return Int(hash % UInt32(stripeCount))
    }
}
