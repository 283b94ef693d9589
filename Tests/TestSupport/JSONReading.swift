import ShortcutJSON

extension RawResponse {
    /// The body parsed as JSON (nil if it is not JSON).
    package var json: JSONValue? { try? JSONParser.parse(body) }
}

extension JSONValue {
    /// A string's text (nil for any other kind of value).
    package var stringValue: String? { if case .string(let text) = self { text } else { nil } }
}

extension JSONValue {
    /// An array's items (nil for any other kind of value), for `try #require(value.arrayValue)`.
    package var arrayValue: [JSONValue]? { if case .array(let items) = self { items } else { nil } }

    /// A number's value (nil for any other kind of value).
    package var numberValue: Double? { if case .number(let number) = self { number } else { nil } }
}
