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
        #expect(store.load("ABC", caching: true) == nil, "ABC has no record: abc's is not ABC's")
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
}
