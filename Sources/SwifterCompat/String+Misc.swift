import Foundation

extension String {
    /// Without one pair of enclosing double quotes, if it has them (`"a"` -> `a`; `"` stays `"`).
    public func unquote() -> String {
        guard count >= 2, hasPrefix("\""), hasSuffix("\"") else { return self }
        return String(dropFirst().dropLast())
    }

    /// The SHA-1 digest of the UTF-8 bytes.
    public func sha1() -> [UInt8] { SHA1.hash(Array(utf8)) }

    /// The SHA-1 digest of the UTF-8 bytes, as 40 lowercase hexadecimal digits.
    public func sha1() -> String {
        let digest: [UInt8] = sha1()
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// `data` in base64 (RFC 4648 §4, with padding).
    public static func toBase64(_ data: [UInt8]) -> String { Data(data).base64EncodedString() }
}

extension UnicodeScalar {
    /// The scalar as a byte if it is ASCII whitespace (tab, LF, VT, FF, CR or space), else nil.
    public func asWhitespace() -> UInt8? {
        switch value {
        case 9...13, 32: UInt8(value)
        default: nil
        }
    }
}
