/// One response header of a stored page. A page keeps its headers as an ordered list, so order and
/// repeated names survive a round trip through the disk.
public struct StoredHeader: Sendable, Equatable, Codable {
    /// The header name as given (compare case-insensitively).
    public var name: String
    /// The header value.
    public var value: String

    /// A header from its name and value.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// Whether `name` is an RFC 9110 §5.6.2 token and neither part holds CR, LF or NUL.
    var isValid: Bool {
        !name.isEmpty && name.utf8.allSatisfy(Self.isTokenByte) && !Self.holdsLineBreakOrNUL(value)
    }

    /// RFC 9110 §5.6.2 `tchar`.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    /// Whether `text` holds CR, LF or NUL, which would let a stored value split an HTTP response.
    static func holdsLineBreakOrNUL(_ text: String) -> Bool {
        text.utf8.contains { $0 == 0x0d || $0 == 0x0a || $0 == 0 }
    }
}
