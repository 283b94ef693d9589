import Foundation
import Testing

@testable import ShortcutStore

/// The index is the one per-record cost outside `--cache-bytes` (issue 15): an entry is small and the same
/// whether its record was read or not; a read record's summary is kept in the budgeted `RecordCache`.
@Suite struct IndexEntryTests {
    /// 144 bytes with the summary inline, 56 with it boxed in the entry, 48 with it in the cache; 64 with
    /// the plays waiting for a flush, which no longer need a table of their own.
    @Test func anEntryIsAtMostSixtyFourBytes() {
        #expect(MemoryLayout<IndexEntry>.stride <= 64, "\(MemoryLayout<IndexEntry>.stride) bytes")
    }

    @Test func aReadRecordsSummaryIsKeptInTheCacheAndListedWhole() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        let expiry = Date(timeIntervalSinceNow: 3600)
        try store.create(StoredPage.make(id: "kept", body: "body", name: "Kept", expiresAt: expiry))
        let listed = try #require(store.list().first { $0.id == "kept" })
        #expect(listed.name == "Kept" && listed.size == 4)
        #expect(store.withLock { store.index["kept"]?.state } == .good)
        let summary = try #require(store.withLock { store.cache.summary(for: "kept") })
        #expect(summary.page.id == "kept" && summary.expiresAt == expiry)
    }

    /// With no room for summaries, a list reads the records again and still lists each one whole.
    @Test func aStoreWithoutACacheStillListsEveryRecord() throws {
        let folder = try TemporaryFolder()
        let writer = try PageStore(directory: folder.url)
        for index in 0..<20 { try writer.create(StoredPage.make(id: "p\(index)", body: String(repeating: "x", count: index))) }
        let store = try PageStore(directory: folder.url, cacheBudgetBytes: 0)
        for _ in 0..<2 {
            let listed = store.list()
            #expect(listed.map(\.id).sorted() == (0..<20).map { "p\($0)" }.sorted())
            #expect(Set(listed.map(\.size)) == Set(0..<20))
        }
        #expect(store.cachedBytes == 0)
    }
}
