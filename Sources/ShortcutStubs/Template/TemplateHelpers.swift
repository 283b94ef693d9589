/// The helpers a template may call, by name. `standard` has WireMock's core set; the lead registers more
/// (`jsonPath` comes from the JSONPath engine) before stubs are compiled, and a name not registered here
/// is refused when the template is compiled.
package struct TemplateHelpers: Sendable {
    private var helpers: [String: TemplateHelper]

    /// No helpers at all (a template can then only write paths and sections).
    package init() { helpers = [:] }

    /// `if`, `unless`, `each`, `with`, `eq`, `neq`, `gt`, `gte`, `lt`, `lte`, `and`, `or`, `not`, `lookup`,
    /// `now` and `randomValue`.
    package static let standard: TemplateHelpers = {
        var helpers = TemplateHelpers()
        helpers.registerConditionals()
        helpers.registerIteration()
        helpers.register("now", TemplateNowHelper.helper)
        helpers.register("randomValue", TemplateRandomValueHelper.helper)
        return helpers
    }()

    /// Adds `helper` under `name`, replacing any helper already there.
    package mutating func register(_ name: String, _ helper: TemplateHelper) {
        helpers[name] = helper
    }

    /// The helper registered under `name`.
    package func helper(named name: String) -> TemplateHelper? { helpers[name] }

    /// Every registered name, sorted.
    package var names: [String] { helpers.keys.sorted() }
}

/// One helper: where it may be used, what it accepts (checked when a template is compiled), and what it does.
package struct TemplateHelper: Sendable {
    /// Whether it is written `{{name …}}`, `{{#name …}}…{{/name}}`, or either.
    package enum Form: Sendable, Equatable {
        /// `{{name …}}` and `(name …)` only.
        case inline
        /// `{{#name …}} … {{/name}}` only.
        case block
        /// Both, like `eq` (`{{#eq a b}}yes{{else}}no{{/eq}}` and `{{#if (eq a b)}}`).
        case inlineOrBlock
    }

    /// Where it may be used.
    package var form: Form
    /// How many positional arguments it takes.
    package var arguments: ClosedRange<Int>
    /// The hash options it accepts (`format=`, `offset=` …); nil accepts any.
    package var options: Set<String>?
    /// Checks the arguments that are literals when the template is compiled (a bad date format or an unknown
    /// `randomValue` type is refused before any request arrives). Throws a `TemplateError` without position.
    package var check: (@Sendable (TemplateHelperLiterals) throws(TemplateError) -> Void)?
    /// Renders one call. Inline: the returned value is written (escaped by `{{ }}`). Block: the helper writes
    /// its body with `appendBody`, and what it returns is written after, unescaped.
    package var apply: @Sendable (TemplateHelperCall) throws(TemplateError) -> TemplateValue

    /// A helper with these rules and this body.
    package init(
        form: Form,
        arguments: ClosedRange<Int>,
        options: Set<String>? = nil,
        check: (@Sendable (TemplateHelperLiterals) throws(TemplateError) -> Void)? = nil,
        apply: @escaping @Sendable (TemplateHelperCall) throws(TemplateError) -> TemplateValue
    ) {
        self.form = form
        self.arguments = arguments
        self.options = options
        self.check = check
        self.apply = apply
    }
}

/// What a helper's compile-time check sees: the arguments that are literals (nil where an argument is a
/// path or subexpression, whose value only a request gives).
package struct TemplateHelperLiterals: Sendable {
    /// The positional arguments; nil where not a literal.
    package var arguments: [TemplateValue?]
    /// The hash options by key; the inner nil where an option is not a literal.
    package var options: [String: TemplateValue?]
    /// Whether the call opens a block.
    package var isBlock: Bool
    /// The limits the template is compiled under.
    package var limits: TemplateLimits

    /// The literal value of option `key`, if it is given as a literal.
    package func literalOption(_ key: String) -> TemplateValue? {
        guard let value = options[key] else { return nil }
        return value
    }

    /// Whether option `key` is given as a path or subexpression, so only a request can say its value.
    package func isDynamicOption(_ key: String) -> Bool {
        guard let value = options[key] else { return false }
        return value == nil
    }
}
