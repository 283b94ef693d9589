import Foundation
import HTTPVocabulary
import ShortcutStore
import Testing

/// The store refuses, through its public API, every header field, content type and charset that the HTTP
/// layer would refuse to send: a byte the writer cannot put on the wire must not get in, to be answered 500
/// later. (A 0x01 in a header value once did: the store checked only CR, LF and NUL.)
@Suite struct PageStoreFieldValidityTests {
    /// Every byte that may not stand in a field value: the controls but HTAB, and DEL (RFC 9110 §5.5).
    static let invalidValueBytes: [UInt8] = Array(0x00...0x08) + Array(0x0A...0x1F) + [0x7F]

    @Test(arguments: invalidValueBytes)
    func aHeaderValueWithAControlByteIsRefused(byte: UInt8) throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        var page = StoredPage.make(id: "h")
        let value = "a" + String(decoding: [byte], as: UTF8.self) + "b"
        page.headers = [HTTPField(name: "X-Ctl", value: value)]
        #expect(throws: PageStoreError.invalidHeader(name: "X-Ctl", value: value)) { try store.create(page) }
        #expect(try folder.names(in: "pages").isEmpty)
    }

    @Test(arguments: invalidValueBytes)
    func aContentTypeOrCharsetWithAControlByteIsRefused(byte: UInt8) throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        let bad = "text/html" + String(decoding: [byte], as: UTF8.self)
        var type = StoredPage.make(id: "t")
        type.contentType = bad
        #expect(throws: PageStoreError.invalidContentType(bad)) { try store.create(type) }
        var charset = StoredPage.make(id: "c")
        charset.charset = bad
        #expect(throws: PageStoreError.invalidContentType(bad)) { try store.create(charset) }
        #expect(try folder.names(in: "pages").isEmpty)
    }

    @Test func anUpdateCannotBringAControlByteInEither() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        try store.create(StoredPage.make(id: "u"))
        #expect(throws: PageStoreError.invalidHeader(name: "X-Ctl", value: "\u{01}")) {
            try store.update("u") { (page: inout StoredPage) throws(PageStoreError) in
                page.headers = [HTTPField(name: "X-Ctl", value: "\u{01}")]
            }
        }
        #expect(store.get("u")?.headers == StoredPage.make(id: "u").headers, "the record on disk is unchanged")
    }

    @Test func tabsAndTextBeyondASCIIStayAllowed() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url)
        var page = StoredPage.make(id: "ok")
        page.headers = [HTTPField(name: "X-Tab", value: "a\tb"), HTTPField(name: "X-Text", value: "grüße 🎉")]
        try store.create(page)
        #expect(try PageStore(directory: folder.url).get("ok")?.headers == page.headers)
    }
}
