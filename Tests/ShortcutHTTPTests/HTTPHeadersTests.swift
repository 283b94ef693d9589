import Testing

@testable import ShortcutHTTP

/// `HTTPHeaders` keeps track of fields that may not be sent, however the list is changed.
@Suite struct HTTPHeadersTests {
    /// The authority's bitmap agrees with RFC 3986's character classes for all 256 bytes (the token and
    /// field-value classes are HTTPVocabularyTests').
    @Test func regNameBitmapMatchesTheRFC() {
        for byte in UInt8.min...UInt8.max {
            // RFC 3986 §2.2–2.3: unreserved and sub-delims, the bytes of a reg-name besides "%".
            let regName =
                byte < 128
                && (Character(UnicodeScalar(byte)).isLetter || Character(UnicodeScalar(byte)).isNumber
                    || "-._~!$&'()*+,;=".utf8.contains(byte))
            #expect(HTTPAuthority.isUnreservedOrSubDelim(byte) == regName, "reg-name \(byte)")
        }
    }

    @Test func firstInvalidNameFollowsEveryChange() {
        var headers: HTTPHeaders = ["Location": "/a"]
        #expect(headers.firstInvalidName == nil)
        headers["X-Bad"] = "a\r\nSet-Cookie: x"
        #expect(headers.firstInvalidName == "X-Bad")
        headers.add(name: "X-Fine", value: "ok")
        #expect(headers.firstInvalidName == "X-Bad")
        headers["x-bad"] = "now fine"
        #expect(headers.firstInvalidName == nil)
        headers.add(name: "Bad Name", value: "v")
        #expect(headers.firstInvalidName == "Bad Name")
        headers.remove("bad name")
        #expect(headers.firstInvalidName == nil)
        #expect(HTTPHeaders([("A", "\u{0}")]).firstInvalidName == "A")
        #expect(HTTPHeaders([("A", "tab\tok")]).firstInvalidName == nil)
    }
}
