/// Renders a compiled template once: walks the tree, keeps Handlebars' context stack, and counts what the
/// limits bound. One renderer per rendering, on one thread; never shared, so a plain class.
final class TemplateRenderer<Random: RandomNumberGenerator, Clock: TemplateClock>: TemplateRenderingHost {
    /// One level of the context stack.
    private struct Frame {
        var value: TemplateValue
        /// Whether it changes `this` (`#each`, `#with`, sections) or only adds data / block parameters.
        var isContext: Bool
        var data: [(String, TemplateValue)]
        var parameters: [(String, TemplateValue)]
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
                try write(text, at: nil)
            case .output(let expression, let escaped, let position):
                let text = try evaluate(expression).renderedText
                try write(escaped ? TemplateEscaping.html(text) : text, at: position)
            case .block(let block):
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
            let value = resolve(path)
            guard value.isTruthy else {
                try append(block.inverse, context: nil, data: [], blockParameters: [], names: [])
                return
            }
            if case .bool = value {
                try append(block.body, context: nil, data: [], blockParameters: [], names: [])
            } else if case .object = value {
                try append(block.body, context: value, data: [], blockParameters: [value], names: block.blockParameters)
            } else if let entries = TemplateIteration.entries(of: value), !entries.isEmpty {
                for (index, entry) in entries.enumerated() {
                    do { try countIteration() } catch { throw error.placed(at: block.position) }
                    let data = TemplateIteration.data(index: index, key: entry.key, count: entries.count)
                    try append(
                        block.body, context: entry.value, data: data, blockParameters: [entry.value, entry.key],
                        names: block.blockParameters)
                }
            } else {
                try append(block.body, context: value, data: [], blockParameters: [value], names: block.blockParameters)
            }
        }
    }

    private func write(_ text: String, at position: TemplatePosition?) throws(TemplateError) {
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
        case .path(let path): return resolve(path)
        case .helper(let invocation): return try call(invocation, block: nil)
        }
    }

    private func call(_ invocation: TemplateHelperInvocation, block: TemplateCallBlock?) throws(TemplateError) -> TemplateValue {
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
    private func resolve(_ path: TemplatePath) -> TemplateValue {
        if path.isData {
            guard let name = path.segments.first else { return .null }
            let rest = path.segments.dropFirst()
            if name == "root" { return Self.walk(frames[0].value, rest) ?? .null }
            for frame in frames.reversed() {
                if let value = frame.data.last(where: { $0.0 == name })?.1 { return Self.walk(value, rest) ?? .null }
            }
            return .null
        }
        let contexts = frames.indices.reversed().filter { frames[$0].isContext }
        if path.parentDepth > 0 {
            guard path.parentDepth < contexts.count else { return .null }
            return Self.walk(frames[contexts[path.parentDepth]].value, path.segments[...]) ?? .null
        }
        if path.isLocal || path.segments.isEmpty {
            return Self.walk(currentContext, path.segments[...]) ?? .null
        }
        let first = path.segments[0]
        for frame in frames.reversed() {
            if let value = frame.parameters.last(where: { $0.0 == first })?.1 {
                return Self.walk(value, path.segments.dropFirst()) ?? .null
            }
        }
        for index in contexts {
            if let value = Self.walk(frames[index].value, path.segments[...]), value != .null { return value }
        }
        return .null
    }

    private static func walk(_ start: TemplateValue, _ segments: ArraySlice<String>) -> TemplateValue? {
        var value = start
        for segment in segments {
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
    }
}

/// HTML escaping as Handlebars does it for `{{x}}`.
enum TemplateEscaping {
    /// `& < > " ' \` =` become `&amp; &lt; &gt; &quot; &#x27; &#x60; &#x3D;` (Handlebars.java's `HTML_ENTITY`,
    /// the same table as handlebars.js).
    static func html(_ text: String) -> String {
        var needsEscaping = false
        for byte in text.utf8 where replacement(for: byte) != nil {
            needsEscaping = true
            break
        }
        guard needsEscaping else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            if let entity = replacement(for: byte) { out.append(contentsOf: entity.utf8) } else { out.append(byte) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func replacement(for byte: UInt8) -> String? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#x27;"
        case UInt8(ascii: "`"): "&#x60;"
        case UInt8(ascii: "="): "&#x3D;"
        default: nil
        }
    }
}
