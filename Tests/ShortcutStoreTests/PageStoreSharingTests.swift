import Foundation
import Testing

@testable import ShortcutStore

/// A second `PageStore` on the same folder stands in for another process (the CLI, a second server).
@Suite struct PageStoreSharingTests {
    @Test func aPageWrittenElsewhereIsServedWithinASecond() throws {
        let folder = try TemporaryFolder()
        let server = try PageStore(directory: folder.url)
        // The miss is remembered (for at most a second), as `/s` asks for `demo` on every request.
        #expect(server.get("from-cli") == nil)
        let cli = try PageStore(directory: folder.url)
        try cli.create(StoredPage.make(id: "from-cli"))
        // A second is four maintenance ticks.
        let ticks = ticksUntil(server, limit: 4) { server.get("from-cli") != nil }
        #expect(ticks != nil, "not served after four ticks (a second) once the other process wrote it")
        #expect(server.get("from-cli") == StoredPage.make(id: "from-cli"))
    }

    @Test func theAnswerStampMovesWithEveryChangeAndEveryTick() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        var stamp = store.answerStamp
        try store.create(StoredPage.make(id: "a"))
        #expect(store.answerStamp > stamp, "a write here")
        stamp = store.answerStamp
        #expect(try store.remove("a"))
        #expect(store.answerStamp > stamp, "a removal here")
        stamp = store.answerStamp
        #expect(store.get("b") == nil)
        store.maintenanceQueue.sync { store.maintenanceTick() }
        #expect(store.answerStamp > stamp, "a tick: the miss of `b` may be looked up on disk again")
    }

    @Test func aPageWrittenElsewhereIsServedAtOnceWhenNeverAskedForBefore() throws {
        let folder = try TemporaryFolder()
        let server = try PageStore(directory: folder.url)
        let cli = try PageStore(directory: folder.url)
        try cli.create(StoredPage.make(id: "fresh"))
        #expect(server.get("fresh") == StoredPage.make(id: "fresh"))
    }

    @Test func updatesAndDeletionsElsewhereAreNoticedByTheCheck() throws {
        let folder = try TemporaryFolder()
        let server = try PageStore(directory: folder.url)
        try server.create(StoredPage.make(id: "a", body: "v1"))
        try server.create(StoredPage.make(id: "b"))
        #expect(server.get("a")?.body == Array("v1".utf8))
        let cli = try PageStore(directory: folder.url)
        try cli.put(StoredPage.make(id: "a", body: "v2"))
        #expect(try cli.remove("b"))
        try cli.create(StoredPage.make(id: "c"))
        server.refreshNow()
        #expect(server.get("a")?.body == Array("v2".utf8))
        #expect(server.get("b") == nil)
        #expect(Set(server.list().map(\.id)) == ["a", "c"])
        #expect(server.count == 2)
    }

    @Test func otherProcessesChangesShowWithinASecond() throws {
        let folder = try TemporaryFolder()
        let server = try PageStore(directory: folder.url)
        try server.create(StoredPage.make(id: "upd", body: "old"))
        try server.create(StoredPage.make(id: "del"))
        #expect(server.get("upd") != nil && server.get("del") != nil)
        let cli = try PageStore(directory: folder.url)
        try cli.put(StoredPage.make(id: "upd", body: "new"))
        try cli.remove("del")
        let ticks = ticksUntil(server, limit: 4) { server.get("upd")?.body == Array("new".utf8) && server.get("del") == nil }
        #expect(ticks != nil, "another process's update and deletion not seen after four ticks (a second)")
    }

    @Test func aRemovalHereIsNotUndoneByAnOlderScan() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        for round in 0..<20 {
            try store.create(StoredPage.make(id: "r\(round)"))
            store.refreshNow()
            #expect(try store.remove("r\(round)"))
            store.refreshNow()
            #expect(store.get("r\(round)") == nil)
        }
        #expect(store.count == 0)
    }

    @Test func playsFromTwoProcessesAddUp() throws {
        let folder = try TemporaryFolder()
        let first = try PageStore(directory: folder.url)
        try first.create(StoredPage.make(id: "shared"))
        let second = try PageStore(directory: folder.url)
        #expect(second.get("shared") != nil)
        for _ in 0..<3 { first.recordAccess("shared") }
        for _ in 0..<4 { second.recordAccess("shared") }
        first.flush()
        second.flush()
        #expect(first.stats("shared")?.totalAccess == 7)
        #expect(second.stats("shared")?.totalAccess == 7)
    }
}
