import Foundation
import Testing

@testable import ShortcutStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files that must not be read as they are (issue 8, point 3): a FIFO, a file over the record limit, a
/// play count at `Int.max`. Each is reported and skipped; none blocks, allocates its size or traps.
@Suite struct PageStoreDamageTests {
    private func makeFIFO(_ path: String) throws {
        guard mkfifo(path, 0o644) == 0 else { throw PageStoreError.io(path: path, errno: errno) }
    }

    private func makeSparse(_ path: String, size: Int64) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw PageStoreError.io(path: path, errno: errno) }
        defer { close(fd) }
        guard ftruncate(fd, off_t(size)) == 0 else { throw PageStoreError.io(path: path, errno: errno) }
    }

    @Test func aFIFONamedLikeARecordIsReportedAndSkipped() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        try store.create(StoredPage.make(id: "good"))
        try makeFIFO(folder.path + "/pages/fifo.page")
        #expect(store.get("fifo") == nil)
        #expect(store.list().map(\.id) == ["good"])
        #expect(store.problems == ["\(folder.path)/pages/fifo.page: not a valid page record: not a regular file (a FIFO)"])
        #expect(store.count == 1)
        #expect(try store.remove("fifo"), "a damaged record can still be removed")
        #expect(store.problems.isEmpty)
    }

    @Test func aFIFONamedLikeAStatsFileReadsAsNoPlaysAndIsReplacedByTheFlush() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        try store.create(StoredPage.make(id: "played"))
        let stats = folder.path + "/stats/played.stats"
        try FileManager.default.removeItem(atPath: stats)
        try makeFIFO(stats)
        store.recordAccess("played")
        #expect(store.stats("played")?.totalAccess == 1)
        #expect(store.problems.contains { $0.hasPrefix(stats + ": ") && $0.contains("not a regular file (a FIFO)") })
        store.flush()
        let written = try String(contentsOfFile: stats, encoding: .utf8)
        #expect(written.contains(#""totalAccess":1"#))
    }

    @Test func aRecordFileOverTheLimitIsNeverRead() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        try store.create(StoredPage.make(id: "good"))
        try makeSparse(folder.path + "/pages/huge.page", size: 100 << 30)
        #expect(store.get("huge") == nil)
        #expect(store.list().map(\.id) == ["good"])
        #expect(
            store.problems == [
                "\(folder.path)/pages/huge.page: not a valid page record: the file is 107374182400 bytes; the limit is \(PageStore.defaultMaxRecordBytes)"
            ])
    }

    /// The limit at its edge, both ways: a record of exactly `maxRecordBytes` is written and read back;
    /// one byte more is refused before the disk is touched, and such a file put there by hand is damage.
    @Test func theRecordLimitHoldsAtItsEdge() throws {
        let folder = try TemporaryFolder()
        let body = String(repeating: "b", count: 1000)
        let limit = try RecordFile.encode(StoredPage.make(id: "edge", body: body)).count
        let store = try PageStore(directory: folder.url, maxRecordBytes: limit)
        #expect(store.maxRecordBytes == limit)
        try store.create(StoredPage.make(id: "edge", body: body))
        #expect(try folder.names(in: "pages") == ["edge.page"])
        #expect(PageStore.defaultMaxRecordBytes == 16 << 20)

        let over = StoredPage.make(id: "over", body: body + "b")
        #expect(throws: PageStoreError.recordTooLarge(id: "over", bytes: limit + 1, limit: limit)) { try store.create(over) }
        #expect(throws: PageStoreError.recordTooLarge(id: "edge", bytes: limit + 1, limit: limit)) {
            try store.put(StoredPage.make(id: "edge", body: body + "b"))
        }
        #expect(try folder.names(in: "pages") == ["edge.page"], "nothing written")

        // Written by a store with a larger limit, the same files read back only up to this one's limit.
        let roomy = try PageStore(directory: folder.url, maxRecordBytes: limit + 1)
        try roomy.create(over)
        let reader = try PageStore(directory: folder.url, maxRecordBytes: limit)
        #expect(reader.get("edge")?.body == Array(body.utf8))
        #expect(reader.get("over") == nil)
        #expect(
            reader.problems == [
                "\(folder.path)/pages/over.page: not a valid page record: the file is \(limit + 1) bytes; the limit is \(limit)"
            ])
        #expect(
            PageStoreError.recordTooLarge(id: "x", bytes: 10, limit: 9).description
                == #"the record for "x" would be 10 bytes; the store's limit is 9 bytes"#)
    }

    @Test func aStatsFileOverItsLimitReadsAsNoPlays() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        try store.create(StoredPage.make(id: "s"))
        let stats = folder.path + "/stats/s.stats"
        let exact = Array(#"{"lastAccessAt":1,"totalAccess":7}"#.utf8)
        try Data(exact + [UInt8](repeating: 0x20, count: StatsFile.maximumBytes - exact.count)).write(to: URL(fileURLWithPath: stats))
        #expect(store.stats("s")?.totalAccess == 7, "a stats file of exactly the limit is read")
        try makeSparse(stats, size: 10 << 30)
        #expect(store.stats("s")?.totalAccess == 7, "the count known before is kept, not reset (issue 39)")
        #expect(
            store.problems.contains {
                $0.hasPrefix("\(stats): not a valid page record: the file is 10737418240 bytes; the limit is 4096; ")
            })
        store.recordAccess("s")
        #expect(store.stats("s")?.totalAccess == 8)
        store.flush()
        #expect(try String(contentsOfFile: stats, encoding: .utf8).contains(#""totalAccess":8"#), "written back with the known count")
        #expect(store.problems.isEmpty)
    }

    /// A stats file damaged before this process ever read it: its count is unknown, so the flush leaves the
    /// file for its owner (the problem says what to do) and keeps the plays in memory until it is removed.
    @Test func aStatsFileDamagedBeforeItWasReadIsLeftAndItsPlaysKept() throws {
        let folder = try TemporaryFolder()
        try PageStore(directory: folder.url).create(StoredPage.make(id: "s"))
        let stats = folder.path + "/stats/s.stats"
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: stats))
        let store = try PageStore(directory: folder.url)
        store.recordAccess("s")
        store.recordAccess("s")
        #expect(store.stats("s")?.totalAccess == 2)
        store.flush()
        #expect(try String(contentsOfFile: stats, encoding: .utf8) == "garbage", "not written over")
        let line = try #require(store.problems.first { $0.hasPrefix(stats + ": ") })
        #expect(line.hasSuffix("else delete the file to count from the plays since)"))
        #expect(store.stats("s")?.totalAccess == 2, "the plays are kept")
        try FileManager.default.removeItem(atPath: stats)
        store.flush()
        #expect(try String(contentsOfFile: stats, encoding: .utf8).contains(#""totalAccess":2"#))
        #expect(store.problems.isEmpty)
    }

    @Test func playCountsSaturateAtIntMax() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        try store.create(StoredPage.make(id: "max"))
        let stats = folder.path + "/stats/max.stats"
        try Data(#"{"lastAccessAt":800000000,"totalAccess":9223372036854775807}"#.utf8).write(to: URL(fileURLWithPath: stats))
        #expect(store.play("max").page != nil)
        store.recordAccess("max")
        #expect(store.stats("max")?.totalAccess == Int.max)
        store.flush()
        #expect(try String(contentsOfFile: stats, encoding: .utf8).contains(#""totalAccess":9223372036854775807"#))
        #expect(store.stats("max")?.totalAccess == Int.max)

        var pending = PendingStats(count: Int.max - 1, lastAccessAt: nil)
        pending.countPlay(at: Date())
        pending.countPlay(at: Date())
        #expect(pending.count == Int.max)
        #expect(pending.merged(with: PendingStats(count: 5, lastAccessAt: nil)).count == Int.max)
    }

    @Test func aNegativeCountIsDamage() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        try store.create(StoredPage.make(id: "neg"))
        let stats = folder.path + "/stats/neg.stats"
        try Data(#"{"totalAccess":-5}"#.utf8).write(to: URL(fileURLWithPath: stats))
        #expect(store.stats("neg")?.totalAccess == 0)
        #expect(store.problems.contains { $0.hasPrefix(stats) && $0.contains("totalAccess is -5") })
    }
}
