/// Escaping of a value for the place it is written in a page or a JSON text: vocabulary shared by the pages,
/// the JSON encoder, the landing pages and SwifterCompat, kept here at the bottom so none of them depends on
/// another for it.
package enum Escape {
    /// For HTML text and quoted attribute values alike: `& < > " '` become character references, and
    /// so do U+2028 / U+2029 (harmless in HTML, but kept out so no raw line separator reaches a page
    /// that might paste the value into a script).
    package static func html(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\u{2028}": out += "&#x2028;"
            case "\u{2029}": out += "&#x2029;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A double-quoted JavaScript string literal (also valid JSON) that is safe inside an HTML
    /// `<script>` element: `< > &` are written as `\u003c \u003e \u0026` so neither `</script>` nor
    /// `<!--` can appear, quotes and backslashes are escaped, and so are control characters and
    /// U+2028 / U+2029 (line terminators in older JavaScript).
    package static func javaScriptString(_ text: String) -> String { quoted(text, escapingApostrophe: true) }

    /// A JSON string: `javaScriptString` without escaping `'`, which JSON never needs (an API's reason reads
    /// `id 'x'`, not `id \u0027x\u0027`); still safe inside a `<script>` element.
    package static func jsonString(_ text: String) -> String { quoted(text, escapingApostrophe: false) }

    private static func quoted(_ text: String, escapingApostrophe: Bool) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<", ">", "&", "\u{2028}", "\u{2029}", "\u{7F}":
                out += unicodeEscape(scalar)
            case "'" where escapingApostrophe:
                out += unicodeEscape(scalar)
            default:
                if scalar.value < 0x20 || (0x80...0x9F).contains(scalar.value) {
                    out += unicodeEscape(scalar)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// `text` for a URL's query value or a `data:` URL: every byte but the unreserved ones (RFC 3986 §2.3:
    /// letters, digits, `-._~`) percent-encoded, so nothing in it can end the value or the URL.
    package static func percentEncoded(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            let unreserved =
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
            if unreserved {
                out.unicodeScalars.append(UnicodeScalar(byte))
            } else {
                out += "%"
                out.unicodeScalars.append(UnicodeScalar(upperHexDigits[Int(byte >> 4)]))
                out.unicodeScalars.append(UnicodeScalar(upperHexDigits[Int(byte & 0xF)]))
            }
        }
        return out
    }

    private static let upperHexDigits = Array("0123456789ABCDEF".utf8)

    /// `\uXXXX` for a scalar of the Basic Multilingual Plane.
    private static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
