import HTTPVocabulary

// The field type lives in HTTPVocabulary, which the store imports too; a header list is made of them, so the
// type (and only it) is part of this product's interface.
@_exported import struct HTTPVocabulary.HTTPField

/// An ordered list of header fields. Names compare case-insensitively (RFC 9110 §5.1); order and repeated
/// fields are kept, as they matter for `Set-Cookie` and for proxies.
public struct HTTPHeaders: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// The fields in order.
    public private(set) var fields: [HTTPField]

    /// The name of the first field that may not be sent (a name that is not a token, or CR, LF, NUL or
    /// another control character in a value), or nil when all may. Kept up to date as fields change, so a
    /// response built once and served many times is checked once (RFC 9112 §2.2: no response splitting).
    package private(set) var firstInvalidName: String?

    /// Makes an empty list.
    public init() { fields = [] }

    /// Makes a list from fields, keeping their order.
    public init(_ fields: [HTTPField]) {
        self.fields = fields
        firstInvalidName = HTTPHeaders.firstInvalidName(in: fields)
    }

    /// Fields the parser has already checked byte by byte.
    init(parsed fields: [HTTPField]) { self.fields = fields }

    /// Empties the list and hands over its storage, fields and all, for the parser to write over
    /// (`HTTPRequest.reuse`). Not emptied here: `removeAll(keepingCapacity:)` costs ~170 instructions (the
    /// generic `replaceSubrange`), where the parser overwrites the fields in place and trims what is left.
    mutating func takeStorage() -> [HTTPField] {
        var storage: [HTTPField] = []
        swap(&storage, &fields)
        firstInvalidName = nil
        return storage
    }

    /// Makes a list from `(name, value)` pairs, keeping their order.
    public init(_ pairs: [(String, String)]) { self.init(pairs.map { HTTPField(name: $0.0, value: $0.1) }) }

    private static func firstInvalidName(in fields: [HTTPField]) -> String? {
        fields.first { !$0.isValid }?.name
    }

    public init(dictionaryLiteral elements: (String, String)...) { self.init(elements) }

    /// The number of fields.
    public var count: Int { fields.count }

    /// The value of the first field named `name`, or nil. Setting replaces every field of that name
    /// (with one field at the place of the first) or removes them all when set to nil.
    public subscript(name: String) -> String? {
        get { firstValue(named: name) }
        set {
            guard let value = newValue else {
                remove(name)
                return
            }
            if let index = fields.firstIndex(where: { $0.name.equalsIgnoringASCIICase(name) }) {
                fields[index].value = value
                var later = index + 1
                while later < fields.count {
                    if fields[later].name.equalsIgnoringASCIICase(name) { fields.remove(at: later) } else { later += 1 }
                }
            } else {
                fields.append(HTTPField(name: name, value: value))
            }
            noteChange(name: name, value: value)
        }
    }

    /// The value of the first field named `name`, comparing lengths before names: most fields differ in
    /// length, so a look-up (the subscript; the server's own on every answer: `Connection`, the journal's
    /// `Content-Type`) passes them over without comparing a byte.
    func firstValue(named name: String) -> String? {
        let length = name.utf8.count
        // Through the buffer: `for field in fields` copies each field, retaining and releasing its strings.
        return fields.withUnsafeBufferPointer { fields in
            for index in fields.indices where fields[index].name.utf8.count == length && fields[index].name.equalsIgnoringASCIICase(name) {
                return fields[index].value
            }
            return nil
        }
    }

    /// Every value of the fields named `name`, in order.
    public func values(for name: String) -> [String] {
        fields.lazy.filter { $0.name.equalsIgnoringASCIICase(name) }.map(\.value)
    }

    /// Whether a field named `name` is present.
    public func contains(_ name: String) -> Bool { fields.contains { $0.name.equalsIgnoringASCIICase(name) } }

    /// Adds a field at the end, keeping any other of the same name.
    public mutating func add(name: String, value: String) {
        fields.append(HTTPField(name: name, value: value))
        noteChange(name: name, value: value)
    }

    /// Keeps `firstInvalidName` right after `name: value` was set or added: when every other field was
    /// valid only the new one needs a look (removals cannot make a list invalid), else all are checked again.
    private mutating func noteChange(name: String, value: String) {
        if firstInvalidName == nil {
            if !(HTTPField.isValidName(name) && HTTPField.isValidValue(value)) { firstInvalidName = name }
        } else {
            firstInvalidName = HTTPHeaders.firstInvalidName(in: fields)
        }
    }

    /// Removes every field named `name`.
    public mutating func remove(_ name: String) {
        fields.removeAll { $0.name.equalsIgnoringASCIICase(name) }
        if firstInvalidName != nil { firstInvalidName = HTTPHeaders.firstInvalidName(in: fields) }
    }

    /// Whether `value` may be sent as a field value: `HTTPField.isValidValue`, the one rule.
    @inlinable
    package static func isValidValue(_ value: String) -> Bool { HTTPField.isValidValue(value) }

    /// Whether `name` is a valid field name: `HTTPField.isValidName`, the one rule.
    @inlinable
    package static func isValidName(_ name: String) -> Bool { HTTPField.isValidName(name) }
}
