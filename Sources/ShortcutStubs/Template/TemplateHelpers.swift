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

/// One call of a helper while rendering: its evaluated arguments, the context, and the renderer's services
/// (clock, randomness, limits, writing the block's body).
package struct TemplateHelperCall {
    /// The name it was called by.
    package let name: String
    /// The positional arguments, evaluated.
    package let arguments: [TemplateValue]
    /// The hash options, evaluated, in the order written.
    package let options: [(key: String, value: TemplateValue)]
    /// Whether it was called as a block (`{{#name}}`).
    package let isBlock: Bool
    /// `this` where it was called.
    package let context: TemplateValue
    /// The block parameter names (`as |item index|`), empty when none.
    package let blockParameterNames: [String]
    private let host: any TemplateRenderingHost
    private let block: TemplateCallBlock?

    init(
        name: String, arguments: [TemplateValue], options: [(key: String, value: TemplateValue)], context: TemplateValue,
        block: TemplateCallBlock?, host: any TemplateRenderingHost
    ) {
        self.name = name
        self.arguments = arguments
        self.options = options
        self.isBlock = block != nil
        self.context = context
        self.blockParameterNames = block?.parameterNames ?? []
        self.block = block
        self.host = host
    }

    /// The positional argument at `index`, or `.null` when there are fewer.
    package func argument(_ index: Int) -> TemplateValue {
        arguments.indices.contains(index) ? arguments[index] : .null
    }

    /// The hash option `key`, or nil when not given.
    package func option(_ key: String) -> TemplateValue? {
        options.first { $0.key == key }?.value
    }

    /// The limits of this rendering.
    package var limits: TemplateLimits { host.limits }

    /// The rendering's instant, read from its clock once (every `now` in one response agrees).
    package var nowMilliseconds: Int64 { host.nowMilliseconds }

    /// A uniformly random integer in `0..<upperBound` from the rendering's generator.
    package func randomInteger(below upperBound: Int) -> Int { host.randomInteger(below: upperBound) }

    /// Writes the block's body. `context` becomes `this` (nil keeps the current one); `data` adds `@name`
    /// variables; `blockParameters` bind the names in `as |…|`, in order.
    package func appendBody(
        context: TemplateValue? = nil, data: [(String, TemplateValue)] = [], blockParameters: [TemplateValue] = []
    ) throws(TemplateError) {
        guard let block else { return }
        try host.append(block.body, context: context, data: data, blockParameters: blockParameters, names: block.parameterNames)
    }

    /// Writes the block's `{{else}}` part, with `context` as `this` when given.
    package func appendInverse(context: TemplateValue? = nil) throws(TemplateError) {
        guard let block else { return }
        try host.append(block.inverse, context: context, data: [], blockParameters: [], names: [])
    }

    /// The body rendered to a string instead of written (for helpers that transform it); the bytes count
    /// against the output limit while the string is being built.
    package func renderBody(context: TemplateValue? = nil) throws(TemplateError) -> String {
        guard let block else { return "" }
        return try host.capture(block.body, context: context)
    }

    /// Counts one loop iteration against `TemplateLimits.eachIterations`; throws past the limit.
    package func countIteration() throws(TemplateError) { try host.countIteration() }
}

/// The parts of a block a helper call can render.
struct TemplateCallBlock {
    var body: [TemplateNode]
    var inverse: [TemplateNode]
    var parameterNames: [String]
}

/// What the renderer offers a helper call (kept behind a protocol so `TemplateHelperCall` is not generic
/// over the clock and the random generator).
protocol TemplateRenderingHost: AnyObject {
    var limits: TemplateLimits { get }
    var nowMilliseconds: Int64 { get }
    func randomInteger(below upperBound: Int) -> Int
    func append(
        _ nodes: [TemplateNode], context: TemplateValue?, data: [(String, TemplateValue)], blockParameters: [TemplateValue],
        names: [String]
    ) throws(TemplateError)
    func capture(_ nodes: [TemplateNode], context: TemplateValue?) throws(TemplateError) -> String
    func countIteration() throws(TemplateError)
}
