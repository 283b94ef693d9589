import Foundation
import HTTPVocabulary
import ShortcutStore
import Testing

@testable import ShortcutRoutes

/// Cached answers are reused for one stored version and rebuilt for any other (issue 8, point 5; issue 10:
/// "current" is `StoredPage.version`, one mechanism, no storage addresses).
@Suite struct ResponseCacheTests {
    static func status(_ cache: ResponseCache, _ page: StoredPage) -> Int {
        cache.response(for: page, build: PlayRoute.answer).status.code
    }

    @Test func aNewVersionOfAnEmptyPageGetsANewAnswer() {
        let cache = ResponseCache()
        let first = StoredPage(id: "empty", status: 200, body: [])
        var second = first
        second.status = 404
        #expect(Self.status(cache, first) == 200)
        #expect(Self.status(cache, second) == 404)
        #expect(Self.status(cache, StoredPage(id: "empty", status: 203, body: [])) == 203)
    }

    @Test func oneVersionIsBuiltOnce() {
        let cache = ResponseCache()
        let page = StoredPage(id: "p", body: Array("body".utf8))
        var builds = 0
        for _ in 0..<3 {
            let copy = page  // what each play gets from the store: a copy of one version
            _ = cache.response(for: copy) {
                builds += 1
                return PlayRoute.answer($0)
            }
        }
        #expect(builds == 1)
    }

    /// A header value changed to another of the same length: nothing about the sizes differs.
    @Test func aSameLengthHeaderChangeIsANewVersion() {
        let cache = ResponseCache()
        let first = StoredPage(id: "h", headers: [HTTPField(name: "X-Tag", value: "aaaa")], body: Array("b".utf8))
        var second = first
        second.headers[0].value = "bbbb"
        #expect(cache.response(for: first, build: PlayRoute.answer).headers["X-Tag"] == "aaaa")
        #expect(cache.response(for: second, build: PlayRoute.answer).headers["X-Tag"] == "bbbb")
        #expect(cache.response(for: first, build: PlayRoute.answer).headers["X-Tag"] == "aaaa", "the old version again")
    }

    /// A copy keeps its original's version until it is changed; the original keeps its own.
    @Test func aCopyIsTheSameVersionUntilItChanges() {
        let page = StoredPage(id: "c", body: Array("x".utf8))
        var copy = page
        #expect(copy.version == page.version && copy.isSameVersion(as: page))
        copy.body = Array("x".utf8)  // even a change to the same bytes
        #expect(copy.version != page.version)
        #expect(copy == page, "equal contents, two versions")
        #expect(StoredPage(id: "c", body: Array("x".utf8)).version != page.version, "a page made twice")
    }

    /// Through the store, as the play route sees it: an empty page PUT again with a new status is answered
    /// with the new status at once (the regression the storage-address check once had).
    @Test func anEmptyPagePutWithANewStatusIsAnsweredAnew() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ss-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try PageStore(directory: folder)
        let cache = ResponseCache()
        try store.create(StoredPage(id: "e", status: 200, body: [], metadata: ["kind": "mock"]))
        #expect(Self.status(cache, try #require(store.get("e"))) == 200)
        #expect(Self.status(cache, try #require(store.get("e"))) == 200)
        try store.put(StoredPage(id: "e", status: 410, body: [], metadata: ["kind": "mock"]))
        #expect(Self.status(cache, try #require(store.get("e"))) == 410)
    }
}
