/// `--cache-bytes`: the one budget for everything the server keeps in memory for speed, and the rule
/// that splits it. Outside it: the store's index of records (140 to 280 bytes per record, measured in
/// docs/server.md) and what a request in flight holds.
///
/// The split: half for the store (`RecordCache`: whole pages, what `/v3/<id>`, `/p/<id>` and the APIs read,
/// in three quarters of it; list summaries in the last quarter), half for prepared answers (redirects,
/// plays, web clips, offline-page assets and QR images, built from those pages and kept in one LRU so the
/// kinds in use take the room). Pages get half, not all the room they could use, because an answer built
/// from a page outlives the page's own entry only while it is hot.
package struct CacheBudget: Sendable, Equatable {
    /// The default: 64 MiB.
    package static let defaultBytes = 64 << 20

    /// The whole budget, in bytes.
    package let bytes: Int

    /// A budget of `bytes` (0: nothing is cached).
    package init(bytes: Int = CacheBudget.defaultBytes) {
        self.bytes = max(0, bytes)
    }

    /// The store's share (pages and their summaries).
    package var storeBytes: Int { bytes / 2 }
    /// The prepared answers' share (what is left: the two shares add up to `bytes`).
    package var answerBytes: Int { bytes - storeBytes }
}
