import Dispatch
import Foundation
import Testing

@testable import ShortcutStore

/// `update` and `remove(_:where:)`: changes that depend on the record as it is, atomic with respect to
/// every other write of it, in this process and in another one on the same store (issue 8, point 6).
@Suite struct PageStoreUpdateTests {
    @Test func anUpdateChangesThePageAsItIsOnDiskAndKeepsItsPlays() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        try store.create(StoredPage.make(id: "u", body: "v0", secret: "s"))
        store.recordAccess("u")
        store.flush()
        // Another process replaced it meanwhile: the update starts from that version, not the cached one.
        try PageStore(directory: folder.url).put(StoredPage.make(id: "u", body: "elsewhere", name: "other", secret: "s"))
        let updated = try store.update("u") { page throws(PageStoreError) in page.body += Array(", then here".utf8) }
        #expect(updated.body == Array("elsewhere, then here".utf8) && updated.name == "other")
        #expect(store.get("u") == updated)
        #expect(try PageStore(directory: folder.url).get("u") == updated)
        #expect(store.stats("u")?.totalAccess == 1)
    }

    @Test func anUpdateOfAMissingOrExpiredRecordIsNotFoundAndWritesNothing() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        #expect(throws: PageStoreError.notFound("none")) { try store.update("none") { _ throws(PageStoreError) in } }
        try store.create(StoredPage.make(id: "old", expiresAt: Date(timeIntervalSinceNow: -1)))
        #expect(throws: PageStoreError.notFound("old")) { try store.update("old") { page throws(PageStoreError) in page.expiresAt = nil } }
        #expect(try folder.names(in: "pages") == ["old.page"], "the expired record is left to expire, not renewed")
        #expect(throws: PageStoreError.invalidID("../x")) { try store.update("../x") { _ throws(PageStoreError) in } }
    }

    @Test func aChangeThatThrowsOrRenamesLeavesTheRecordAsItWas() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        let original = try store.create(StoredPage.make(id: "keep", body: "v0", secret: "s"))
        #expect(throws: PageStoreError.notFound("keep")) {
            try store.update("keep") { page throws(PageStoreError) in
                page.body = []
                throw PageStoreError.notFound(page.id)
            }
        }
        #expect(throws: PageStoreError.invalidID("other")) { try store.update("keep") { page throws(PageStoreError) in page.id = "other" } }
        #expect(throws: PageStoreError.invalidStatus(42)) { try store.update("keep") { page throws(PageStoreError) in page.status = 42 } }
        #expect(try PageStore(directory: folder.url).get("keep") == original)
        #expect(try folder.names(in: "pages") == ["keep.page"])
    }

    @Test func aConditionalRemoveChecksTheRecordAsItIsNow() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        try store.create(StoredPage.make(id: "c", secret: "first"))
        #expect(store.get("c") != nil)
        // Re-made elsewhere with another secret: a remove checking the first one must not take it.
        let other = try PageStore(directory: folder.url)
        #expect(try other.remove("c"))
        try other.create(StoredPage.make(id: "c", body: "second", secret: "second"))
        #expect(try !store.remove("c") { $0.secret?.matches("first") == true })
        #expect(try folder.names(in: "pages") == ["c.page"])
        #expect(try store.remove("c") { $0.secret?.matches("second") == true })
        #expect(try folder.names(in: "pages").isEmpty)
        #expect(try !store.remove("c") { _ in true })
        try FileManager.default.createDirectory(atPath: folder.path + "/pages/damaged.page", withIntermediateDirectories: false)
        #expect(try !store.remove("damaged") { _ in true }, "a damaged record's fields cannot be checked")
    }

    /// Many PUT-like updates racing removals, both in one process and from a second store on the folder
    /// (another process, as far as the locks go): once a removal said it removed the record, it stays
    /// removed; an update that comes later finds nothing and writes nothing.
    @Test(arguments: [false, true])
    func aRemovedRecordNeverComesBack(fromAnotherStore: Bool) throws {
        let folder = try TemporaryFolder()
        let updater = try PageStore(directory: folder.url)
        let remover = fromAnotherStore ? try PageStore(directory: folder.url) : updater
        let trials = 60
        let outcomes = Counter()
        for trial in 0..<trials {
            let id = "r\(trial)"
            try updater.create(StoredPage.make(id: id, body: "v0", secret: "s"))
            #expect(remover.get(id) != nil)
            let ready = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
            DispatchQueue.concurrentPerform(iterations: 2) { role in
                // Both start together: each says it is ready and waits for the other.
                ready[role].signal()
                ready[1 - role].wait()
                do {
                    if role == 0 {
                        try updater.update(id) { page throws(PageStoreError) in page.body = Array("v1".utf8) }
                        outcomes.add("updated")
                    } else if try !remover.remove(id, where: { $0.secret?.matches("s") == true }) {
                        outcomes.add("\(id): the remove found nothing")
                    }
                } catch PageStoreError.notFound(id) {
                    outcomes.add("update found nothing")
                } catch {
                    outcomes.add("\(id): \(error)")
                }
            }
            if FileManager.default.fileExists(atPath: folder.path + "/pages/\(id).page") { outcomes.add("\(id) came back") }
            updater.refreshNow()
            if updater.get(id) != nil { outcomes.add("\(id) is served") }
        }
        let failures = outcomes.values.filter { $0 != "updated" && $0 != "update found nothing" }
        #expect(failures.isEmpty, "\(failures)")
        let updatedFirst = outcomes.values.filter { $0 == "updated" }.count
        print("[measure] \(fromAnotherStore ? "two stores" : "one store"): the update came first in \(updatedFirst) of \(trials) races")
        #expect(try folder.names(in: "pages").isEmpty)
    }

    @Test func theLockStripeIgnoresCaseAndIsTheSameInEveryProcess() {
        #expect(RecordLocks.stripe(for: "Page-1") == RecordLocks.stripe(for: "page-1"))
        #expect(RecordLocks.stripe(for: "") == Int(2_166_136_261 % UInt32(RecordLocks.stripeCount)))
        #expect(Set((0..<200).map { RecordLocks.stripe(for: "id\($0)") }).count == RecordLocks.stripeCount)
    }
}
