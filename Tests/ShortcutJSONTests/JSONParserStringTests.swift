import ShortcutJSON
import Testing

/// Strings, which the parser reads as runs of plain UTF-8 with escapes between them: every scalar must come
/// out as sent, in order, and a bad byte must be reported where its run starts.
@Suite struct JSONParserStringTests {
    /// The scalars of the string `json` (a whole document) parses to; compared by scalar, not by `==`, which
    /// would take "é" and "e\u{301}" for the same text.
    static func scalars(_ json: [UInt8]) throws -> [Unicode.Scalar] {
        guard case .string(let text) = try JSONParser.parse(json) else {
            Issue.record("not a string: \(json)")
            return []
        }
        return Array(text.unicodeScalars)
    }

    static func scalars(_ json: String) throws -> [Unicode.Scalar] { try scalars(Array(json.utf8)) }

    /// Where and why `json` is refused (nil when it parses).
    static func failure(_ json: [UInt8]) -> String? {
        do {
            _ = try JSONParser.parse(json)
            return nil
        } catch {
            return "\(error.offset): \(error.reason)"
        }
    }

    @Test func aLongPlainRunComesOutWhole() throws {
        let content = "<p>" + String(repeating: "x", count: 3_000) + "</p>"
        #expect(try Self.scalars("\"\(content)\"") == Array(content.unicodeScalars))
    }

    @Test func multiByteTextInRunsAndEscapesBetweenThemKeepTheirOrder() throws {
        let json = #""é\u00e9\n😀\ud83d\ude00 e\u0301\"\\\/\b\f\r\tz""#
        let expected: [Unicode.Scalar] = [
            "é", "\u{E9}", "\n", "😀", "\u{1F600}", " ", "e", "\u{301}", "\"", "\\", "/", "\u{8}", "\u{C}", "\r", "\t", "z",
        ]
        #expect(try Self.scalars(json) == expected)
    }

    @Test func escapesAtEitherEndAndBackToBackNeedNoRun() throws {
        #expect(try Self.scalars(#""""#).isEmpty)
        #expect(try Self.scalars(#""\n""#) == ["\n"])
        #expect(try Self.scalars(#""\u0041\u0042""#) == ["A", "B"])
        #expect(try Self.scalars(#""\ta\t""#) == ["\t", "a", "\t"])
    }

    @Test func keysAreReadAsStringsToo() throws {
        let value = try JSONParser.parse(Array(#"{"k\u00e9y": "v\u00e9"}"#.utf8))
        #expect(value["k\u{E9}y"] == .string("v\u{E9}"))
    }

    @Test func invalidUTF8IsReportedWhereItsRunStarts() {
        // A quote, "ab", a lone continuation byte: the run starts at offset 1.
        #expect(Self.failure([0x22, 0x61, 0x62, 0x80, 0x22]) == "1: invalid UTF-8 in a string")
        // After an escape (\n is bytes 1-2) the run starts at offset 3; a truncated two-byte sequence ends it.
        #expect(Self.failure([0x22, 0x5C, 0x6E, 0x63, 0xC3, 0x22]) == "3: invalid UTF-8 in a string")
    }

    @Test func controlCharactersAndUnfinishedStringsAreRefused() {
        #expect(Self.failure([0x22, 0x61, 0x0A, 0x22]) == "2: control character in a string")
        #expect(Self.failure(Array(#""ab"#.utf8)) == "3: unterminated string")
        #expect(Self.failure(Array(#""\"#.utf8)) == "2: unterminated escape")
        #expect(Self.failure(Array(#""\ud83d""#.utf8)) == "7: unpaired surrogate")
    }
}
