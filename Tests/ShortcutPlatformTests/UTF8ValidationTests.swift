import Testing

/// `String.validatedUTF8` takes `String(validating:as:)` where the system has it (always on Linux) and
/// `repairCheckedUTF8` on macOS 13–14 and iOS 16–17, which these tests run here against the standard one.
@Suite struct UTF8ValidationTests {
    static let cases: [[UInt8]] = [
        [],
        Array("plain ascii".utf8),
        Array("é ü ß 日本 🙂 \u{202E}rtl".utf8),
        [0xEF, 0xBF, 0xBD],  // U+FFFD itself is valid
        [0xFF],  // never valid
        [0xC0, 0xAF],  // overlong "/"
        [0xE0, 0x80, 0xAF],  // overlong, three bytes
        [0xED, 0xA0, 0x80],  // a UTF-16 surrogate
        [0xF4, 0x90, 0x80, 0x80],  // above U+10FFFF
        [0xE6, 0x97],  // truncated
        Array("ok".utf8) + [0x80] + Array("ok".utf8),  // a stray continuation byte
        [0xF0, 0x9F, 0x99, 0x82],  // 🙂
    ]

    /// The standard library's answer where the system has it (always on Linux; macOS 15 / iOS 18 on),
    /// else nil: the comparisons need it, and the tests must build for macOS 13 / iOS 16 too.
    static func standard(_ bytes: [UInt8]) -> String?? {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) { return .some(String(validating: bytes, as: UTF8.self)) }
        return nil
    }

    /// Whether this system has the standard library's validation to compare with.
    static var hasStandard: Bool { standard([]) != nil }

    @Test(.enabled(if: hasStandard), arguments: cases)
    func fallbackAgreesWithTheStandardLibrary(bytes: [UInt8]) throws {
        let expected = try #require(Self.standard(bytes), "the standard validation needs macOS 15 / iOS 18")
        #expect(String.repairCheckedUTF8(bytes) == expected)
        #expect(String.validatedUTF8(bytes) == expected)
    }

    @Test(.enabled(if: hasStandard)) func everyTwoByteSequenceAgrees() throws {
        for first in UInt8.min...UInt8.max {
            for second in stride(from: 0, through: 255, by: 7).map(UInt8.init) {
                let bytes = [first, second]
                let expected = try #require(Self.standard(bytes), "the standard validation needs macOS 15 / iOS 18")
                #expect(String.repairCheckedUTF8(bytes) == expected, "\(bytes)")
            }
        }
    }

    @Test func slicesAreValidatedToo() {
        let bytes: [UInt8] = [0xFF] + Array("mid".utf8) + [0xFF]
        #expect(String.repairCheckedUTF8(bytes[1..<4]) == "mid")
        #expect(String.repairCheckedUTF8(bytes[0..<4]) == nil)
    }
}
