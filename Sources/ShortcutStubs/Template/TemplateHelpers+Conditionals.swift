extension TemplateHelpers {
    /// `if`, `unless` and Handlebars.java's `ConditionalHelpers` (`eq`, `neq`, `gt`, `gte`, `lt`, `lte`, `and`,
    /// `or`, `not`), which WireMock registers. The comparisons work inline (`{{#if (eq a b)}}`, yielding a
    /// boolean or the `yes=` / `no=` option) and as blocks with `{{else}}`.
    mutating func registerConditionals() {
        register("if", Self.truthBlock(negated: false))
        register("unless", Self.truthBlock(negated: true))
        register(
            "eq", Self.comparison(2...2) { call throws(TemplateError) in TemplateComparison.equal(call.argument(0), call.argument(1)) })
        register(
            "neq", Self.comparison(2...2) { call throws(TemplateError) in !TemplateComparison.equal(call.argument(0), call.argument(1)) })
        register("gt", Self.comparison(2...2) { call throws(TemplateError) in try TemplateComparison.order(call) > 0 })
        register("gte", Self.comparison(2...2) { call throws(TemplateError) in try TemplateComparison.order(call) >= 0 })
        register("lt", Self.comparison(2...2) { call throws(TemplateError) in try TemplateComparison.order(call) < 0 })
        register("lte", Self.comparison(2...2) { call throws(TemplateError) in try TemplateComparison.order(call) <= 0 })
        register("and", Self.comparison(1...Int.max) { call throws(TemplateError) in call.arguments.allSatisfy(\.isTruthy) })
        register("or", Self.comparison(1...Int.max) { call throws(TemplateError) in call.arguments.contains(where: \.isTruthy) })
        register("not", Self.comparison(1...1) { call throws(TemplateError) in !call.argument(0).isTruthy })
    }

    private static func truthBlock(negated: Bool) -> TemplateHelper {
        TemplateHelper(form: .block, arguments: 1...1, options: ["includeZero"]) { call throws(TemplateError) in
            let value = call.argument(0)
            let zeroCounts = call.option("includeZero")?.isTruthy == true && value == .number(0)
            if (value.isTruthy || zeroCounts) != negated {
                try call.appendBody()
            } else {
                try call.appendInverse()
            }
            return .null
        }
    }

    private static func comparison(
        _ arguments: ClosedRange<Int>, _ test: @escaping @Sendable (TemplateHelperCall) throws(TemplateError) -> Bool
    ) -> TemplateHelper {
        TemplateHelper(form: .inlineOrBlock, arguments: arguments, options: ["yes", "no"]) { call throws(TemplateError) in
            let result = try test(call)
            guard call.isBlock else {
                return result ? call.option("yes") ?? .bool(true) : call.option("no") ?? .bool(false)
            }
            if result { try call.appendBody() } else { try call.appendInverse() }
            return .null
        }
    }
}

/// Equality and order as the conditional helpers see them.
enum TemplateComparison {
    /// Same kind and same value (Java's `equals`: the string `"1"` is not the number `1`). A one-or-many
    /// value or a path compares as its text, so `{{#eq request.query.a 'x'}}` works without WireMock's `.[0]`.
    static func equal(_ a: TemplateValue, _ b: TemplateValue) -> Bool {
        comparable(a) == comparable(b)
    }

    /// Negative, zero or positive, for two numbers or two strings (Java's `compareTo`, UTF-16 order);
    /// anything else is refused as Handlebars.java refuses it.
    static func order(_ call: TemplateHelperCall) throws(TemplateError) -> Int {
        switch (comparable(call.argument(0)), comparable(call.argument(1))) {
        case (.number(let x), .number(let y)):
            return x < y ? -1 : (x > y ? 1 : 0)
        case (.string(let x), .string(let y)):
            return x.utf16.lexicographicallyPrecedes(y.utf16) ? -1 : (x == y ? 0 : 1)
        case (let x, let y):
            throw TemplateError("'\(call.name)' compares two numbers or two strings, not a \(kind(x)) with a \(kind(y))")
        }
    }

    private static func comparable(_ value: TemplateValue) -> TemplateValue {
        if case .composite(let composite) = value { return .string(composite.text) }
        return value
    }

    static func kind(_ value: TemplateValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string, .composite: "string"
        case .list: "list"
        case .object: "object"
        }
    }
}
