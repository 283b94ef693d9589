/// Standard base64 (RFC 4648 §4), written here so that decoding is strict and its errors name the
/// offending character and offset, which Foundation's `Data(base64Encoded:)` cannot tell.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The value of each alphabet byte, or 0xFF for bytes outside the alphabet.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        return table
    }()

    /// Why a text is not base64; `reason` names the character and offset at fault.
    struct DecodeError: Error, Equatable {
        let reason: String
    }

    /// Encodes `bytes` with padding and no line breaks.
    static func encode(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= bytes.count {
            let word = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            out.append(alphabet[Int(word >> 18 & 0x3F)])
            out.append(alphabet[Int(word >> 12 & 0x3F)])
            out.append(alphabet[Int(word >> 6 & 0x3F)])
            out.append(alphabet[Int(word & 0x3F)])
            index += 3
        }
        let rest = bytes.count - index
        if rest > 0 {
            let second: UInt32 = rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0
            let word = UInt32(bytes[index]) << 16 | second
            out.append(alphabet[Int(word >> 18 & 0x3F)])
            out.append(alphabet[Int(word >> 12 & 0x3F)])
            out.append(rest == 2 ? alphabet[Int(word >> 6 & 0x3F)] : UInt8(ascii: "="))
            out.append(UInt8(ascii: "="))
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes `text`. ASCII whitespace (line-wrapped base64) is skipped and trailing `=` padding
    /// may be left out; any other character outside the alphabet, padding in the middle, or a
    /// dangling single character is an error.
    static func decode(_ text: String) throws(DecodeError) -> [UInt8] {
        var sextets = [UInt8]()
        sextets.reserveCapacity(text.utf8.count)
        var padding = 0
        for (offset, byte) in text.utf8.enumerated() {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                continue
            case UInt8(ascii: "="):
                padding += 1
            default:
                let value = values[Int(byte)]
                if value == 0xFF {
                    throw DecodeError(reason: "invalid base64 character \(describe(byte)) at offset \(offset)")
                }
                if padding > 0 {
                    throw DecodeError(reason: "base64 data continues after '=' padding at offset \(offset)")
                }
                sextets.append(value)
            }
        }
        let tail = sextets.count % 4
        if tail == 1 {
            throw DecodeError(reason: "base64 data has \(sextets.count) characters, one too many to decode")
        }
        if padding > 2 || (padding > 0 && (sextets.count + padding) % 4 != 0) {
            throw DecodeError(reason: "base64 data has \(padding) '=' padding characters where \((4 - tail) % 4) fit")
        }
        var out = [UInt8]()
        out.reserveCapacity(sextets.count / 4 * 3 + 2)
        var index = 0
        while index + 4 <= sextets.count {
            let word = sextets[index..<index + 4].reduce(UInt32(0)) { $0 << 6 | UInt32($1) }
            out.append(UInt8(word >> 16 & 0xFF))
            out.append(UInt8(word >> 8 & 0xFF))
            out.append(UInt8(word & 0xFF))
            index += 4
        }
        if tail > 0 {
            let word = sextets[index...].reduce(UInt32(0)) { $0 << 6 | UInt32($1) } << (6 * UInt32(4 - tail))
            out.append(UInt8(word >> 16 & 0xFF))
            if tail == 3 { out.append(UInt8(word >> 8 & 0xFF)) }
        }
        return out
    }

    /// `'x'` for printable ASCII, `0xNN` for any other byte.
    private static func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte)
            ? "'\(Character(Unicode.Scalar(byte)))'"
            : "0x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
    }
}

extension String {
    /// The string with leading zeros added up to `width` characters.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
