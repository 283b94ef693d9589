import HTTPVocabulary
import Testing

/// The one rule for what a header field may hold, checked byte by byte against the RFC's classes.
@Suite struct HTTPFieldTests {
    /// RFC 9110 §5.6.2 tchar, written out here as the oracle the bitmap is tested against.
    static func isTchar(_ byte: UInt8) -> Bool {
        byte < 128
            && (Character(UnicodeScalar(byte)).isLetter || Character(UnicodeScalar(byte)).isNumber
                || "!#$%&'*+-.^_`|~".utf8.contains(byte))
    }

    @Test func tokenBitmapMatchesTheRFCForAll256Bytes() {
        for byte in UInt8.min...UInt8.max {
            #expect(HTTPSyntax.isTokenByte(byte) == Self.isTchar(byte), "token \(byte)")
        }
    }

    @Test func fieldValueBytesAreVisibleTextSpaceTabAndObsText() {
        for byte in UInt8.min...UInt8.max {
            let allowed = byte == 0x09 || (0x20...0x7E).contains(byte) || byte >= 0x80
            #expect(HTTPSyntax.isFieldValueByte(byte) == allowed, "value \(byte)")
        }
    }

    @Test func aValueIsValidExactlyWhenEachByteIs() {
        for byte in UInt8.min...0x7F {
            let value = "a" + String(decoding: [byte], as: UTF8.self) + "b"
            let allowed = HTTPSyntax.isFieldValueByte(byte)
            #expect(HTTPField.isValidValue(value) == allowed, "value byte \(byte)")
            #expect(HTTPField(name: "X", value: value).isValid == allowed)
            #expect(HTTPField(name: "X", value: value).problem == (allowed ? nil : .valueByte(byte, at: 1)))
        }
        #expect(HTTPField.isValidValue("grüße 🎉\t"))
    }

    @Test func aNameIsANonEmptyToken() {
        #expect(HTTPField(name: "", value: "v").problem == .emptyName)
        #expect(HTTPField(name: "Bad Name", value: "v").problem == .nameByte(0x20, at: 3))
        #expect(HTTPField(name: "X-Ok", value: "").problem == nil)
        for byte in UInt8.min...0x7F where !Self.isTchar(byte) {
            #expect(!HTTPField.isValidName("X" + String(decoding: [byte], as: UTF8.self)), "name byte \(byte)")
        }
    }

    @Test func problemsNameTheByteAndWhereItStands() {
        #expect(
            HTTPField(name: "X", value: "ab\u{01}").problem?.description
                == "byte 0x01 at offset 2 of the value is a control character (a value holds visible characters, space and tab)")
        #expect(
            HTTPField(name: "a:b", value: "").problem?.description
                == "byte 0x3A at offset 1 of the name is not a token character (a name is an RFC 9110 token)")
    }

    @Test func theStoredFormIsNameAndValue() throws {
        // The store's record format keeps fields in this form; a change here would orphan every record.
        let field = HTTPField(name: "X-A", value: "1")
        let mirror = Mirror(reflecting: field).children.map { $0.label ?? "" }
        #expect(mirror == ["name", "value"])
    }

    @Test func namesCompareIgnoringASCIICaseOnly() {
        #expect("Content-Type".equalsIgnoringASCIICase("content-type"))
        #expect(!"Content-Type".equalsIgnoringASCIICase("content-typ"))
        #expect(!"[".equalsIgnoringASCIICase("{"), "0x5B and 0x7B differ by 0x20 but are not letters")
    }
}
