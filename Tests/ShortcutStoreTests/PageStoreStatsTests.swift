import Dispatch
import Foundation
import Testing

@testable import ShortcutStore

@Suite struct PageStoreStatsTests {
    @Test func playsAreCountedWithoutRewritingTheRecord() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        let created = Date(timeIntervalSinceReferenceDate: 700_000_000)
        try store.create(StoredPage.make(id: "played", createdAt: created))
        let recordPath = folder.path + "/pages/played.page"
        let before = try FileManager.default.attributesOfItem(atPath: recordPath)[.systemFileNumber] as? Int
        #expect(store.stats("played") == PageStats(createdAt: created, lastAccessAt: nil, totalAccess: 0))
        let start = Date()
        for _ in 0..<5 { store.recordAccess("played") }
        let stats = try #require(store.stats("played"))
        #expect(stats.totalAccess == 5)
        #expect(try #require(stats.lastAccessAt) >= start)
        store.flush()
        let after = try FileManager.default.attributesOfItem(atPath: recordPath)[.systemFileNumber] as? Int
        #expect(before == after)
        #expect(store.stats("played")?.totalAccess == 5)
    }

    /// A stats file that exists is rewritten in place (the same inode), its shorter new text padded with
    /// spaces to the old length: no temp name ever shows in the folder (a replace through one did, and a
    /// listing of the store caught a stray `.tmp-` file on a CI run). Before, the inode changed on each flush.
    @Test func aStatsFileIsRewrittenInPlacePaddedToItsLength() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        try store.create(StoredPage.make(id: "played"))
        let statsPath = folder.path + "/stats/played.stats"
        // An older flush's text, longer than any the next one writes.
        let old = Array(#"{"lastAccessAt":1.1234567890123457,"totalAccess":7}"#.utf8) + [0x0a]
        try Data(old).write(to: URL(fileURLWithPath: statsPath))
        let inode = try FileManager.default.attributesOfItem(atPath: statsPath)[.systemFileNumber] as? Int
        store.recordAccess("played")
        store.flush()
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: statsPath)))
        #expect(try FileManager.default.attributesOfItem(atPath: statsPath)[.systemFileNumber] as? Int == inode)
        #expect(bytes.count == old.count && bytes.last == 0x0a, "\(String(decoding: bytes, as: UTF8.self))")
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""totalAccess":8}"#))
        #expect(try PageStore(directory: folder.url).stats("played")?.totalAccess == 8, "read back by another store")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/stats").filter { $0.hasPrefix(".tmp") }.isEmpty)
    }

    @Test func playGetsThePageAndCountsIt() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        try store.create(StoredPage.make(id: "hot"))
        #expect(store.play("hot").page?.id == "hot")  // read from disk the first time
        #expect(store.play("hot").page?.id == "hot")  // then from memory
        #expect(store.get("hot") != nil)  // a lookup, not a play
        #expect(store.play("missing").page == nil && store.play("../bad").page == nil)
        #expect(store.stats("hot")?.totalAccess == 2)
        try store.create(StoredPage.make(id: "gone", expiresAt: Date(timeIntervalSinceNow: -1)))
        #expect(store.play("gone").page == nil)
        #expect(store.stats("gone") == nil)
    }

    @Test func statsSurviveFlushAndReopen() throws {
        let folder = try TemporaryFolder()
        var last: Date?
        do {
            let store = try PageStore(directory: folder.url)
            try store.create(StoredPage.make(id: "kept"))
            for _ in 0..<3 { store.recordAccess("kept") }
            store.flush()
            last = store.stats("kept")?.lastAccessAt
        }
        let reopened = try PageStore(directory: folder.url)
        let stats = try #require(reopened.stats("kept"))
        #expect(stats.totalAccess == 3)
        #expect(stats.lastAccessAt == last)
        reopened.recordAccess("kept")
        #expect(reopened.stats("kept")?.totalAccess == 4)
    }

    /// Every tick flushes (one may have begun before the play, hence two).
    @Test func aTickFlushesThePlays() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        try store.create(StoredPage.make(id: "timed"))
        store.recordAccess("timed")
        let path = folder.path + "/stats/timed.stats"
        let ticks = ticksUntil(store, limit: 2) {
            guard let data = FileManager.default.contents(atPath: path) else { return false }
            return String(decoding: data, as: UTF8.self).contains(#""totalAccess":1"#)
        }
        #expect(ticks != nil, "plays not on disk after two ticks (half a second)")
    }

    /// A tick's flush stops at its deadline (checked every 16 records): the records left keep their plays
    /// in their entries and the next flush writes them; nothing is lost or counted twice.
    @Test func aFlushPastItsDeadlineLeavesTheRestForTheNext() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        for index in 0..<40 { try store.create(StoredPage.make(id: "p\(index)")) }
        // On the maintenance queue, so that no tick of the store's own timer flushes meanwhile.
        store.maintenanceQueue.sync {
            for index in 0..<40 { for _ in 0...(index % 3) { store.recordAccess("p\(index)") } }
            store.flush(until: DispatchTime(uptimeNanoseconds: 1))  // long past: only the first 16 are written
            let written = (0..<40).filter { index in
                let data = FileManager.default.contents(atPath: folder.path + "/stats/p\(index).stats") ?? Data()
                return String(decoding: data, as: UTF8.self).contains(#""totalAccess":\#(index % 3 + 1)"#)
            }
            #expect(written.count == 16)
            #expect(store.withLock { store.playedIDs.count } == 24)
            for index in 0..<40 { #expect(store.stats("p\(index)")?.totalAccess == index % 3 + 1, "p\(index) before") }
        }
        store.flush()
        #expect(store.withLock { store.playedIDs.isEmpty })
        let reopened = try PageStore(directory: folder.url)
        for index in 0..<40 { #expect(reopened.stats("p\(index)")?.totalAccess == index % 3 + 1, "p\(index) after") }
    }

    @Test func theTimerTicksByItself() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        let ticked = DispatchSemaphore(value: 0)
        store.maintenanceQueue.sync { store.afterMaintenanceTick = { ticked.signal() } }
        // The event itself is awaited; the timeout only keeps a broken timer from hanging the run.
        #expect(ticked.wait(timeout: .now() + 30) == .success)
        #expect(ticked.wait(timeout: .now() + 30) == .success, "and again")
    }

    @Test func putKeepsStatsAndRemoveDeletesThem() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        try store.create(StoredPage.make(id: "s"))
        store.recordAccess("s")
        store.recordAccess("s")
        store.flush()
        try store.put(StoredPage.make(id: "s", body: "changed"))
        #expect(store.stats("s")?.totalAccess == 2)
        try store.remove("s")
        #expect(store.stats("s") == nil)
        #expect(try folder.names(in: "stats") == [".lock"])
        try store.create(StoredPage.make(id: "s"))
        #expect(store.stats("s")?.totalAccess == 0)
    }

    /// Another process that counted plays of a page before it was removed may flush them after the removal:
    /// its stats file then outlives the page. A new page of that id starts at zero plays all the same (its
    /// create writes a zero-play file over the stale one).
    @Test func playsFlushedAfterARemovalDoNotCountForANewPageOfTheSameID() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        try store.create(StoredPage.make(id: "reused"))
        try store.remove("reused")
        let late = Array(#"{"lastAccessAt":800000000,"totalAccess":5}"#.utf8) + [0x0a]
        try Data(late).write(to: URL(fileURLWithPath: folder.path + "/stats/reused.stats"))
        let created = Date(timeIntervalSinceReferenceDate: 800_000_100)
        try store.create(StoredPage.make(id: "reused", createdAt: created))
        #expect(store.stats("reused") == PageStats(createdAt: created, lastAccessAt: nil, totalAccess: 0))
        #expect(try PageStore(directory: folder.url).stats("reused")?.totalAccess == 0)
        #expect(store.problems.isEmpty)
    }

    @Test func unknownIDsAreIgnored() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        store.recordAccess("nobody")
        store.recordAccess("../x")
        store.flush()
        #expect(store.stats("nobody") == nil)
        #expect(try folder.names(in: "stats") == [".lock"])
    }

    @Test func damagedStatsReadAsZeroAndAreReported() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        try store.create(StoredPage.make(id: "d"))
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: folder.path + "/stats/d.stats"))
        #expect(store.stats("d")?.totalAccess == 0)
        #expect(store.problems.contains { $0.hasPrefix(folder.path + "/stats/d.stats: ") })
        store.recordAccess("d")
        store.flush()
        #expect(store.stats("d")?.totalAccess == 1)
    }
}
