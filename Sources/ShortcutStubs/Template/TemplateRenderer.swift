import ShortcutJSON

/// Renders a compiled template once: walks the tree, keeps Handlebars' context stack, and counts what the
/// limits bound, its work in steps included (`TemplateWorkCost`). One renderer per rendering, on one thread;
/// never shared, so a plain class.
final class TemplateRenderer<Random: RandomNumberGenerator, Clock: TemplateClock>: TemplateRenderingHost {
    /// One level of the context stack.
    private struct Frame {
        var value: TemplateValue
        /// Whether it changes `this` (`#each`, `#with`, sections) or only adds data / block parameters.
        var isContext: Bool
        var data: [(String, TemplateValue)]
        var parameters: [(String, TemplateValue)]
        /// The loop item this frame renders, whose `@` variables are made when read.
        var item: TemplateIteration.Item? = nil
    }

    let limits: TemplateLimits
    private let clock: Clock
    private(set) var random: Random
    private var instant: Int64?
    private var frames: [Frame]
    // Output goes to the last buffer; `capture` pushes one. `liveBytes` is the total held in all of them, so
    // the output limit also bounds what helpers are still building.
    private var buffers: [String] = [""]
    private var liveBytes = 0
    private var iterations = 0
    private(set) var work = TemplateWork()
    private var memo = TemplateRenderingMemo()

    init(root: TemplateValue, limits: TemplateLimits, clock: Clock, random: Random) {
        self.limits = limits
        self.clock = clock
        self.random = random
        frames = [Frame(value: root, isContext: true, data: [], parameters: [])]
    }

    func render(_ nodes: [TemplateNode]) throws(TemplateError) -> String {
        try renderNodes(nodes)
        return buffers[0]
    }

    // MARK: Nodes

    private func renderNodes(_ nodes: [TemplateNode]) throws(TemplateError) {
        for node in nodes {
            switch node {
            case .text(let text):
                try countWork(TemplateWorkCost.node, at: nil)
                try write(text, at: nil)
            case .output(let expression, let escaped, let position):
                try countWork(TemplateWorkCost.node, at: position)
                let value = try evaluate(expression)
                let text = value.renderedText
                switch value {
                case .list, .object: try countWork(TemplateWorkCost.serialising(text), at: position)
                case .null, .bool, .number, .string, .composite: break
                }
                guard escaped else {
                    try write(text, at: position)
                    break
                }
                let html = TemplateEscaping.html(text)
                let escaping = html.utf8.count == text.utf8.count ? 0 : html.utf8.count / TemplateWorkCost.bytesPerEscapeStep
                try countWork(text.utf8.count / TemplateWorkCost.bytesPerEscapeCheck + escaping, at: position)
                try write(html, at: position)
            case .block(let block):
                try countWork(TemplateWorkCost.node, at: block.position)
                try renderBlock(block)
            }
        }
    }

    private func renderBlock(_ block: TemplateBlock) throws(TemplateError) {
        switch block.opener {
        case .helper(let invocation):
            let parts = TemplateCallBlock(body: block.body, inverse: block.inverse, parameterNames: block.blockParameters)
            let result = try call(invocation, block: parts)
            if result != .null { try write(result.renderedText, at: invocation.position) }
        case .section(let path):
            // Mustache's section, which Handlebars keeps as `blockHelperMissing`.
            let value = try resolve(path)
            guard value.isTruthy else {
                try append(block.inverse, context: nil, data: [], blockParameters: [], names: [])
                return
            }
            if case .bool = value {
                try append(block.body, context: nil, data: [], blockParameters: [], names: [])
            } else if case .object = value {
                try append(block.body, context: value, data: [], blockParameters: [value], names: block.blockParameters)
            } else if let items = TemplateIteration.Items(value), items.count > 0 {
                for index in 0..<items.count {
                    do { try countIteration() } catch { throw error.placed(at: block.position) }
                    try appendItem(items.item(at: index), body: block.body, names: block.blockParameters)
                }
            } else {
                try append(block.body, context: value, data: [], blockParameters: [value], names: block.blockParameters)
            }
        }
    }

    private func write(_ text: String, at position: TemplatePosition?) throws(TemplateError) {
        try countWork(text.utf8.count / TemplateWorkCost.bytesPerStep, at: position)
        let total = liveBytes + text.utf8.count
        guard total <= limits.outputBytes else {
            throw TemplateError(
                "rendered output reached \(total) bytes; the limit is \(limits.outputBytes) (TemplateLimits.outputBytes)", at: position)
        }
        liveBytes = total
        buffers[buffers.count - 1] += text
    }

    // MARK: Expressions

    private func evaluate(_ expression: TemplateExpression) throws(TemplateError) -> TemplateValue {
        switch expression {
        case .literal(let value): return value
        case .path(let path): return try resolve(path)
        case .helper(let invocation): return try call(invocation, block: nil)
        }
    }

    private func call(_ invocation: TemplateHelperInvocation, block: TemplateCallBlock?) throws(TemplateError) -> TemplateValue {
        try countWork(TemplateWorkCost.helperCall, at: invocation.position)
        var arguments: [TemplateValue] = []
        for argument in invocation.arguments { arguments.append(try evaluate(argument)) }
        var options: [(key: String, value: TemplateValue)] = []
        for (key, value) in invocation.hash { options.append((key, try evaluate(value))) }
        let call = TemplateHelperCall(
            name: invocation.name, arguments: arguments, options: options, context: currentContext, block: block, host: self)
        do {
            return try invocation.helper.apply(call)
        } catch {
            throw error.placed(at: invocation.position)
        }
    }

    private var currentContext: TemplateValue {
        frames.last { $0.isContext }?.value ?? .null
    }

    /// Handlebars.java's lookup: `@data` from the nearest frame that has it; `../` counts context frames up;
    /// `this.x` looks only here; a block parameter wins; otherwise each enclosing context is tried in turn,
    /// innermost first (Mustache's rule, which is why `{{request.url}}` works inside `{{#each}}`).
    private func resolve(_ path: TemplatePath) throws(TemplateError) -> TemplateValue {
        if path.isData {
            guard let name = path.segments.first else { return .null }
            let rest = path.segments.dropFirst()
            if name == "root" { return try walk(frames[0].value, rest, at: path.position) ?? .null }
            for frame in frames.reversed() {
                if let value = frame.data.last(where: { $0.0 == name })?.1 ?? frame.item?.data(name) {
                    return try walk(value, rest, at: path.position) ?? .null
                }
            }
            return .null
        }
        if path.parentDepth > 0 {
            var depth = path.parentDepth
            for frame in frames.reversed() where frame.isContext {
                if depth == 0 { return try walk(frame.value, path.segments[...], at: path.position) ?? .null }
                depth -= 1
            }
            return .null
        }
        if path.isLocal || path.segments.isEmpty {
            return try walk(currentContext, path.segments[...], at: path.position) ?? .null
        }
        let first = path.segments[0]
        for frame in frames.reversed() {
            if let value = frame.parameters.last(where: { $0.0 == first })?.1 {
                return try walk(value, path.segments.dropFirst(), at: path.position) ?? .null
            }
        }
        for frame in frames.reversed() where frame.isContext {
            if let value = try walk(frame.value, path.segments[...], at: path.position), value != .null { return value }
        }
        return .null
    }

    /// Each step costs `TemplateWorkCost.step(into:)`.
    private func walk(_ start: TemplateValue, _ segments: ArraySlice<String>, at position: TemplatePosition) throws(TemplateError)
        -> TemplateValue?
    {
        var value = start
        for segment in segments {
            try countWork(TemplateWorkCost.step(into: value), at: position)
            guard let next = value.member(segment) else { return nil }
            value = next
        }
        return value
    }

    // MARK: TemplateRenderingHost

    var nowMilliseconds: Int64 {
        if let instant { return instant }
        let now = clock.millisecondsSinceEpoch()
        instant = now
        return now
    }

    func randomInteger(below upperBound: Int) -> Int {
        guard upperBound > 1 else { return 0 }
        return Int(random.next(upperBound: UInt64(upperBound)))
    }

    func append(
        _ nodes: [TemplateNode], context: TemplateValue?, data: [(String, TemplateValue)], blockParameters: [TemplateValue],
        names: [String]
    ) throws(TemplateError) {
        let parameters = Array(zip(names, blockParameters))
        guard context != nil || !data.isEmpty || !parameters.isEmpty else {
            try renderNodes(nodes)
            return
        }
        frames.append(Frame(value: context ?? currentContext, isContext: context != nil, data: data, parameters: parameters))
        defer { frames.removeLast() }
        try renderNodes(nodes)
    }

    func appendItem(_ item: TemplateIteration.Item, body: [TemplateNode], names: [String]) throws(TemplateError) {
        // Block parameters only when named: most loops name none, and this runs once per item.
        var parameters: [(String, TemplateValue)] = []
        if !names.isEmpty {
            try countWork(TemplateWorkCost.blockParameters)
            parameters = Array(zip(names, [item.value, item.key]))
        }
        frames.append(Frame(value: item.value, isContext: true, data: [], parameters: parameters, item: item))
        defer { frames.removeLast() }
        try renderNodes(body)
    }

    func capture(_ nodes: [TemplateNode], context: TemplateValue?) throws(TemplateError) -> String {
        buffers.append("")
        defer {
            let captured = buffers.removeLast()
            liveBytes -= captured.utf8.count
        }
        try append(nodes, context: context, data: [], blockParameters: [], names: [])
        return buffers[buffers.count - 1]
    }

    func countIteration() throws(TemplateError) {
        iterations += 1
        guard iterations <= limits.eachIterations else {
            throw TemplateError(
                "{{#each}} ran \(iterations) iterations in this rendering; the limit is \(limits.eachIterations) "
                    + "(TemplateLimits.eachIterations)")
        }
        try countWork(TemplateWorkCost.iteration)
    }

    func countWork(_ steps: Int) throws(TemplateError) {
        try countWork(steps, at: nil)
    }

    private func countWork(_ steps: Int, at position: TemplatePosition?) throws(TemplateError) {
        work.steps += steps
        guard work.steps <= limits.workSteps else {
            throw TemplateError(
                "rendering reached \(work.steps) work steps; the limit is \(limits.workSteps) (TemplateLimits.workSteps)", at: position)
        }
    }

    func json(parsing text: String) throws(TemplateError) -> JSONValue? {
        if let kept = memo.document(for: text) { return kept }
        let bytes = Array(text.utf8)
        try countWork(TemplateWorkCost.parse(bytes))
        work.documentsParsed += 1
        var json: JSONValue?
        do throws(JSONParser.Failure) {
            json = try JSONParser.parse(bytes)
        } catch {
            json = nil
        }
        memo.keep(json, for: text)
        return json
    }

    func remembered<Value>(_ key: TemplateRenderingMemo.ValueKey, make: () throws(TemplateError) -> Value) throws(TemplateError) -> Value {
        if let kept = memo.value(for: key, as: Value.self) { return kept }
        let value = try make()
        memo.keep(value, for: key)
        return value
    }
}
