import Testing

@testable import HTTPVocabulary

@Suite struct SHA256Tests {
    // FIPS 180-4 examples and NIST CAVP short/long message vectors.
    @Test(arguments: [
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
    ])
    func hashesTheNISTVectors(message: String, expected: String) {
        #expect(SHA256.hex(SHA256.hash(Array(message.utf8))) == expected)
    }

    @Test func hashesOneMillionLetterA() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256.hex(SHA256.hash(message)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func feedingInPiecesGivesTheSameDigestAsAtOnce() {
        let message = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let whole = SHA256.hash(message)
        for split in [0, 1, 55, 56, 63, 64, 65, 127, 128, 999, 1000] {
            var hasher = SHA256Hasher()
            hasher.update(message[..<split])
            hasher.update(message[split...])
            #expect(hasher.finalize() == whole, "split at \(split)")
        }
    }

    @Test func acceptsNonContiguousSequences() {
        #expect(SHA256.hash("abc".utf8) == SHA256.hash([0x61, 0x62, 0x63]))
        #expect(SHA256.hash(AnySequence([UInt8](Array("abc".utf8)))) == SHA256.hash(Array("abc".utf8)))
    }

    @Test func hexRoundTrips() {
        #expect(SHA256.hex([0x00, 0x0f, 0xf0, 0xff]) == "000ff0ff")
        #expect(SHA256.bytes(fromHex: "000FF0ff") == [0x00, 0x0f, 0xf0, 0xff])
        #expect(SHA256.bytes(fromHex: "abc") == nil)
        #expect(SHA256.bytes(fromHex: "zz") == nil)
    }
}
