import Dispatch
import Foundation
import HTTPVocabulary
import Testing

@testable import ShortcutStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A store of 100,000 records and many writers: what must hold at that size. How fast it is (open time,
/// creates per second, RSS) is `scripts/bench.sh --store-bench`'s to print, on the release binary.
@Suite(.serialized) struct PageStoreScaleTests {
    /// The id of the `index`th generated record: fixed width, so that every record has the same length.
    private func scaleID(_ index: Int) -> String {
        let digits = String(index)
        return "p" + String(repeating: "0", count: 6 - digits.count) + digits
    }

    /// Writes `count` small valid records straight into `folder/pages` (no fsync: this is setup, not the
    /// store's write path), split over the cores. One record is encoded; the others are that record with
    /// its id patched and its header checksum recomputed, which keeps the setup to a few seconds.
    private func fillFolder(_ folder: TemporaryFolder, count: Int) throws {
        try FileManager.default.createDirectory(atPath: folder.path + "/pages", withIntermediateDirectories: true)
        let pages = folder.path + "/pages/"
        let template = try RecordFile.encode(
            StoredPage(id: scaleID(0), body: Array("<p>scale</p>".utf8), createdAt: Date(timeIntervalSinceReferenceDate: 0)))
        let newline = try #require(template.firstIndex(of: 0x0a))
        let jsonStart = 13 + 64 + 11  // {"checksum":"<64 hex>","record":
        let idMarker = Array(#""id":"p000000""#.utf8)
        let idOffset =
            try #require(
                (jsonStart..<newline).first { template[$0..<$0 + idMarker.count].elementsEqual(idMarker) }) + 7
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let failures = Counter()
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var bytes = template
            for index in stride(from: worker, to: count, by: workers) {
                let id = scaleID(index)
                bytes.replaceSubrange(idOffset..<idOffset + 6, with: id.utf8.dropFirst())
                let checksum = SHA256.hex(SHA256.hash(bytes[jsonStart..<newline - 1]))
                bytes.replaceSubrange(13..<13 + 64, with: checksum.utf8)
                let path = pages + id + ".page"
                let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                if fd < 0 {
                    failures.add("\(path): errno \(errno)")
                    continue
                }
                defer { close(fd) }
                do { try StoreIO.writeAll(fd, bytes, path: path) } catch { failures.add("\(error)") }
            }
        }
        #expect(failures.values.isEmpty)
    }

    // How long the open takes (<= 1 s for 100,000 records) is timed by `scripts/bench.sh --store-bench`
    // (store_open.py, on the release binary), not here: a unit test on a shared machine cannot hold a clock.
    @Test func opensOneHundredThousandRecords() throws {
        let folder = try TemporaryFolder()
        let count = 100_000
        try fillFolder(folder, count: count)
        let store = try PageStore(directory: folder.url)
        #expect(store.count == count)

        for index in [0, 1, 4242, 99_999] {
            #expect(store.get(scaleID(index))?.body == Array("<p>scale</p>".utf8))
        }
        #expect(store.get("p100000") == nil)

        let hot = [scaleID(0), scaleID(4242)]
        for index in 0..<200_000 where store.get(hot[index & 1]) == nil {
            Issue.record("cached page missing")
        }
        #expect(store.cachedBytes <= 64 << 20)
    }

    // Creates per second are timed by `scripts/bench.sh --store-bench` (durable POST /api/mock, c1 c4 c16).
    @Test func createsDurablyFromOneThreadAndFromFour() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        let count = 300
        let pages = (0..<count).map { StoredPage.make(id: "c\($0)", body: String(repeating: "x", count: 2000)) }
        for page in pages { try store.create(page) }
        let threads = 4
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<count / threads {
                do {
                    try store.create(StoredPage.make(id: "q\(thread)-\(index)", body: "x"))
                } catch {
                    Issue.record("\(error)")
                }
            }
        }
        #expect(store.count == count * 2)
    }
}
