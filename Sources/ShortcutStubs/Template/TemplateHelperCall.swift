import ShortcutJSON

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

    /// Writes the block's body for one item of a loop: the item is `this`, its `@index`, `@key` … are set,
    /// and `as |item key|` binds it.
    func appendItem(_ item: TemplateIteration.Item) throws(TemplateError) {
        guard let block else { return }
        try host.appendItem(item, body: block.body, names: block.parameterNames)
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

    /// Counts one loop iteration against `TemplateLimits.eachIterations` (and its steps against
    /// `TemplateLimits.workSteps`); throws past either limit.
    package func countIteration() throws(TemplateError) { try host.countIteration() }

    /// Counts `steps` of the helper's own work against `TemplateLimits.workSteps`; throws past the limit.
    package func countWork(_ steps: Int) throws(TemplateError) { try host.countWork(steps) }

    /// The steps this rendering may still spend before `countWork` throws.
    package var remainingWork: Int { host.limits.workSteps - host.work.steps }

    /// What `text` parses to as JSON, nil when it is not JSON. The rendering keeps the last few documents it
    /// parsed, so a helper called once per item of a loop over the same text parses it once; a parse costs
    /// `TemplateWorkCost.parse`, counted (and refused past the limit) before parsing.
    package func json(parsing text: String) throws(TemplateError) -> JSONValue? {
        try host.json(parsing: text)
    }

    /// `json` in the template model, its `TemplateWorkCost.value` per value counted before it is built.
    package func templateValue(json: JSONValue) throws(TemplateError) -> TemplateValue {
        try countWork(TemplateWorkCost.value * TemplateWorkCost.values(in: json))
        return TemplateValue(json: json)
    }

    /// `argument(index)` as text; a list or object is written out as JSON, which costs
    /// `TemplateWorkCost.serialising`.
    package func text(_ index: Int) throws(TemplateError) -> String {
        let value = argument(index)
        let text = value.renderedText
        switch value {
        case .list, .object: try countWork(TemplateWorkCost.serialising(text))
        case .null, .bool, .number, .string, .composite: break
        }
        return text
    }

    /// What `make` gives for `key`, made once per rendering while the rendering keeps it (a bounded number of
    /// values): lets a helper reuse what it prepared from an argument, such as a compiled expression, in every
    /// iteration of a loop. Keys are the helper's own (kept apart by its name).
    package func remembered<Value>(_ key: String, make: () throws(TemplateError) -> Value) throws(TemplateError) -> Value {
        try host.remembered(TemplateRenderingMemo.ValueKey(helper: name, key: key), make: make)
    }
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
    func appendItem(_ item: TemplateIteration.Item, body: [TemplateNode], names: [String]) throws(TemplateError)
    func capture(_ nodes: [TemplateNode], context: TemplateValue?) throws(TemplateError) -> String
    func countIteration() throws(TemplateError)
    var work: TemplateWork { get }
    func countWork(_ steps: Int) throws(TemplateError)
    func json(parsing text: String) throws(TemplateError) -> JSONValue?
    func remembered<Value>(_ key: TemplateRenderingMemo.ValueKey, make: () throws(TemplateError) -> Value) throws(TemplateError) -> Value
}
