import HTTPVocabulary

/// A stub mapping's id: a UUID in WireMock's canonical form (8-4-4-4-12 hex digits), kept lowercase so ids
/// compare case-insensitively by plain equality (WireMock parses them with `UUID.fromString`).
package enum StubID {
    /// `text` in lowercase canonical form, or nil when it is not a UUID.
    package static func normalised(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return nil }
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return nil }
            } else if !isHexDigit(byte) {
                return nil
            }
        }
        return ASCIILowercase.of(text)
    }

    /// A new random (version 4) UUID.
    package static func generate() -> String {
        var bytes = SecureRandom.bytes(16)
        bytes[6] = bytes[6] & 0x0F | 0x40  // RFC 9562 §5.4: version 4
        bytes[8] = bytes[8] & 0x3F | 0x80  // variant 10
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for (index, byte) in bytes.enumerated() {
            if [4, 6, 8, 10].contains(index) { out.append(UInt8(ascii: "-")) }
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }
}
