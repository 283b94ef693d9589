import Foundation
import HTTPVocabulary
import Testing

@testable import ShortcutStore

@Suite struct PageStoreTests {
    @Test func createGetPutRemoveRoundTrip() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        let page = StoredPage.make(id: "home", secret: "pw")
        let created = try store.create(page)
        #expect(created == page)
        #expect(store.get("home") == page)
        #expect(store.count == 1)

        var changed = page
        changed.body = Array("<p>changed</p>".utf8)
        changed.status = 404
        try store.put(changed)
        #expect(store.get("home") == changed)
        #expect(store.count == 1)

        #expect(try store.remove("home"))
        #expect(store.get("home") == nil)
        #expect(try !store.remove("home"))
        #expect(store.count == 0)
        #expect(try folder.names(in: "pages").isEmpty)
    }

    @Test func createMakesALowercaseUUIDForAnEmptyID() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        let created = try store.create(StoredPage(id: "", body: [1, 2, 3]))
        #expect(PageID.isValid(created.id))
        #expect(created.id == created.id.lowercased())
        #expect(created.id.count == 36)
        #expect(store.get(created.id)?.body == [1, 2, 3])
    }

    @Test func createRefusesAnExistingID() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        try store.create(StoredPage.make(id: "taken", body: "first"))
        #expect(throws: PageStoreError.alreadyExists("taken")) {
            try store.create(StoredPage.make(id: "taken", body: "second"))
        }
        #expect(store.get("taken")?.body == Array("first".utf8))
    }

    @Test(arguments: ["..", "a/b", "%2e%2e%2f", "a\u{0}b", "", String(repeating: "x", count: 65), "../../etc/x"])
    func aRefusedCreateLeavesNothingOnDisk(id: String) throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        #expect(throws: PageStoreError.invalidID(id)) { try store.put(StoredPage.make(id: id)) }
        if !id.isEmpty {
            #expect(throws: PageStoreError.invalidID(id)) { try store.create(StoredPage.make(id: id)) }
        }
        #expect(throws: PageStoreError.invalidID(id)) { try store.remove(id) }
        #expect(store.get(id) == nil)
        #expect(try folder.names(in: "pages").isEmpty)
        #expect(try folder.names(in: "stats") == [".lock"])
        #expect(try folder.names(in: "") == ["locks", "pages", "stats"])
        #expect(try folder.names(in: "locks") == (0..<RecordLocks.stripeCount).map { "stripe-\($0)" }.sorted())
    }

    @Test func invalidFieldsAreRefusedBeforeTheDisk() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        for status in [0, 99, 1000, -200] {
            var page = StoredPage.make(id: "s")
            page.status = status
            #expect(throws: PageStoreError.invalidStatus(status)) { try store.create(page) }
        }
        var split = StoredPage.make(id: "h")
        split.headers = [HTTPField(name: "X-Evil", value: "a\r\nSet-Cookie: x=1")]
        #expect(throws: PageStoreError.self) { try store.create(split) }
        split.headers = [HTTPField(name: "Bad Name", value: "v")]
        #expect(throws: PageStoreError.self) { try store.create(split) }
        var type = StoredPage.make(id: "t")
        type.contentType = "text/html\r\nX: y"
        #expect(throws: PageStoreError.invalidContentType(type.contentType)) { try store.create(type) }
        #expect(try folder.names(in: "pages").isEmpty)
    }

    @Test func aNewStoreOnTheSameFolderReturnsEverything() throws {
        let folder = try TemporaryFolder()
        let binary = StoredPage(
            id: "bin", status: 299, contentType: "application/octet-stream", charset: "", body: Array(0...255),
            createdAt: Date(timeIntervalSinceReferenceDate: 1.5))
        let pages = [
            StoredPage.make(id: "one", secret: "pw"),
            StoredPage.make(id: "two", body: "ü 🎉", expiresAt: Date(timeIntervalSinceNow: 3600)),
            binary,
        ]
        do {
            let store = try PageStore(directory: folder.url)
            for page in pages { try store.create(page) }
        }
        let reopened = try PageStore(directory: folder.url)
        #expect(reopened.count == 3)
        for page in pages {
            let read = try #require(reopened.get(page.id))
            #expect(read == page)
            #expect(read.headers.map(\.name) == page.headers.map(\.name))
        }
        #expect(reopened.get("one")?.secret?.matches("pw") == true)
        #expect(reopened.list().map(\.id) == ["bin", "one", "two"])
        #expect(reopened.problems.isEmpty)
    }

    @Test func listIsSortedByCreationThenID() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        let early = Date(timeIntervalSinceReferenceDate: 100)
        let late = Date(timeIntervalSinceReferenceDate: 200)
        try store.create(StoredPage.make(id: "c", createdAt: early))
        try store.create(StoredPage.make(id: "a", createdAt: late))
        try store.create(StoredPage.make(id: "b", createdAt: early))
        let list = store.list()
        #expect(list.map(\.id) == ["b", "c", "a"])
        #expect(list[0].size == "<p>hello</p>".utf8.count)
        #expect(list[0].metadata["kind"] == "url")
        #expect(list[0].status == 201)
    }

    @Test func anExpiredPageAnswersNilAndItsFileIsRemoved() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        try store.create(StoredPage.make(id: "old", expiresAt: Date(timeIntervalSinceNow: -1)))
        try store.create(StoredPage.make(id: "fresh", expiresAt: Date(timeIntervalSinceNow: 3600)))
        #expect(store.get("old") == nil)
        store.maintenanceQueue.sync {}  // the removal is the maintenance queue's (issue 39: never the reader's)
        #expect(try folder.names(in: "pages") == ["fresh.page"])
        #expect(try folder.names(in: "stats") == [".lock", "fresh.stats"])
        #expect(store.get("fresh") != nil)
    }

    @Test func expiredPagesFoundOnDiskAreRemovedByGetAndList() throws {
        let folder = try TemporaryFolder()
        try writeRecordFile(StoredPage.make(id: "gone1", expiresAt: Date(timeIntervalSinceNow: -5)), in: folder)
        try writeRecordFile(StoredPage.make(id: "gone2", expiresAt: Date(timeIntervalSinceNow: -5)), in: folder)
        try writeRecordFile(StoredPage.make(id: "kept"), in: folder)
        let store = try PageStore(directory: folder.url)
        #expect(store.get("gone1") == nil)
        #expect(store.list().map(\.id) == ["kept"])
        store.maintenanceQueue.sync {}  // the removals are the maintenance queue's
        #expect(try folder.names(in: "pages") == ["kept.page"])
        #expect(store.count == 1)
    }

    @Test func createReplacesAnExpiredPageWithTheSameID() throws {
        let folder = try TemporaryFolder()
        try writeRecordFile(StoredPage.make(id: "slug", expiresAt: Date(timeIntervalSinceNow: -5)), in: folder)
        let store = try PageStore(directory: folder.url)
        try store.create(StoredPage.make(id: "slug", body: "new"))
        #expect(store.get("slug")?.body == Array("new".utf8))
    }

    @Test func theLRUBudgetBoundsMemoryWhateverIsRead() throws {
        let folder = try TemporaryFolder()
        let budget = 64 << 10
        let store = try PageStore(directory: folder.url, cacheBudgetBytes: budget)
        let body = String(repeating: "x", count: 4000)
        for index in 0..<100 { try store.create(StoredPage.make(id: "p\(index)", body: body + "\(index)")) }
        #expect(store.cachedBytes <= budget)
        for round in 0..<3 {
            for index in 0..<100 {
                #expect(store.get("p\(index)")?.body == Array((body + "\(index)").utf8), "round \(round)")
                #expect(store.cachedBytes <= budget)
            }
        }
        #expect(store.cachedBytes > budget / 2)
    }

    @Test func defaultDirectoryFollowsXDG() {
        #if !canImport(Darwin)
            #expect(
                PageStore.defaultDirectory(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"]).path
                    == "/data/shortcut-serve")
            #expect(
                PageStore.defaultDirectory(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"]).path
                    == "/home/u/.local/share/shortcut-serve")
            #expect(
                PageStore.defaultDirectory(environment: ["HOME": "/home/u"]).path == "/home/u/.local/share/shortcut-serve")
        #endif
        #expect(PageStore.defaultDirectory().path.hasSuffix("shortcut-serve"))
    }
}
