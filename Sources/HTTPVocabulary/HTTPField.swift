/// One header field: a name and a value, both as received or as set (no folding, no trimming beyond OWS).
///
/// The one field type of the package: the HTTP layer parses and sends it, and the store keeps a page's
/// extra fields as a list of it (its `Codable` form, `{"name": …, "value": …}`, is the record format's).
/// So what may be stored and what may be sent are decided by one rule, `problem`.
public struct HTTPField: Hashable, Sendable, Codable {
    /// The field name; compared case-insensitively by `HTTPHeaders`.
    public var name: String
    /// The field value, without leading or trailing whitespace.
    public var value: String

    /// Makes a field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// Why this field may not be sent, or nil when it may: a name that is not a token, or a value with a
    /// byte that is not allowed there (which could split the response, RFC 9112 §2.2).
    package var problem: HTTPFieldProblem? { HTTPField.nameProblem(name) ?? HTTPField.valueProblem(value) }

    /// Whether this field may be sent (`problem` is nil).
    @inlinable
    package var isValid: Bool { HTTPField.isValidName(name) && HTTPField.isValidValue(value) }

    /// Whether `name` is a valid field name: a non-empty RFC 9110 token.
    @inlinable
    package static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy(HTTPSyntax.isTokenByte)
    }

    /// Whether `value` may be sent as a field value: every byte `HTTPSyntax.isFieldValueByte` (no CR, LF or
    /// NUL, which would split the response, and no other control character but HTAB: RFC 9110 §5.5).
    @inlinable
    package static func isValidValue(_ value: String) -> Bool {
        // Runs on every field of every response (a data: Location is ~14 KB): scan the contiguous UTF-8
        // storage in a tight loop the compiler can vectorise, not through the String.UTF8View iterator.
        let fast = value.utf8.withContiguousStorageIfAvailable { bytes in
            var bad: UInt8 = 0
            for byte in bytes { bad |= HTTPSyntax.isFieldValueByte(byte) ? 0 : 1 }
            return bad == 0
        }
        return fast ?? value.utf8.allSatisfy(HTTPSyntax.isFieldValueByte)
    }

    /// Why `name` is not a field name, or nil.
    package static func nameProblem(_ name: String) -> HTTPFieldProblem? {
        guard !name.isEmpty else { return .emptyName }
        guard let offset = name.utf8.firstIndex(where: { !HTTPSyntax.isTokenByte($0) }) else { return nil }
        return .nameByte(name.utf8[offset], at: name.utf8.distance(from: name.utf8.startIndex, to: offset))
    }

    /// Why `value` may not be a field value, or nil.
    package static func valueProblem(_ value: String) -> HTTPFieldProblem? {
        guard !isValidValue(value), let offset = value.utf8.firstIndex(where: { !HTTPSyntax.isFieldValueByte($0) }) else {
            return nil
        }
        return .valueByte(value.utf8[offset], at: value.utf8.distance(from: value.utf8.startIndex, to: offset))
    }
}

/// What makes a header field unsendable, with the byte and where it stands: the reason the store and the
/// APIs give when they refuse one.
package enum HTTPFieldProblem: Sendable, Equatable, CustomStringConvertible {
    /// The name is empty.
    case emptyName
    /// The name holds `byte` at UTF-8 offset `at`, which is not a token character (RFC 9110 §5.6.2).
    case nameByte(UInt8, at: Int)
    /// The value holds `byte` at UTF-8 offset `at`: a control character other than HTAB, or DEL.
    case valueByte(UInt8, at: Int)

    /// One line: `byte 0x01 at offset 3 of the value is a control character (a field value allows
    /// visible characters, space and tab)`.
    package var description: String {
        switch self {
        case .emptyName:
            return "the name is empty (a name is an HTTP token)"
        case .nameByte(let byte, let offset):
            return "byte \(HTTPFieldProblem.hex(byte)) at offset \(offset) of the name is not a token character "
                + "(a name is an RFC 9110 token)"
        case .valueByte(let byte, let offset):
            return "byte \(HTTPFieldProblem.hex(byte)) at offset \(offset) of the value is a control character "
                + "(a value holds visible characters, space and tab)"
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x\(digits[Int(byte >> 4)])\(digits[Int(byte & 0x0F)])"
    }
}
