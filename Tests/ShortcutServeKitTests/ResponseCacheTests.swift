import Foundation
import ShortcutHTTP
import ShortcutStore
import Testing
@testable import ShortcutServeKit

/// Cached answers are reused for one stored version and rebuilt for any other (issue 8, point 5).
@Suite struct ResponseCacheTests {
    @Test func aNewVersionOfAnEmptyPageGetsANewAnswer() {
        let cache = ResponseCache()
        let first = StoredPage(id: "empty", status: 200, body: [])
        var second = first
        second.status = 404
        #expect(cache.response(for: first, build: PlayRoute.answer).status.code == 200)
        #expect(cache.response(for: second, build: PlayRoute.answer).status.code == 404)
        #expect(cache.response(for: StoredPage(id: "empty", status: 203, body: []), build: PlayRoute.answer).status.code == 203)
    }

    @Test func oneVersionIsBuiltOnce() {
        let cache = ResponseCache()
        let page = StoredPage(id: "p", body: Array("body".utf8))
        var builds = 0
        for _ in 0..<3 {
            let copy = page  // what each play gets from the store: a copy of one version
            _ = cache.response(for: copy) { builds += 1; return PlayRoute.answer($0) }
        }
        #expect(builds == 1)
    }
}
