/// A name and one of its values: a query parameter, a cookie or a form field, as the request carried it.
package struct NamedValue: Sendable, Equatable {
    /// The (decoded) name.
    package var name: String
    /// The (decoded) value.
    package var value: String

    /// Makes a pair.
    package init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

extension [NamedValue] {
    /// The values of `name` in order, or nil when the name is absent.
    func values(named name: String) -> [String]? {
        let values = filter { $0.name == name }.map(\.value)
        return values.isEmpty ? nil : values
    }
}
