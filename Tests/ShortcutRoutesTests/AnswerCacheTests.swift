import HTTPVocabulary
import ShortcutStore
import Testing

@testable import ShortcutRoutes

/// One budget for every prepared answer and QR image (issue 15): each entry charged what it holds, the
/// least recently used evicted first, the total never above the budget whatever the mix.
@Suite struct AnswerCacheTests {
    static let overhead = LRUCache<AnswerCache.Key, AnswerCache.Entry>.entryOverhead

    static func page(_ id: String, bytes: Int) -> StoredPage {
        StoredPage(id: id, body: [UInt8](repeating: 0x61, count: bytes))
    }

    /// A 301 whose 14 KB `Location` is in the headers and again in the prepared head is charged both.
    @Test func anAnswerIsChargedItsHeadersAndItsPreparedHead() {
        let cache = AnswerCache(budgetBytes: 1 << 20)
        let location = "data:text/html;base64," + String(repeating: "A", count: 14_000)
        let answer = cache.response(.dataRedirect, for: Self.page("d", bytes: 10)) { _ in .movedPermanently(location) }
        #expect(answer.preparedByteCount > 14_000)
        #expect(cache.heldBytes >= 2 * 14_000 + Self.overhead)
        #expect(
            cache.heldBytes == 64 + 1 + answer.body.count
                + answer.headers.fields.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 32 }
                + answer.preparedByteCount + Self.overhead)
    }

    /// Kinds share the room: answers of one kind evict another kind's least recently used.
    @Test func kindsShareOneBudget() {
        let one = AnswerCache(budgetBytes: 1 << 30)
        _ = one.response(.play, for: Self.page("a", bytes: 4000), build: PlayRoute.answer)
        let cost = one.heldBytes
        let cache = AnswerCache(budgetBytes: cost * 2)
        _ = cache.response(.play, for: Self.page("a", bytes: 4000), build: PlayRoute.answer)
        _ = cache.response(.webClip, for: Self.page("a", bytes: 4000), build: PlayRoute.answer)
        #expect(cache.count == 2, "one page, two kinds: two entries")
        _ = cache.response(.icon, for: Self.page("b", bytes: 4000), build: PlayRoute.answer)
        #expect(cache.count == 2)
        #expect(cache.heldBytes <= cache.budgetBytes)
        var builds = 0
        _ = cache.response(.play, for: Self.page("a", bytes: 4000)) {
            builds += 1
            return PlayRoute.answer($0)
        }
        #expect(builds == 1, "the play of a was the least recently used: evicted")
    }

    /// Whatever the mix of kinds, sizes and images, the cache never holds more than its budget.
    @Test func neverMoreThanTheBudget() throws {
        let cache = AnswerCache(budgetBytes: 64 << 10)
        let images = QRImageCache(in: cache)
        let kinds: [AnswerCache.Kind] = [.dataRedirect, .pageRedirect, .play, .webClip, .manifest, .worker, .icon]
        var generator = SystemRandomNumberGenerator()
        for round in 0..<2_000 {
            let size = Int.random(in: 0...9_000, using: &generator)
            let page = Self.page("p\(round % 97)", bytes: size)
            switch round % 8 {
            case 7: _ = try images.svg(of: "http://192.0.2.2:9081/s/p\(round % 97)")
            default: _ = cache.response(kinds[round % 8], for: page, build: PlayRoute.answer)
            }
            #expect(cache.heldBytes <= cache.budgetBytes)
        }
        #expect(cache.heldBytes > cache.budgetBytes / 2, "the cache is used, not emptied")
    }

    /// A budget of 0 caches nothing and still answers.
    @Test func aZeroBudgetCachesNothing() {
        let cache = AnswerCache(budgetBytes: 0)
        var builds = 0
        for _ in 0..<3 {
            _ = cache.response(.play, for: Self.page("z", bytes: 1)) {
                builds += 1
                return PlayRoute.answer($0)
            }
        }
        #expect(builds == 3)
        #expect(cache.heldBytes == 0)
    }

    @Test func theSplitAddsUpToTheBudget() {
        for bytes in [0, 1, 7, 8 << 20, CacheBudget.defaultBytes] {
            let budget = CacheBudget(bytes: bytes)
            #expect(budget.storeBytes + budget.answerBytes == bytes)
        }
        #expect(CacheBudget(bytes: -5).bytes == 0)
    }
}
