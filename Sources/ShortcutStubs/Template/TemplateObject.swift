import HTTPVocabulary

/// The members of an object in the template model, in order, with the way keys are matched.
///
/// `request.headers` is case-insensitive (WireMock keeps headers in a `TreeMap` with
/// `CASE_INSENSITIVE_ORDER`, so `request.headers.x-thing` finds `X-Thing`); everything else is exact.
package struct TemplateObject: Sendable, Equatable {
    /// How a path step is compared with the keys.
    package enum KeyMatching: Sendable, Equatable {
        /// Byte for byte.
        case exact
        /// ASCII letters compare without case (header names).
        case caseInsensitive
    }

    /// The members in the order they were given; a repeated key finds its first entry.
    package var entries: [(key: String, value: TemplateValue)]
    /// How `subscript(key:)` compares keys.
    package var keyMatching: KeyMatching

    /// An empty object with exact key matching.
    package init() {
        entries = []
        keyMatching = .exact
    }

    /// An object with these members.
    package init(_ entries: [(String, TemplateValue)], keyMatching: KeyMatching = .exact) {
        self.entries = entries.map { (key: $0.0, value: $0.1) }
        self.keyMatching = keyMatching
    }

    /// The value of the first member named `key`, or nil.
    package subscript(key: String) -> TemplateValue? {
        switch keyMatching {
        case .exact: return entries.first { $0.key == key }?.value
        case .caseInsensitive: return entries.first { $0.key.equalsIgnoringASCIICase(key) }?.value
        }
    }

    /// Whether the object has no members.
    package var isEmpty: Bool { entries.isEmpty }

    /// Same key matching, same members in the same order.
    package static func == (a: TemplateObject, b: TemplateObject) -> Bool {
        a.keyMatching == b.keyMatching && a.entries.elementsEqual(b.entries) { $0.key == $1.key && $0.value == $1.value }
    }
}

extension TemplateObject: ExpressibleByDictionaryLiteral {
    /// `["k": v]`: exact key matching, in the order written.
    package init(dictionaryLiteral elements: (String, TemplateValue)...) { self.init(elements) }
}
