import HTTPVocabulary
import ShortcutQR
import Testing

@testable import ShortcutRoutes

/// The bounded cache of QR code images behind `/qr/<id>.svg` and the index.
@Suite struct QRImageCacheTests {
    @Test func anImageIsTheEncodersAndIsKeptOnce() throws {
        let cache = QRImageCache()
        let first = try cache.svg(of: "http://192.0.2.2:9081/s/scan")
        #expect(first == Array(try QRCode(text: "http://192.0.2.2:9081/s/scan").svg().utf8))
        let held = cache.heldBytes
        #expect(try cache.svg(of: "http://192.0.2.2:9081/s/scan") == first)
        #expect(cache.heldBytes == held)
        // Another size is another image.
        #expect(try cache.svg(of: "http://192.0.2.2:9081/s/scan", pixelsPerModule: 3) != first)
    }

    @Test func theBudgetIsNeverPassedAndTheLeastRecentlyUsedImageGoesFirst() throws {
        let overhead = LRUCache<AnswerCache.Key, AnswerCache.Entry>.entryOverhead
        func cost(_ text: String) throws -> Int { try QRImageCache().svg(of: text).count + 32 + "4 \(text)".utf8.count + overhead }
        let texts = ["http://a/s/0", "http://a/s/1", "http://a/s/2"]
        // Room for exactly the first two: the third evicts the least recently used, the first.
        let cache = QRImageCache(in: AnswerCache(budgetBytes: try cost(texts[0]) + cost(texts[1])))
        _ = try cache.svg(of: texts[0])
        _ = try cache.svg(of: texts[1])
        #expect(cache.heldBytes == cache.shared.budgetBytes)
        _ = try cache.svg(of: texts[1])  // now the most recent
        _ = try cache.svg(of: texts[2])
        #expect(cache.heldBytes == (try cost(texts[1]) + cost(texts[2])))
        #expect(cache.heldBytes <= cache.shared.budgetBytes)
        #expect(cache.shared.count == 2)
    }

    @Test func tooLongATextIsTheEncodersError() {
        #expect(throws: QRCodeError.tooLong(bytes: 2400, limit: 2331, level: .medium)) {
            try QRImageCache().svg(of: String(repeating: "a", count: 2400))
        }
    }
}
