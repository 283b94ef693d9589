extension TemplateHelpers {
    /// `each`, `with` and `lookup`: the helpers that change or reach into the context.
    mutating func registerIteration() {
        register(
            "each",
            TemplateHelper(form: .block, arguments: 1...1, options: []) { call throws(TemplateError) in
                let value = call.argument(0)
                guard value.isTruthy, let entries = TemplateIteration.entries(of: value), !entries.isEmpty else {
                    try call.appendInverse()
                    return .null
                }
                for (index, entry) in entries.enumerated() {
                    try call.countIteration()
                    let data = TemplateIteration.data(index: index, key: entry.key, count: entries.count)
                    try call.appendBody(context: entry.value, data: data, blockParameters: [entry.value, entry.key])
                }
                return .null
            })
        register(
            "with",
            TemplateHelper(form: .block, arguments: 1...1, options: []) { call throws(TemplateError) in
                let value = call.argument(0)
                if value.isTruthy {
                    try call.appendBody(context: value, blockParameters: [value])
                } else {
                    try call.appendInverse()
                }
                return .null
            })
        register(
            "lookup",
            TemplateHelper(form: .inline, arguments: 2...2, options: []) { call throws(TemplateError) in
                // `{{lookup request.query 'ids[]'}}`: a member whose name a path cannot spell.
                call.argument(0).member(call.argument(1).renderedText) ?? .null
            })
    }
}

/// What `#each` walks and the `@` variables it sets, shared by the helper and by Mustache list sections.
enum TemplateIteration {
    /// The items of a list or of a composite (key: the index), or the members of an object (key: the name);
    /// nil for a value that cannot be iterated.
    static func entries(of value: TemplateValue) -> [(key: TemplateValue, value: TemplateValue)]? {
        switch value {
        case .list(let items):
            return items.enumerated().map { (key: .number(Double($0.offset)), value: $0.element) }
        case .composite(let composite):
            return composite.items.enumerated().map { (key: .number(Double($0.offset)), value: $0.element) }
        case .object(let object):
            return object.entries.map { (key: .string($0.key), value: $0.value) }
        case .null, .bool, .number, .string:
            return nil
        }
    }

    /// `@index`, `@key`, `@first`, `@last`, `@odd`, `@even` and `@index_1`, valued as Handlebars.java does:
    /// `@first` is `"first"` or `""`, `@last` is `"last"` or `""` (truthy and falsy, so `{{#unless @last}},{{/unless}}`
    /// works as in handlebars.js).
    static func data(index: Int, key: TemplateValue, count: Int) -> [(String, TemplateValue)] {
        [
            ("index", .number(Double(index))),
            ("key", key),
            ("first", .string(index == 0 ? "first" : "")),
            ("last", .string(index == count - 1 ? "last" : "")),
            ("odd", .string(index % 2 == 1 ? "odd" : "")),
            ("even", .string(index % 2 == 0 ? "even" : "")),
            ("index_1", .number(Double(index + 1))),
        ]
    }
}
