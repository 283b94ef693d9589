#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How often and when a page was played.
///
/// Counts are kept in memory and written to `stats/<id>.stats` by the store's 250 ms tick (at most 200 ms
/// of writing a tick, so under heavy load at the pace the disk allows) and on `PageStore.flush()`; a crash
/// may lose the plays not yet written (never the page itself).
package struct PageStats: Sendable, Equatable {
    /// When the page was created.
    package var createdAt: Date
    /// When it was last played; nil if never.
    package var lastAccessAt: Date?
    /// How many times it was played.
    package var totalAccess: Int

    /// Stats from their parts.
    package init(createdAt: Date, lastAccessAt: Date?, totalAccess: Int) {
        self.createdAt = createdAt
        self.lastAccessAt = lastAccessAt
        self.totalAccess = totalAccess
    }
}
