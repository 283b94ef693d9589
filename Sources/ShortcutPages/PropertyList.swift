/// A property list value, written in Apple's XML property list format (`plist` 1.0 with its DOCTYPE), the
/// format of configuration profiles (`.mobileconfig`). Dictionaries keep their keys in the order given.
package indirect enum PropertyList: Sendable {
    case string(String)
    case integer(Int)
    case bool(Bool)
    case data([UInt8])
    case array([PropertyList])
    case dictionary([(key: String, value: PropertyList)])

    /// The whole document: XML declaration, DOCTYPE and `<plist version="1.0">`, UTF-8, ending in a newline.
    package func document() -> [UInt8] {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """
        write(into: &text, depth: 0)
        text += "</plist>\n"
        return Array(text.utf8)
    }

    private func write(into text: inout String, depth: Int) {
        let indent = String(repeating: "\t", count: depth)
        switch self {
        case .string(let value):
            text += "\(indent)<string>\(Self.escape(value))</string>\n"
        case .integer(let value):
            text += "\(indent)<integer>\(value)</integer>\n"
        case .bool(let value):
            text += "\(indent)\(value ? "<true/>" : "<false/>")\n"
        case .data(let bytes):
            // Base64 in lines of 68 characters, as Apple's tools write it; readers ignore the whitespace.
            text += "\(indent)<data>\n"
            let encoded = Array(Base64.encode(bytes).utf8)
            var start = 0
            while start < encoded.count {
                let end = min(start + 68, encoded.count)
                text += indent + String(decoding: encoded[start..<end], as: UTF8.self) + "\n"
                start = end
            }
            text += "\(indent)</data>\n"
        case .array(let items):
            text += "\(indent)<array>\n"
            for item in items { item.write(into: &text, depth: depth + 1) }
            text += "\(indent)</array>\n"
        case .dictionary(let members):
            text += "\(indent)<dict>\n"
            for (key, value) in members {
                text += "\(indent)\t<key>\(Self.escape(key))</key>\n"
                value.write(into: &text, depth: depth + 1)
            }
            text += "\(indent)</dict>\n"
        }
    }

    /// `text` as XML character data: `&`, `<` and `>` escaped (so `]]>` cannot end anything), and every
    /// character XML 1.0 does not allow in a document (C0 controls but tab, CR and LF; U+FFFE and U+FFFF)
    /// replaced by U+FFFD, so no input can make the document malformed. Texts a user gives are checked when
    /// stored and never hold those; this is the last line of defence, not the rule.
    static func escape(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                let isAllowed = scalar.value >= 0x20 && scalar.value != 0xFFFE && scalar.value != 0xFFFF
                result.unicodeScalars.append(isAllowed ? scalar : "\u{FFFD}")
            }
        }
        return result
    }
}
