/// The tokens inside a mustache: names and paths, string and number literals, `(`, `)`, `=`, `|`.
extension TemplateLexer {
    mutating func lexToken() throws(TemplateError) -> TemplateToken {
        let position = lines.position(at: index)
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "("):
            index += 1
            return TemplateToken(kind: .openParenthesis, position: position)
        case UInt8(ascii: ")"):
            index += 1
            return TemplateToken(kind: .closeParenthesis, position: position)
        case UInt8(ascii: "="):
            index += 1
            return TemplateToken(kind: .equals, position: position)
        case UInt8(ascii: "|"):
            index += 1
            return TemplateToken(kind: .pipe, position: position)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return TemplateToken(kind: .literal(.string(try lexString(quote: byte, position: position))), position: position)
        default:
            if let number = lexNumber() { return TemplateToken(kind: .literal(.number(number)), position: position) }
            if byte == UInt8(ascii: "@") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "[") || Self.isNameByte(byte) {
                return try lexPath(position: position)
            }
            let character = String(decoding: [byte], as: UTF8.self)
            throw TemplateError("unexpected '\(character)' in a mustache", at: position)
        }
    }

    /// A quoted string; `\'` (or `\"`) is the quote itself, as in Handlebars.
    private mutating func lexString(quote: UInt8, position: TemplatePosition) throws(TemplateError) -> String {
        index += 1
        var content: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == quote {
                content.append(quote)
                index += 2
            } else if byte == quote {
                index += 1
                return String(decoding: content, as: UTF8.self)
            } else {
                content.append(byte)
                index += 1
            }
        }
        throw TemplateError("unterminated string literal", at: position)
    }

    /// `-?[0-9]*.?[0-9]+` followed by a delimiter (Handlebars' NUMBER); otherwise nil and nothing consumed.
    private mutating func lexNumber() -> Double? {
        var cursor = index
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "-") { cursor += 1 }
        let integerStart = cursor
        while cursor < bytes.count, Self.isDigit(bytes[cursor]) { cursor += 1 }
        var sawDigits = cursor > integerStart
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "."), cursor + 1 < bytes.count, Self.isDigit(bytes[cursor + 1]) {
            cursor += 1
            while cursor < bytes.count, Self.isDigit(bytes[cursor]) { cursor += 1 }
            sawDigits = true
        }
        guard sawDigits, cursor == bytes.count || Self.endsToken(bytes[cursor]) else { return nil }
        let text = String(decoding: bytes[index..<cursor], as: UTF8.self)
        guard let value = Double(text) else { return nil }
        index = cursor
        return value
    }

    private mutating func lexPath(position: TemplatePosition) throws(TemplateError) -> TemplateToken {
        let start = index
        let isData = consume("@")
        var parentDepth = 0
        var isLocal = false
        var segments: [String] = []
        var bracketed = false
        if !isData {
            while starts("../", at: index) {
                parentDepth += 1
                index += 3
            }
            if starts("..", at: index), index + 2 == bytes.count || Self.endsToken(bytes[index + 2]) {
                parentDepth += 1
                index += 2
                return pathToken(start, isData, parentDepth, isLocal: false, segments, position)
            }
            if starts("./", at: index) {
                isLocal = true
                index += 2
            } else if consume("."), index == bytes.count || Self.endsToken(bytes[index]) {
                return pathToken(start, isData, parentDepth, isLocal: true, segments, position)
            }
        }
        while true {
            let segmentPosition = lines.position(at: index)
            let segment: String
            if consume("[") {
                let inner = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "]") { index += 1 }
                guard index < bytes.count else { throw TemplateError("unclosed '[' in a path", at: segmentPosition) }
                segment = String(decoding: bytes[inner..<index], as: UTF8.self)
                index += 1
                bracketed = true
            } else {
                let nameStart = index
                while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
                guard index > nameStart else { throw TemplateError("expected a name in the path", at: segmentPosition) }
                segment = String(decoding: bytes[nameStart..<index], as: UTF8.self)
            }
            if segment == "this", !bracketed, segments.isEmpty, !isData, !isLocal {
                isLocal = true
            } else {
                segments.append(segment)
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "/") else { break }
            index += 1
            guard index < bytes.count, bytes[index] == UInt8(ascii: "[") || Self.isNameByte(bytes[index]) else {
                throw TemplateError(
                    "expected a name after '\(bytes[index - 1] == UInt8(ascii: ".") ? "." : "/")' in the path",
                    at: lines.position(at: index))
            }
        }
        if !isData, parentDepth == 0, !isLocal, !bracketed, segments.count == 1 {
            switch segments[0] {
            case "true": return TemplateToken(kind: .literal(.bool(true)), position: position)
            case "false": return TemplateToken(kind: .literal(.bool(false)), position: position)
            case "null", "undefined": return TemplateToken(kind: .literal(.null), position: position)
            default: break
            }
        }
        return pathToken(start, isData, parentDepth, isLocal: isLocal, segments, position)
    }

    private func pathToken(
        _ start: Int, _ isData: Bool, _ parentDepth: Int, isLocal: Bool, _ segments: [String], _ position: TemplatePosition
    ) -> TemplateToken {
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        let path = TemplatePath(
            isData: isData, parentDepth: parentDepth, isLocal: isLocal, segments: segments, text: text, position: position)
        return TemplateToken(kind: .path(path), position: position)
    }

}
