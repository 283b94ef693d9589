import Foundation
import Testing

@testable import ShortcutStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Another process's changes are seen even when the new file has the old one's inode number (issue 8,
/// point 5): ext4 gives a freed inode number to the next file made, so `rm` + `add` usually brings the
/// record back under the same inode, and the directory listing alone cannot tell.
@Suite struct PageStoreFreshnessTests {
    private func inode(_ path: String) -> UInt64? {
        var info = stat()
        return lstat(path, &info) == 0 ? UInt64(info.st_ino) : nil
    }

    private func body(_ round: Int) -> String { String(repeating: "v", count: round + 1) }

    /// `server` reads each version, then `cli` removes the record and makes it again; the server must
    /// read the new one after its check. Returns in how many rounds the inode number came back.
    private func removeAndMakeAgain(server: PageStore, cli: PageStore, folder: TemporaryFolder) throws -> Int {
        let path = folder.path + "/pages/again.page"
        var reused = 0
        try cli.create(StoredPage.make(id: "again", body: body(0)))
        for round in 1...20 {
            #expect(server.get("again")?.body == Array(body(round - 1).utf8), "round \(round): before")
            let before = inode(path)
            #expect(try cli.remove("again"))
            try cli.create(StoredPage.make(id: "again", body: body(round)))
            if inode(path) == before { reused += 1 }
            server.refreshNow()
            #expect(server.get("again")?.body == Array(body(round).utf8), "round \(round): after, inode reused: \(inode(path) == before)")
            #expect(server.list().count == 1)
        }
        return reused
    }

    @Test func aRecordRemovedAndMadeAgainElsewhereIsReadAgainThoughItsInodeIsReused() throws {
        let folder = try TemporaryFolder()
        let server = try PageStore(directory: folder.url)
        let reused = try removeAndMakeAgain(server: server, cli: try PageStore(directory: folder.url), folder: folder)
        print("[measure] the inode number came back in \(reused) of 20 rounds of remove + create")
    }

    @Test func withoutTheKernelsNamesEveryRecordReadIsComparedByVersion() throws {
        let folder = try TemporaryFolder()
        let server = try PageStore(
            directory: folder.url, cacheBudgetBytes: 64 << 20, maxRecordBytes: PageStore.defaultMaxRecordBytes, watchesChanges: false)
        #expect(!server.watch.isWatching)
        _ = try removeAndMakeAgain(server: server, cli: try PageStore(directory: folder.url), folder: folder)
    }

    @Test(arguments: [true, false])
    func aRecordReplacedTwiceElsewhereIsReadAgain(watching: Bool) throws {
        let folder = try TemporaryFolder()
        let server = try PageStore(
            directory: folder.url, cacheBudgetBytes: 64 << 20, maxRecordBytes: PageStore.defaultMaxRecordBytes, watchesChanges: watching)
        let cli = try PageStore(directory: folder.url)
        try server.create(StoredPage.make(id: "twice", body: "1"))
        for round in 0..<10 {
            #expect(server.get("twice") != nil)
            // Two replacements between checks: the second file often gets the first one's freed inode.
            try cli.put(StoredPage.make(id: "twice", body: "\(round)-a"))
            try cli.put(StoredPage.make(id: "twice", body: "\(round)-bb"))
            server.refreshNow()
            #expect(server.get("twice")?.body == Array("\(round)-bb".utf8), "round \(round)")
        }
    }

    /// This process's own writes are not taken for another's: the page written stays the cached one.
    @Test(arguments: [true, false])
    func ownWritesStayCached(watching: Bool) throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(
            directory: folder.url, cacheBudgetBytes: 64 << 20, maxRecordBytes: PageStore.defaultMaxRecordBytes, watchesChanges: watching)
        try store.create(StoredPage.make(id: "own", body: "1"))
        let created = try #require(store.get("own"))
        store.refreshNow()
        #expect(store.get("own")?.isSameVersion(as: created) == true)
        try store.put(StoredPage.make(id: "own", body: "2"))
        let updated = try #require(store.get("own"))
        store.refreshNow()
        store.refreshNow()
        #expect(store.get("own")?.isSameVersion(as: updated) == true, "not read again after its own write")
        #expect(store.get("own")?.body == Array("2".utf8))
    }

    #if os(Linux)
        /// With the kernel's names, even a record rewritten in place (same inode, the folder unchanged) is read
        /// again: another tool may write the file directly.
        @Test func aRecordRewrittenInPlaceIsReadAgain() throws {
            let folder = try TemporaryFolder()
            let server = try PageStore(directory: folder.url)
            #expect(server.watch.isWatching)
            try server.create(StoredPage.make(id: "inplace", body: "old"))
            #expect(server.get("inplace")?.body == Array("old".utf8))
            let path = folder.path + "/pages/inplace.page"
            let before = inode(path)
            let bytes = try RecordFile.encode(StoredPage.make(id: "inplace", body: "new, and longer"))
            let fd = open(path, O_WRONLY | O_TRUNC)
            #expect(fd >= 0)
            try StoreIO.writeAll(fd, bytes, path: path)
            close(fd)
            #expect(inode(path) == before)
            server.refreshNow()
            #expect(server.get("inplace")?.body == Array("new, and longer".utf8))
        }
    #endif

    /// Issue 28: while inotify names every change, a tick looks at those names only, never lists the folder
    /// (a listing of 100,000 records every tick under a stream of writes cost ~50 ms of CPU four times a
    /// second), and still sees every kind of change another process makes.
    @Test func whileTheKernelNamesEveryChangeATickListsNothing() throws {
        let folder = try TemporaryFolder()
        let server = try PageStore(directory: folder.url)
        let cli = try PageStore(directory: folder.url)
        #expect(server.watch.isWatching)
        for number in 0..<20 { try cli.create(.make(id: "r\(number)", body: "first")) }
        server.refreshNow()
        let listingsBefore = server.maintenanceQueue.sync { server.fullListings }
        #expect(server.list().count == 20)

        try cli.create(.make(id: "new-one"))
        try cli.put(.make(id: "r1", body: "second"))
        #expect(try cli.remove("r2"))
        try Data("not a record".utf8).write(to: URL(fileURLWithPath: folder.path + "/pages/notes.txt"))
        try server.create(.make(id: "mine"))
        server.refreshNow()
        #expect(server.get("r1")?.body == Array("second".utf8))
        #expect(server.get("r2") == nil)
        #expect(server.list().map(\.id).sorted() == (["mine", "new-one"] + (0..<20).filter { $0 != 2 }.map { "r\($0)" }).sorted())
        #expect(server.problems == [PageStore.foreignFileMessage(folder.path + "/pages/notes.txt")])
        try FileManager.default.removeItem(atPath: folder.path + "/pages/notes.txt")
        server.refreshNow()
        #expect(server.problems.isEmpty)
        #expect(server.maintenanceQueue.sync { server.fullListings } == listingsBefore, "the folder was listed again")
    }
}
