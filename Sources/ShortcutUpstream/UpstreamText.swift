/// Bytes as they read in a one-line message.
enum UpstreamText {
    /// `0x0D`.
    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x\(digits[Int(byte >> 4)])\(digits[Int(byte & 0x0F)])"
    }

    /// Up to `limit` bytes with visible ASCII and spaces kept and the rest as `\xNN`, `…` when cut: what an
    /// upstream that is not HTTP sent first (`SSH-2.0-OpenSSH_9.6\x0D\x0A`, a TLS record's `\x15\x03\x03`).
    static func excerpt<Bytes: Collection<UInt8>>(_ bytes: Bytes, limit: Int = 24) -> String {
        var text = ""
        for byte in bytes.prefix(limit) {
            if byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\") {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text += "\\x" + hex(byte).dropFirst(2)
            }
        }
        return bytes.count > limit ? text + "…" : text
    }

    /// `text` without the spaces and tabs around it (OWS, RFC 9110 §5.6.3).
    static func trimmed(_ text: Substring) -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) }) else {
            return text[text.endIndex...]
        }
        return text[first...last]
    }

    /// `text` with its control characters as `\xNN`: a URL as it may stand in a one-line message, whatever
    /// it holds.
    static func printable(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return text }
        var shown = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                shown += "\\x" + hex(UInt8(scalar.value)).dropFirst(2)
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }
}
