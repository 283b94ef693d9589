/// What `#each` walks and the `@` variables it sets, shared by the helper and by Mustache list sections.
enum TemplateIteration {
    /// The items of a list or of a composite (key: the index), or the members of an object (key: the name).
    struct Items {
        private let values: [TemplateValue]
        private let members: [(key: String, value: TemplateValue)]?

        /// nil for a value that cannot be iterated.
        init?(_ value: TemplateValue) {
            switch value {
            case .list(let items): (values, members) = (items, nil)
            case .composite(let composite): (values, members) = (composite.items, nil)
            case .object(let object): (values, members) = ([], object.entries)
            case .null, .bool, .number, .string: return nil
            }
        }

        var count: Int { members?.count ?? values.count }

        func item(at index: Int) -> Item {
            guard let members else { return Item(value: values[index], index: index, count: values.count, name: nil) }
            return Item(value: members[index].value, index: index, count: members.count, name: members[index].key)
        }
    }

    /// One item of a loop. Its `@` variables are made only when the template reads one: a loop of 100 000
    /// items would otherwise build seven values per item (a heap box each) that most templates never read.
    struct Item {
        var value: TemplateValue
        var index: Int
        var count: Int
        /// The member's name when iterating an object.
        var name: String?

        /// `@key`: the index, or the member's name.
        var key: TemplateValue { name.map(TemplateValue.string) ?? .number(Double(index)) }

        /// `@index`, `@key`, `@first`, `@last`, `@odd`, `@even` and `@index_1`, valued as Handlebars.java does:
        /// `@first` is `"first"` or `""`, `@last` is `"last"` or `""` (truthy and falsy, so
        /// `{{#unless @last}},{{/unless}}` works as in handlebars.js); nil for any other name.
        func data(_ variable: String) -> TemplateValue? {
            switch variable {
            case "index": .number(Double(index))
            case "key": key
            case "first": .string(index == 0 ? "first" : "")
            case "last": .string(index == count - 1 ? "last" : "")
            case "odd": .string(index % 2 == 1 ? "odd" : "")
            case "even": .string(index % 2 == 0 ? "even" : "")
            case "index_1": .number(Double(index + 1))
            default: nil
            }
        }
    }
}
