import ShortcutJSON

/// A value a response template reads: the request model, transformer parameters, a helper's result.
///
/// Handlebars renders whatever Java object it is handed; we name the shapes WireMock's model uses instead,
/// so rendering, truthiness and `#each` are decided here and nowhere else.
package indirect enum TemplateValue: Sendable, Equatable {
    /// Renders as the empty string and is falsy (also what a missing path gives).
    case null
    /// Renders `true` / `false`.
    case bool(Bool)
    /// Renders without a fraction when whole (`8080`, not `8080.0`); falsy when zero, as in Handlebars.
    case number(Double)
    /// Renders as itself; falsy when empty.
    case string(String)
    /// `.[n]` indexes it, `#each` iterates it; renders as compact JSON; falsy when empty.
    case list([TemplateValue])
    /// Members by name (`a.b`), `#each` iterates them with `@key`; renders as compact JSON; always truthy.
    case object(TemplateObject)
    /// A value that renders as a text but also has items and members: WireMock's "one or many" query
    /// parameters and headers, and `request.path` with its segments and named path parameters.
    case composite(TemplateComposite)

    /// A query parameter, header, cookie or form field: renders as its first value, `.[n]` is the n-th,
    /// `.first` / `.last` name the ends, `#each` iterates all (WireMock's `ListOrSingle`).
    package static func oneOrMany(_ values: [String]) -> TemplateValue {
        let items = values.map { TemplateValue.string($0) }
        var members = TemplateObject()
        if let first = values.first, let last = values.last {
            members = TemplateObject([("first", .string(first)), ("last", .string(last))])
        }
        return .composite(TemplateComposite(text: values.first ?? "", items: items, members: members))
    }

    /// `request.path`: renders as the path; `.[n]` / `.n` is the n-th non-empty segment, `#each` iterates the
    /// segments, and each named parameter of a `urlPathTemplate` (`/contacts/{contactId}`) is a member.
    package static func urlPath(_ path: String, parameters: [(String, String)] = []) -> TemplateValue {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true).map { TemplateValue.string(String($0)) }
        let members = TemplateObject(parameters.map { ($0.0, TemplateValue.string($0.1)) })
        return .composite(TemplateComposite(text: path, items: segments, members: members))
    }

    /// The same value in the template model: JSON objects keep their member order and match keys exactly.
    package init(json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .number(let value): self = .number(value)
        case .string(let value): self = .string(value)
        case .array(let values): self = .list(values.map(TemplateValue.init(json:)))
        case .object(let members): self = .object(TemplateObject(members.map { ($0.0, TemplateValue(json: $0.1)) }))
        }
    }

    /// The text `{{value}}` writes before escaping (Handlebars' `toString`).
    package var renderedText: String {
        switch self {
        case .null: return ""
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return Self.numberText(value)
        case .string(let value): return value
        case .composite(let composite): return composite.text
        case .list, .object: return json.description
        }
    }

    /// Handlebars' `isEmpty` turned round: `#if`, `#unless`, `and`, `or` and `not` ask this.
    package var isTruthy: Bool {
        switch self {
        case .null: return false
        case .bool(let value): return value
        case .number(let value): return value != 0
        case .string(let value): return !value.isEmpty
        case .list(let values): return !values.isEmpty
        case .object: return true
        case .composite(let composite): return !composite.items.isEmpty || !composite.text.isEmpty
        }
    }

    /// The value as JSON (a composite becomes its text; a number that is not finite becomes `null`).
    package var json: JSONValue {
        switch self {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .number(let value): return value.isFinite ? .number(value) : .null
        case .string(let value): return .string(value)
        case .composite(let composite): return .string(composite.text)
        case .list(let values): return .array(values.map(\.json))
        case .object(let object): return .object(object.entries.map { ($0.key, $0.value.json) })
        }
    }

    /// One step of a path: a member by name, or an item by index (`0`, `[1]`; a composite also takes
    /// WireMock's negative index, where `-1` is the item before the last, exactly as `ListOrSingle.get` does).
    package func member(_ segment: String) -> TemplateValue? {
        switch self {
        case .object(let object):
            return object[segment]
        case .list(let values):
            guard let index = Int(segment), values.indices.contains(index) else { return nil }
            return values[index]
        case .composite(let composite):
            if let index = Int(segment) {
                let resolved = index < 0 ? composite.items.count - 1 + index : index
                return composite.items.indices.contains(resolved) ? composite.items[resolved] : nil
            }
            return composite.members[segment]
        case .null, .bool, .number, .string:
            return nil
        }
    }

    static func numberText(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return value.description
    }
}

/// The shape behind `TemplateValue.composite`: what it renders as, what `.[n]` and `#each` see, and its
/// named members.
package struct TemplateComposite: Sendable, Equatable {
    /// What `{{value}}` writes.
    package var text: String
    /// What `.[n]` indexes and `#each` iterates.
    package var items: [TemplateValue]
    /// What a named step (`.first`, `.contactId`) finds.
    package var members: TemplateObject

    /// A composite of the three parts.
    package init(text: String, items: [TemplateValue], members: TemplateObject = TemplateObject()) {
        self.text = text
        self.items = items
        self.members = members
    }
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    /// `"text"` is `.string("text")`.
    package init(stringLiteral value: String) { self = .string(value) }
    /// `42` is `.number(42)`.
    package init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// `1.5` is `.number(1.5)`.
    package init(floatLiteral value: Double) { self = .number(value) }
    /// `true` is `.bool(true)`.
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    /// `[a, b]` is a list.
    package init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
    /// `["k": v]` is an object with exact key matching, in the order written.
    package init(dictionaryLiteral elements: (String, TemplateValue)...) { self = .object(TemplateObject(elements)) }
    /// `nil` is `.null`.
    package init(nilLiteral: ()) { self = .null }
}
