extension PageStore {
    /// How a store may use its folder.
    package enum Access: Sendable, Equatable {
        /// Read and write; the folder is made if it is missing (a server, `add`).
        case createIfMissing
        /// Read and write a store that exists (`rm`); a missing one is `noStore`.
        case existing
        /// Read only, and never make or change a file (`list`, `show`); a missing store is `noStore`.
        case readOnly
    }

    /// Whether nothing can be written: opened `readOnly`, or its folder cannot be written (a read-only
    /// mount, no write permission). Pages are still served and listed; writes throw `readOnly`, and play
    /// counts stay in memory.
    package var isReadOnly: Bool { readOnlyReason != nil }

    /// Throws `readOnly` when the store cannot be written.
    func requireWritable() throws(PageStoreError) {
        if let readOnlyReason { throw PageStoreError.readOnly(path: directory.path, reason: readOnlyReason) }
    }
}
