/// HTML escaping as Handlebars does it for `{{x}}`.
enum TemplateEscaping {
    /// `& < > " ' \` =` become `&amp; &lt; &gt; &quot; &#x27; &#x60; &#x3D;` (Handlebars.java's `HTML_ENTITY`,
    /// the same table as handlebars.js).
    static func html(_ text: String) -> String {
        var needsEscaping = false
        for byte in text.utf8 where replacement(for: byte) != nil {
            needsEscaping = true
            break
        }
        guard needsEscaping else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            if let entity = replacement(for: byte) { out.append(contentsOf: entity.utf8) } else { out.append(byte) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func replacement(for byte: UInt8) -> String? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#x27;"
        case UInt8(ascii: "`"): "&#x60;"
        case UInt8(ascii: "="): "&#x3D;"
        default: nil
        }
    }
}
