import ShortcutPlatform
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

    @Test(arguments: cases)
    func fallbackAgreesWithTheStandardLibrary(bytes: [UInt8]) {
        #expect(String.repairCheckedUTF8(bytes) == String(validating: bytes, as: UTF8.self))
        #expect(String.validatedUTF8(bytes) == String(validating: bytes, as: UTF8.self))
    }

    @Test func everyTwoByteSequenceAgrees() {
        for first in UInt8.min...UInt8.max {
            for second in stride(from: 0, through: 255, by: 7).map(UInt8.init) {
                let bytes = [first, second]
                #expect(String.repairCheckedUTF8(bytes) == String(validating: bytes, as: UTF8.self), "\(bytes)")
            }
        }
    }

    @Test func slicesAreValidatedToo() {
        let bytes: [UInt8] = [0xFF] + Array("mid".utf8) + [0xFF]
        #expect(String.repairCheckedUTF8(bytes[1..<4]) == "mid")
        #expect(String.repairCheckedUTF8(bytes[0..<4]) == nil)
    }
}
