import Foundation
import Testing

@testable import ShortcutStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct PageStoreRecoveryTests {
    /// A folder as a crash or a careless user might leave it.
    private func damagedFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try writeRecordFile(StoredPage.make(id: "good1", createdAt: Date(timeIntervalSinceReferenceDate: 1)), in: folder)
        try writeRecordFile(StoredPage.make(id: "good2", createdAt: Date(timeIntervalSinceReferenceDate: 2)), in: folder)
        let pages = folder.path + "/pages/"
        let full = try RecordFile.encode(StoredPage.make(id: "truncated", body: String(repeating: "t", count: 500)))
        try Data(full.dropLast(100)).write(to: URL(fileURLWithPath: pages + "truncated.page"))
        var flipped = try RecordFile.encode(StoredPage.make(id: "badsum", body: "checksum me"))
        flipped[flipped.count - 1] ^= 0x20
        try Data(flipped).write(to: URL(fileURLWithPath: pages + "badsum.page"))
        try Data("hello, I am not a record\n".utf8).write(to: URL(fileURLWithPath: pages + "junk.page"))
        try Data("notes".utf8).write(to: URL(fileURLWithPath: pages + "notes.txt"))
        try Data([]).write(to: URL(fileURLWithPath: pages + "empty.page"))
        try Data(full.prefix(40)).write(to: URL(fileURLWithPath: pages + ".tmp-999999-deadbeef"))
        try Data(full.prefix(40)).write(to: URL(fileURLWithPath: pages + "other.page.tmp"))
        return folder
    }

    @Test func aDamagedFolderStillOpensListsTheGoodAndReportsTheBad() throws {
        let folder = try damagedFolder()
        let store = try PageStore(directory: folder.url)
        #expect(store.list().map(\.id) == ["good1", "good2"])
        #expect(store.get("good1") == StoredPage.make(id: "good1", createdAt: Date(timeIntervalSinceReferenceDate: 1)))
        for bad in ["truncated", "badsum", "junk", "empty"] { #expect(store.get(bad) == nil) }
        let problems = store.problems
        for name in ["truncated.page", "badsum.page", "junk.page", "notes.txt", "empty.page"] {
            #expect(problems.contains { $0.hasPrefix(folder.path + "/pages/" + name + ": ") }, "\(name) in \(problems)")
        }
        #expect(problems.count == 5)
        #expect(problems.contains { $0.contains("truncated.page") && $0.contains("truncated") })
        #expect(problems.contains { $0.contains("badsum.page") && $0.contains("checksum") })
        #expect(store.count == 2)
        #expect(try !folder.names(in: "pages").contains { $0.contains(".tmp") })
    }

    @Test func problemsAreCompleteRightAfterOpening() throws {
        let folder = try damagedFolder()
        let store = try PageStore(directory: folder.url)
        #expect(store.problems.count == 5)
        #expect(store.count == 2)
    }

    @Test func aDamagedRecordCanBeReplacedOrRemoved() throws {
        let folder = try damagedFolder()
        let store = try PageStore(directory: folder.url)
        #expect(store.get("badsum") == nil)
        try store.put(StoredPage.make(id: "badsum", body: "fixed"))
        #expect(store.get("badsum")?.body == Array("fixed".utf8))
        #expect(try store.remove("truncated"))
        #expect(!store.problems.contains { $0.contains("badsum.page") || $0.contains("truncated.page") })
    }

    @Test func aTempFileLockedByALiveWriterIsNotSwept() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/pages", withIntermediateDirectories: true)
        let live = folder.path + "/pages/.tmp-1-live"
        let fd = open(live, O_WRONLY | O_CREAT, 0o644)
        #expect(fd >= 0)
        defer { close(fd) }
        #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
        try Data().write(to: URL(fileURLWithPath: folder.path + "/pages/.tmp-2-dead"))
        _ = try PageStore(directory: folder.url)
        #expect(try folder.names(in: "pages") == [".tmp-1-live"])
    }

    @Test func orphanStatsAndStatsTempFilesAreSweptAtOpen() throws {
        let folder = try TemporaryFolder()
        do {
            let store = try PageStore(directory: folder.url)
            try store.create(StoredPage.make(id: "kept"))
        }
        try Data("{}".utf8).write(to: URL(fileURLWithPath: folder.path + "/stats/orphan.stats"))
        try Data("{}".utf8).write(to: URL(fileURLWithPath: folder.path + "/stats/.tmp-5-x"))
        _ = try PageStore(directory: folder.url)
        #expect(try folder.names(in: "stats") == [".lock", "kept.stats"])
    }

    @Test func aStoreThatCannotBeCreatedSaysWhere() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("plain-file")
        try Data("x".utf8).write(to: file)
        #expect {
            _ = try PageStore(directory: file)
        } throws: { error in
            "\(error)".contains("plain-file")
        }
    }
}
