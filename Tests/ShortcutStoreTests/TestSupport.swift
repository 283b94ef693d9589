import Foundation
import HTTPVocabulary
import Testing

@testable import ShortcutStore

/// A fresh folder under the system temp folder, removed when the test is done.
final class TemporaryFolder {
    let url: URL
    var path: String { url.path }

    init() throws {
        let template = FileManager.default.temporaryDirectory.path + "/shortcut-store-test-XXXXXX"
        var bytes = Array(template.utf8CString)
        let made = bytes.withUnsafeMutableBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            return mkdtemp(base) != nil
        }
        guard made else { throw PageStoreError.io(path: template, errno: errno) }
        url = URL(fileURLWithPath: String(decoding: bytes.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    deinit {
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            print("could not remove \(url.path): \(error)")
        }
    }

    /// The names in `sub` (e.g. "pages"), sorted.
    func names(in sub: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path + "/" + sub).sorted()
    }
}

extension StoredPage {
    /// A test page with every field set to something worth checking.
    static func make(
        id: String = PageID.generate(), body: String = "<p>hello</p>", name: String = "greeting",
        createdAt: Date = Date(timeIntervalSinceReferenceDate: 800_000_000.123_456),
        expiresAt: Date? = nil, secret: String? = nil
    ) -> StoredPage {
        StoredPage(
            id: id, name: name, status: 201, contentType: "text/html", charset: "UTF-8",
            headers: [
                HTTPField(name: "X-B", value: "2"), HTTPField(name: "X-A", value: "1"),
                HTTPField(name: "X-B", value: "3"),
            ],
            body: Array(body.utf8), secret: secret.map(SecretHash.make), createdAt: createdAt, expiresAt: expiresAt,
            metadata: ["kind": "url", "title": "Hello", "url": "https://example.com/a?b=c"])
    }
}

/// Writes `page` straight into `folder/pages` in the record format, as another program might.
func writeRecordFile(_ page: StoredPage, in folder: TemporaryFolder) throws {
    try FileManager.default.createDirectory(atPath: folder.path + "/pages", withIntermediateDirectories: true)
    let bytes = try RecordFile.encode(page)
    try Data(bytes).write(to: URL(fileURLWithPath: folder.path + "/pages/" + page.id + ".page"))
}

/// Runs `store`'s maintenance tick on its queue, as its timer does every `PageStore.maintenanceInterval`
/// (250 ms), until `condition` holds; returns how many ticks that took (0: it held at once), or nil when
/// it still does not after `limit`. Time in the store is counted in ticks, so no test waits for a clock.
func ticksUntil(_ store: PageStore, limit: Int, _ condition: () -> Bool) -> Int? {
    for tick in 0...limit {
        if condition() { return tick }
        if tick < limit { store.maintenanceQueue.sync { store.maintenanceTick() } }
    }
    return nil
}
