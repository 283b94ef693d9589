import Foundation
import Testing

@testable import ShortcutStore

/// The index is the one per-record cost outside `--cache-bytes` (issue 15): an entry stays small whether
/// its record was read or not, and a read record's summary comes back whole from its box.
@Suite struct IndexEntryTests {
    /// 144 bytes when the summary was inline (42 MB of buckets for 100,000 records); 56 now.
    @Test func anEntryIsAtMostSixtyFourBytes() {
        #expect(MemoryLayout<IndexEntry>.stride <= 64, "\(MemoryLayout<IndexEntry>.stride) bytes")
    }

    @Test func aReadRecordsSummaryIsKeptWhole() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        let expiry = Date(timeIntervalSinceNow: 3600)
        try store.create(StoredPage.make(id: "kept", body: "body", name: "Kept", expiresAt: expiry))
        let listed = try #require(store.list().first { $0.id == "kept" })
        #expect(listed.name == "Kept" && listed.size == 4)
        guard case .good(let summary)? = store.withLock({ store.index["kept"]?.state }) else {
            Issue.record("the written record is not indexed as read")
            return
        }
        #expect(summary.page.id == "kept" && summary.expiresAt == expiry)
    }
}
