import ShortcutPlatform

/// Percent-decoding of path segments and query parts (RFC 3986 §2.1).
package enum PercentDecoding {
    /// Decodes `%XX` escapes (and `+` as a space when `plusAsSpace`). Returns nil for a malformed escape
    /// or when the decoded bytes are not valid UTF-8.
    package static func decode<S: StringProtocol>(_ text: S, plusAsSpace: Bool = false) -> String? {
        let utf8 = text.utf8
        guard text.containsByte(UInt8(ascii: "%")) || (plusAsSpace && text.containsByte(UInt8(ascii: "+"))) else {
            return String(text)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    return nil
                }
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+") where plusAsSpace:
                bytes.append(UInt8(ascii: " "))
            default:
                bytes.append(byte)
            }
        }
        return String.validatedUTF8(bytes)
    }

    /// The value of one hexadecimal digit, or nil.
    @inlinable
    package static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension StringProtocol {
    /// Whether the text's UTF-8 contains `byte`: a scan of contiguous bytes where the storage allows it
    /// (a native string or substring), the view's iterator otherwise.
    func containsByte(_ byte: UInt8) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.contains(byte) } ?? utf8.contains(byte)
    }
}
