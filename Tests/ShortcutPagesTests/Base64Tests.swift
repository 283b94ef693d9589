import Foundation
import Testing

@testable import ShortcutPages

@Suite("Base64")
struct Base64Tests {
    @Test("encoding matches Foundation for every length up to 64 and all byte values")
    func encodeMatchesFoundation() {
        for length in 0...64 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ length) }
            #expect(Base64.encode(bytes) == Data(bytes).base64EncodedString())
        }
        let all = (0...255).map { UInt8($0) }
        #expect(Base64.encode(all) == Data(all).base64EncodedString())
    }

    @Test("decoding inverts encoding, with or without padding")
    func roundTrip() throws {
        for length in 0...64 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 91 &+ 7) }
            let text = Base64.encode(bytes)
            #expect(try Base64.decode(text) == bytes)
            #expect(try Base64.decode(String(text.prefix { $0 != "=" })) == bytes)
        }
    }

    @Test("RFC 4648 §10 test vectors")
    func vectors() throws {
        let vectors = [
            "": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=",
            "foobar": "Zm9vYmFy",
        ]
        for (plain, encoded) in vectors {
            #expect(Base64.encode(Array(plain.utf8)) == encoded)
            #expect(try Base64.decode(encoded) == Array(plain.utf8))
        }
    }

    @Test(
        "malformed text is refused with a reason",
        arguments: [
            ("Zm9v!", "invalid base64 character '!' at offset 4"),
            ("Zm9vY", "base64 data has 5 characters, one too many to decode"),
            ("Zg=a", "base64 data continues after '=' padding at offset 3"),
            ("Zg===", "base64 data has 3 '=' padding characters where 2 fit"),
            ("Zm9v=", "base64 data has 1 '=' padding characters where 0 fit"),
            ("Zm9v\u{0}", "invalid base64 character 0x00 at offset 4"),
            ("Zm-_", "invalid base64 character '-' at offset 2"),
        ])
    func refusesMalformed(text: String, reason: String) {
        #expect(throws: Base64.DecodeError(reason: reason)) { try Base64.decode(text) }
    }
}
