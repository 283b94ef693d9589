import Foundation
import ShortcutStore
import TestSupport
import Testing

/// Stores that cannot or must not be written (issue 8, points 8 and 13): they are read and served, every
/// write is refused with the reason, no file changes; a store that is not there is not made by a reader.
@Suite struct PageStoreReadOnlyTests {
    /// Every name under `folder` with its size and change time: "nothing was written" made checkable.
    private func snapshot(_ folder: URL) throws -> [String: String] {
        var result: [String: String] = [:]
        let paths = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
        for path in paths {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.path + "/" + path)
            result[path] = "\(attributes[.size] ?? 0) \(attributes[.modificationDate] ?? 0)"
        }
        return result
    }

    private func filledStore() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        try store.create(StoredPage.make(id: "kept", secret: "s"))
        try store.create(StoredPage.make(id: "old", expiresAt: Date(timeIntervalSinceNow: -1)))  // expired
        store.recordAccess("kept")
        store.flush()
        return folder
    }

    private func expectWritesRefused(_ store: PageStore, reason: String) {
        let refused = PageStoreError.readOnly(path: store.directory.path, reason: reason)
        #expect(throws: refused) { try store.create(StoredPage.make(id: "new")) }
        #expect(throws: refused) { try store.put(StoredPage.make(id: "kept", body: "changed")) }
        #expect(throws: refused) { try store.update("kept") { page throws(PageStoreError) in page.body = [] } }
        #expect(throws: refused) { try store.remove("kept") }
        #expect(throws: refused) { try store.remove("kept") { _ in true } }
        #expect(refused.description == "the store \(store.directory.path) is read-only (\(reason)): nothing can be written")
    }

    @Test func aStoreOpenedReadOnlyIsReadAndNeverWritten() throws {
        let folder = try filledStore()
        try Data("left by a crashed writer".utf8).write(to: folder.url.appendingPathComponent("pages/.tmp-1-dead"))
        try Data("{}".utf8).write(to: folder.url.appendingPathComponent("stats/orphan.stats"))
        let before = try snapshot(folder.url)
        let store = try PageStore(directory: folder.url, access: .readOnly)
        #expect(store.isReadOnly && store.readOnlyReason == "opened read-only")
        #expect(store.get("kept")?.body == Array("<p>hello</p>".utf8))
        #expect(store.play("kept").page != nil)
        #expect(store.stats("kept")?.totalAccess == 2, "one on disk, one counted in memory")
        #expect(store.get("old") == nil, "expired: not served, and its file is left (see the snapshot)")
        #expect(store.list().map(\.id) == ["kept"])
        expectWritesRefused(store, reason: "opened read-only")
        store.flush()
        #expect(store.problems.isEmpty, "\(store.problems)")
        #expect(try snapshot(folder.url) == before, "nothing swept, written or removed")
    }

    @Test(arguments: [PageStore.Access.readOnly, .existing])
    func aReaderDoesNotMakeAStoreThatIsNotThere(access: PageStore.Access) throws {
        let folder = try TemporaryFolder()
        let missing = folder.url.appendingPathComponent("typo")
        #expect(throws: PageStoreError.noStore(path: missing.path, reason: "the folder does not exist")) {
            try PageStore(directory: missing, access: access)
        }
        #expect(!FileManager.default.fileExists(atPath: missing.path))
        #expect(throws: PageStoreError.noStore(path: folder.path, reason: "it has no pages folder")) {
            try PageStore(directory: folder.url, access: access)
        }
        #expect(try folder.names(in: "").isEmpty)
        let file = folder.url.appendingPathComponent("file")
        try Data().write(to: file)
        #expect(throws: PageStoreError.notAFolder(path: file.path, file: file.path)) {
            try PageStore(directory: file, access: access)
        }
        #expect(
            PageStoreError.noStore(path: "/x", reason: "the folder does not exist").description
                == "no store at /x: the folder does not exist")
    }

    /// Issue 42: a store path through a file names the file, in words, whatever the access. Before, it was
    /// `<path>: Not a directory (errno 20)`, naming the last part of the path, or "the folder does not exist".
    @Test(arguments: [PageStore.Access.createIfMissing, .readOnly, .existing])
    func aStorePathThroughAFileNamesTheFile(access: PageStore.Access) throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("file")
        try Data().write(to: file)
        for (path, reason) in [
            (file.appendingPathComponent("sub/deeper"), "\(file.path) is a file, not a folder"),
            (file, "it is a file, not a folder"),
        ] {
            do {
                _ = try PageStore(directory: path, access: access)
                Issue.record("opened \(path.path)")
            } catch {
                #expect("\(error)" == "\(path.path): \(reason)")
            }
        }
        #expect(try folder.names(in: "") == ["file"])
    }

    @Test func anExistingStoreIsWrittenWithExistingAccess() throws {
        let folder = try filledStore()
        let store = try PageStore(directory: folder.url, access: .existing)
        #expect(!store.isReadOnly)
        #expect(try store.remove("kept"))
    }

    /// The real thing: a store on a read-only mount (root) or without write permission (other users). It
    /// opens read-only by itself, also when it is an older store without `locks/`.
    @Test(.enabled(if: ReadOnlyView.isAvailable, "needs root with mount(8), or a user other than root"), arguments: [false, true])
    func aStoreThatCannotBeWrittenOpensReadOnly(withoutLocksFolder: Bool) throws {
        let folder = try filledStore()
        if withoutLocksFolder { try FileManager.default.removeItem(at: folder.url.appendingPathComponent("locks")) }
        try Data("left by a crashed writer".utf8).write(to: folder.url.appendingPathComponent("pages/.tmp-1-dead"))
        let view = try ReadOnlyView(of: folder.url)
        let before = try snapshot(view.url)
        let store = try PageStore(directory: view.url)
        let reason = try #require(store.readOnlyReason)
        #expect(["Read-only file system", "Permission denied"].contains(reason))
        #expect(store.get("kept") != nil)
        #expect(store.play("kept").page != nil)
        #expect(store.stats("kept")?.totalAccess == 2)
        expectWritesRefused(store, reason: reason)
        store.flush()
        #expect(store.get("old") == nil, "expired: not served, and its file is left (see the snapshot)")
        #expect(store.list().map(\.id) == ["kept"])
        #expect(store.problems.isEmpty, "\(store.problems)")
        #expect(try snapshot(view.url) == before)
    }
}
