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
            link: Self.noHardLinks)
        #expect(try String(contentsOfFile: folder.path + "/a.page", encoding: .utf8) == "one")
        #expect(throws: PageStoreError.io(path: folder.path + "/a.page", errno: EEXIST)) {
            try DurableFile.write(
                Array("two".utf8), named: "a.page", in: folder.path, directoryFD: fd, mode: .createNew,
                durable: true, link: Self.noHardLinks)
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
                link: { _, to throws(PageStoreError) in throw PageStoreError.io(path: to, errno: EIO) })
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
}
