import Foundation
import Testing

@testable import ShortcutStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The platform details of durable writes (issue 16): volumes without hard links, and syncs that reach
/// the drive on Darwin.
@Suite struct DurableFileTests {
    /// A file system without hard links, as Darwin reports it on exFAT, FAT and SMB: `link` fails with ENOTSUP.
    static func noHardLinks(_ from: String, _ to: String) throws(PageStoreError) {
        throw PageStoreError.io(path: to, errno: ENOTSUP)
    }

    @Test func createNewFallsBackToRenameWhereLinkIsNotSupported() throws {
        let folder = try TemporaryFolder()
        let fd = open(folder.path, O_RDONLY | O_DIRECTORY)
        defer { close(fd) }
        _ = try DurableFile.write(
            Array("one".utf8), named: "a.page", in: folder.path, directoryFD: fd, mode: .createNew, durable: true,
            unnamed: false, link: Self.noHardLinks)
        #expect(try String(contentsOfFile: folder.path + "/a.page", encoding: .utf8) == "one")
        #expect(throws: PageStoreError.io(path: folder.path + "/a.page", errno: EEXIST)) {
            try DurableFile.write(
                Array("two".utf8), named: "a.page", in: folder.path, directoryFD: fd, mode: .createNew,
                durable: true, unnamed: false, link: Self.noHardLinks)
        }
        #expect(try String(contentsOfFile: folder.path + "/a.page", encoding: .utf8) == "one")
        #expect(try folder.names(in: "") == ["a.page"], "no temp file is left behind")
    }

    @Test func everyNoHardLinksCodeFallsBackAndOthersFail() throws {
        // Darwin: ENOTSUP 45 and EOPNOTSUPP 102 differ (sys/errno.h); on Linux both are 95.
        for code in [EPERM, ENOTSUP, EOPNOTSUPP, ENOSYS, EMLINK] { #expect(DurableFile.meansNoHardLinks(code)) }
        for code in [EACCES, EEXIST, EIO, EROFS, ENOSPC] { #expect(!DurableFile.meansNoHardLinks(code)) }

        let folder = try TemporaryFolder()
        let fd = open(folder.path, O_RDONLY | O_DIRECTORY)
        defer { close(fd) }
        #expect(throws: PageStoreError.io(path: folder.path + "/b.page", errno: EIO)) {
            try DurableFile.write(
                [1], named: "b.page", in: folder.path, directoryFD: fd, mode: .createNew, durable: true,
                unnamed: false, link: { _, to throws(PageStoreError) in throw PageStoreError.io(path: to, errno: EIO) })
        }
        #expect(try folder.names(in: "").isEmpty, "a failed create leaves nothing")
    }

    @Test func finderAndAppleDoubleFilesAreNotDamage() throws {
        let folder = try TemporaryFolder()
        try PageStore(directory: folder.url).create(.make(id: "abc"))
        for name in [".DS_Store", "._abc.page", "._.DS_Store", "notes.txt"] {
            for sub in ["pages", "stats"] {
                try Data("Finder".utf8).write(to: folder.url.appendingPathComponent(sub + "/" + name))
            }
        }
        let store = try PageStore(directory: folder.url)
        #expect(store.problems == [PageStore.foreignFileMessage(folder.path + "/pages/notes.txt")])
        #expect(store.count == 1)
        #expect(store.get("abc") != nil)
    }

    /// While a file is written and synced it has no name (Linux's O_TMPFILE): a program that lists the store
    /// meanwhile (crash_kill's check of leftovers did, and flagged a play-count flush's `.tmp-` file) sees the
    /// old file or the new one, nothing else. Then named atomically: `createNew` refuses a taken name.
    @Test func aFileBeingWrittenHasNoNameUntilItIsWhole() throws {
        let folder = try TemporaryFolder()
        let fd = open(folder.path, O_RDONLY | O_DIRECTORY)
        defer { close(fd) }
        #if os(Linux)
            var seen: [[String]] = []
            for (mode, text) in [(DurableFile.Mode.createNew, "one"), (.replace, "two"), (.replace, "three")] {
                let version = try DurableFile.writeUnnamed(
                    Array(text.utf8), named: "a.stats", in: folder.path, directoryFD: fd, mode: mode, durable: true, syncDirectory: false,
                    beforeNaming: { seen.append((try? folder.names(in: "")) ?? ["unreadable"]) })
                #expect(version != nil, "this file system has O_TMPFILE")
                #expect(try String(contentsOfFile: folder.path + "/a.stats", encoding: .utf8) == text)
            }
            #expect(seen == [[], ["a.stats"], ["a.stats"]], "only whole files had names while the new one was written")
            #expect(try folder.names(in: "") == ["a.stats"], "no temp file is left behind")
            #expect(throws: PageStoreError.io(path: folder.path + "/a.stats", errno: EEXIST)) {
                try DurableFile.write(
                    Array("four".utf8), named: "a.stats", in: folder.path, directoryFD: fd, mode: .createNew, durable: true)
            }
            #expect(try String(contentsOfFile: folder.path + "/a.stats", encoding: .utf8) == "three")
            #expect(try folder.names(in: "") == ["a.stats"])
        #else
            #expect(
                try DurableFile.writeUnnamed(
                    [1], named: "a.stats", in: folder.path, directoryFD: fd, mode: .createNew, durable: true,
                    syncDirectory: true) == nil, "no O_TMPFILE here: write names a temp file")
        #endif
    }
}
