import Foundation
import HTTPVocabulary
import Testing

@testable import ShortcutStore

@Suite struct RecordFileTests {
    @Test func roundTripsEveryField() throws {
        let page = StoredPage.make(
            id: "round-trip", body: "bytes \u{0} and \n newlines", expiresAt: Date(timeIntervalSinceNow: 3600),
            secret: "pw")
        let bytes = try RecordFile.encode(page)
        #expect(try RecordFile.decode(bytes, path: "p", expectedID: "round-trip") == page)
    }

    @Test func theFirstLineIsJSONAndTheBodyFollowsVerbatim() throws {
        let body: [UInt8] = Array(0...255)
        let page = StoredPage(id: "binary", contentType: "application/octet-stream", body: body)
        let bytes = try RecordFile.encode(page)
        let newline = try #require(bytes.firstIndex(of: 0x0a))
        let json = try JSONSerialization.jsonObject(with: Data(bytes[..<newline])) as? [String: Any]
        let record = try #require(json?["record"] as? [String: Any])
        #expect(record["bodyLength"] as? Int == 256)
        #expect(record["bodySHA256"] as? String == SHA256.hex(SHA256.hash(body)))
        #expect(Array(bytes[(newline + 1)...]) == body)
    }

    @Test func everyTruncationIsDetected() throws {
        let bytes = try RecordFile.encode(StoredPage.make(id: "t", body: "0123456789"))
        for length in 0..<bytes.count {
            #expect(throws: PageStoreError.self) {
                _ = try RecordFile.decode(Array(bytes[..<length]), path: "p", expectedID: "t")
            }
        }
    }

    @Test func everyFlippedByteIsDetected() throws {
        let bytes = try RecordFile.encode(StoredPage.make(id: "f", body: "payload"))
        for index in bytes.indices {
            var damaged = bytes
            damaged[index] ^= 0x01
            #expect(throws: PageStoreError.self) { _ = try RecordFile.decode(damaged, path: "p", expectedID: "f") }
        }
    }

    @Test func aRecordUnderAnotherIDsNameIsRefused() throws {
        let bytes = try RecordFile.encode(StoredPage.make(id: "one"))
        #expect(throws: PageStoreError.self) { _ = try RecordFile.decode(bytes, path: "p", expectedID: "two") }
    }

    @Test func aForeignFileIsNamedAsSuch() {
        #expect {
            _ = try RecordFile.decode(Array("hello\n".utf8), path: "/s/pages/x.page", expectedID: "x")
        } throws: { error in
            "\(error)".contains("/s/pages/x.page") && "\(error)".contains("foreign file")
        }
    }
}
