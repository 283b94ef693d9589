import Foundation
import Testing

@testable import ShortcutStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ids are unique without regard to case (issue 16): on macOS's default file system (APFS, case-insensitive)
/// `ABC.page` and `abc.page` are one file, so a second casing would fail as "already exists" or, through
/// `put`, silently replace the first record. Linux's file systems keep case, so the same rule is tested
/// here directly, and a case-insensitive file system is imitated with a hard link: `ABC.page` naming the
/// same file as `abc.page` is what such a file system shows at `ABC`'s path.
@Suite struct PageStoreCaseTests {
    @Test func createRefusesAnIDThatDiffersOnlyInCase() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        try store.create(.make(id: "abc", body: "first"))
        #expect(throws: PageStoreError.idTakenInOtherCase("ABC", existing: "abc")) { try store.create(.make(id: "ABC")) }
        #expect(throws: PageStoreError.idTakenInOtherCase("aBc", existing: "abc")) { try store.put(.make(id: "aBc")) }
        #expect(store.get("abc")?.body == Array("first".utf8))
        #expect(store.get("ABC") == nil)
        #expect(try folder.names(in: "pages") == ["abc.page"])
    }

    @Test func anotherProcessesRecordCountsToo() throws {
        let folder = try TemporaryFolder()
        let first = try PageStore(directory: folder.url)
        let second = try PageStore(directory: folder.url)
        try first.create(.make(id: "Report"))
        // `second` has not listed the folder since: the check reads `report`'s path itself on a file system
        // that ignores case; here, where case is kept, `second`'s index learns of `Report` by the lookup.
        #expect(second.get("Report") != nil)
        #expect(throws: PageStoreError.idTakenInOtherCase("report", existing: "Report")) {
            try second.create(.make(id: "report"))
        }
    }

    @Test func onAFileSystemThatIgnoresCaseTheTwinIsNeitherReadNorReplacedNorRemoved() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        try store.create(.make(id: "abc", body: "first"))
        let pages = folder.path + "/pages"
        #expect(link(pages + "/abc.page", pages + "/ABC.page") == 0)

        #expect(try store.caseTwinOnDisk(of: "ABC") == "abc")
        #expect(try store.caseTwinOnDisk(of: "abc") == nil)
        #expect(store.load("ABC", caching: true) == .missing, "ABC has no record: abc's is not ABC's")
        #expect(!store.problems.contains { $0.contains("ABC.page") }, "a twin is not damage: \(store.problems)")
        #expect(throws: PageStoreError.idTakenInOtherCase("ABC", existing: "abc")) { try store.put(.make(id: "ABC")) }
        #expect(try !store.remove("ABC"))
        #expect(FileManager.default.fileExists(atPath: pages + "/ABC.page"), "remove(ABC) left abc's file alone")
        #expect(store.get("abc")?.body == Array("first".utf8))
    }

    @Test func equalIgnoringCaseIsASCIIFolding() {
        #expect(PageID.equalIgnoringCase("My-Page_1", "my-page_1"))
        #expect(!PageID.equalIgnoringCase("abc", "abd"))
        #expect(!PageID.equalIgnoringCase("abc", "abcd"))
        #expect(!PageID.equalIgnoringCase("a-b", "a_b"))
        #expect(!PageID.equalIgnoringCase("@", "`"))  // 0x40 and 0x60 differ by the case bit but are not letters
        #expect(PageID.caseFoldedKey("AbC-9_z") == "abc-9_z")
    }

    @Test func everyCasingOfAnIDTakesOneStripeLock() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        // They share one file where case is ignored, so their disk work must be ordered like one id's.
        for id in ["abc", "ABC", "aBc", "Abc"] { #expect(store.idLock(id) === store.idLock("abc")) }
    }

    // MARK: Issue 28: the rule at the cost of a lookup

    /// 50,000 ids of a UUID's length (one length, so no comparison is cut short) in the index.
    static func fill(_ store: PageStore, count: Int = 50_000) {
        store.withLock {
            for number in 0..<count {
                let id = "00000000-0000-4000-8000-" + String(String(number + 1_000_000_000_000).suffix(12))
                store.index[id] = IndexEntry(inode: UInt64(number + 1), generation: 0, state: .listed)
            }
        }
    }

    @Test func creatingOneMoreAmongFiftyThousandComparesAConstantNumberOfIDs() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        Self.fill(store)
        let before = store.withLock { store.index.caseComparisons }
        try store.create(.make(id: "b6a1e4f2-3c5d-4e7f-8a9b-0c1d2e3f4a5b"))
        try store.create(.make(id: "B6A1E4F2-3C5D-4E7F-8A9B-0C1D2E3F4A5C"))
        try store.put(.make(id: "Mixed-Case-Id"))
        let compared = store.withLock { store.index.caseComparisons } - before
        #expect(compared <= 3, "\(compared) ids compared for three writes among 50,000 records")
        #expect(store.withLock { store.index.count } == 50_003)
        // The rule still holds, through the index, for every casing.
        #expect(
            throws: PageStoreError.idTakenInOtherCase(
                "B6A1E4F2-3C5D-4E7F-8A9B-0C1D2E3F4A5B", existing: "b6a1e4f2-3c5d-4e7f-8a9b-0c1d2e3f4a5b")
        ) {
            try store.create(.make(id: "B6A1E4F2-3C5D-4E7F-8A9B-0C1D2E3F4A5B"))
        }
        #expect(
            throws: PageStoreError.idTakenInOtherCase(
                "b6a1e4f2-3c5d-4e7f-8a9b-0c1d2e3f4a5c", existing: "B6A1E4F2-3C5D-4E7F-8A9B-0C1D2E3F4A5C")
        ) {
            try store.create(.make(id: "b6a1e4f2-3c5d-4e7f-8a9b-0c1d2e3f4a5c"))
        }
        #expect(throws: PageStoreError.idTakenInOtherCase("mixed-case-ID", existing: "Mixed-Case-Id")) {
            try store.put(.make(id: "mixed-case-ID"))
        }
        let afterRefusals = store.withLock { store.index.caseComparisons } - before
        #expect(afterRefusals <= 6, "\(afterRefusals)")
    }

    @Test func theIndexKeepsTheFoldedIDsInStepAcrossRemovalAndRefresh() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        try store.create(.make(id: "Abc"))
        #expect(throws: PageStoreError.idTakenInOtherCase("aBC", existing: "Abc")) { try store.create(.make(id: "aBC")) }
        #expect(try store.remove("Abc"))
        try store.create(.make(id: "aBC"))
        #expect(store.get("aBC") != nil, "free once its twin was removed")
        // A record another process removes is dropped by the refresh, and its casing is free again.
        try FileManager.default.removeItem(atPath: folder.path + "/pages/aBC.page")
        store.refreshNow()
        #expect(store.withLock { store.index.caseTwin(of: "abc") } == nil)
        try store.create(.make(id: "abc"))
    }

    /// Another process's record that this store has neither listed nor read: found on disk at the twin's
    /// all-lowercase or all-uppercase path (ext4 keeps case, so `ABC`'s own path does not open it).
    @Test(arguments: [("abc", "ABC"), ("ABC", "abc"), ("report-1", "Report-1"), ("REPORT-2", "Report-2")])
    func aTwinThatExistsOnlyOnDiskIsRefused(existing: String, new: String) throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        try writeRecordFile(.make(id: existing), in: folder)
        #expect(store.withLock { store.index[existing] } == nil, "not listed or read yet")
        #expect(throws: PageStoreError.idTakenInOtherCase(new, existing: existing)) { try store.create(.make(id: new)) }
        #expect(throws: PageStoreError.idTakenInOtherCase(new, existing: existing)) { try store.put(.make(id: new)) }
        #expect(try folder.names(in: "pages") == [existing + ".page"])
    }
}

/// `RecordIndex` alone: entries added, replaced and removed keep the folded ids in step.
@Suite struct RecordIndexTests {
    @Test func foldedIDsFollowEveryChange() {
        var index = RecordIndex([
            "Abc": IndexEntry(inode: 1, generation: 0, state: .listed), "xyz": IndexEntry(inode: 2, generation: 0, state: .listed),
        ])
        #expect(index.caseTwin(of: "abc") == "Abc")
        #expect(index.caseTwin(of: "ABC") == "Abc")
        #expect(index.caseTwin(of: "Abc") == nil, "an id is not its own twin")
        #expect(index.caseTwin(of: "XYZ") == "xyz")
        #expect(index.caseTwin(of: "xyz") == nil)
        index["Abc"] = IndexEntry(inode: 3, generation: 1, state: .good)  // replaced: still one id
        index["Abc"] = nil
        #expect(index.caseTwin(of: "abc") == nil)
        index["ABC"] = IndexEntry(inode: 4, generation: 0, state: .listed)
        index["aBc"] = IndexEntry(inode: 5, generation: 0, state: .listed)  // both, as another process may leave them
        #expect(index.caseTwin(of: "ABC") == "aBc")
        #expect(index.caseTwin(of: "aBc") == "ABC")
        index["ABC"] = nil
        #expect(index.caseTwin(of: "abc") == "aBc")
        index["aBc"] = nil
        #expect(index.caseTwin(of: "abc") == nil)
        #expect(index.count == 1)
    }
}
