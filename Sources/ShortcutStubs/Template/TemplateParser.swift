/// Builds the tree from the lexemes: blocks matched with their `{{else}}` and `{{/name}}`, every helper
/// name looked up in the registry and its arguments checked, nesting bounded. Everything a template can
/// get wrong is found here, once, when the stub is loaded.
struct TemplateParser {
    private let lexemes: [TemplateLexeme]
    private let helpers: TemplateHelpers
    private let limits: TemplateLimits
    private var index = 0
    private var depth = 0

    init(lexemes: [TemplateLexeme], helpers: TemplateHelpers, limits: TemplateLimits) {
        self.lexemes = lexemes
        self.helpers = helpers
        self.limits = limits
    }

    /// How a run of nodes ended.
    private enum BodyEnd {
        case endOfInput
        case close(TemplatePath, TemplatePosition)
        case elseTag(TemplateTag)
    }

    /// The block a body belongs to, for messages.
    private struct OpenBlock {
        var name: String
        var position: TemplatePosition
    }

    mutating func parseTemplate() throws(TemplateError) -> [TemplateNode] {
        let (nodes, end) = try parseBody(in: nil)
        switch end {
        case .endOfInput: return nodes
        case .close(let path, let position): throw TemplateError("{{/\(path.text)}} closes no open block", at: position)
        case .elseTag(let tag): throw TemplateError("{{else}} outside a block", at: tag.position)
        }
    }

    private mutating func parseBody(in block: OpenBlock?) throws(TemplateError) -> ([TemplateNode], BodyEnd) {
        var nodes: [TemplateNode] = []
        while index < lexemes.count {
            let lexeme = lexemes[index]
            index += 1
            switch lexeme {
            case .text(let text):
                nodes.append(.text(text))
            case .tag(let tag):
                switch tag.kind {
                case .comment:
                    continue
                case .output(let escaped):
                    if escaped, tag.tokens.first?.plainName == "else" {
                        guard block != nil else { throw TemplateError("{{else}} outside a block", at: tag.position) }
                        return (nodes, .elseTag(tag))
                    }
                    var tokens = TokenCursor(tag)
                    let expression = try parseCall(&tokens)
                    try tokens.expectEnd()
                    nodes.append(.output(expression, escaped: escaped, at: tag.position))
                case .openInverse where tag.tokens.isEmpty:
                    guard block != nil else { throw TemplateError("{{^}} (else) outside a block", at: tag.position) }
                    return (nodes, .elseTag(tag))
                case .open, .openInverse:
                    nodes.append(try parseBlock(tag))
                case .close:
                    var tokens = TokenCursor(tag)
                    guard case .path(let path) = tokens.next()?.kind else {
                        throw TemplateError("{{/…}} needs the name of the block it closes", at: tag.position)
                    }
                    try tokens.expectEnd()
                    return (nodes, .close(path, tag.position))
                }
            }
        }
        return (nodes, .endOfInput)
    }

    // MARK: Blocks

    private mutating func parseBlock(_ tag: TemplateTag) throws(TemplateError) -> TemplateNode {
        var tokens = TokenCursor(tag)
        guard case .path(let head) = tokens.peek?.kind else {
            throw TemplateError("a block must open with a helper name or a path", at: tag.position)
        }
        let opened = OpenBlock(name: head.text, position: tag.position)
        return try parseBlockContents(&tokens, opened: opened, inverted: tag.kind == .openInverse, position: tag.position)
    }

    /// Parses the opener in `tokens`, then the body up to `{{else}}` / `{{/name}}` of `opened` (an `{{else if …}}`
    /// chain nests a block in the inverse that ends at the same `{{/name}}`).
    private mutating func parseBlockContents(
        _ tokens: inout TokenCursor, opened: OpenBlock, inverted: Bool, position: TemplatePosition
    ) throws(TemplateError) -> TemplateNode {
        try enterNesting(at: position)
        defer { depth -= 1 }
        let opener = try parseBlockOpener(&tokens)
        let blockParameters = try parseBlockParameters(&tokens)
        try tokens.expectEnd()
        var (body, end) = try parseBody(in: opened)
        var inverse: [TemplateNode] = []
        switch end {
        case .endOfInput:
            throw TemplateError("unclosed {{#\(opened.name)}}: no {{/\(opened.name)}} before the end of the template", at: opened.position)
        case .close(let path, let closePosition):
            try checkClose(path, at: closePosition, opened: opened)
        case .elseTag(let elseTag):
            var elseTokens = TokenCursor(elseTag)
            if elseTag.kind == .output(escaped: true) { _ = elseTokens.next() }  // the `else` itself
            if elseTokens.isAtEnd {
                let (elseBody, elseEnd) = try parseBody(in: opened)
                switch elseEnd {
                case .endOfInput:
                    throw TemplateError(
                        "unclosed {{#\(opened.name)}}: no {{/\(opened.name)}} before the end of the template", at: opened.position)
                case .close(let path, let closePosition):
                    try checkClose(path, at: closePosition, opened: opened)
                case .elseTag(let second):
                    throw TemplateError("a second {{else}} in {{#\(opened.name)}}", at: second.position)
                }
                inverse = elseBody
            } else {
                // `{{else if x}}`: the rest of the chain is a block in the inverse, closed by the same `{{/name}}`.
                inverse = [try parseBlockContents(&elseTokens, opened: opened, inverted: false, position: elseTag.position)]
            }
        }
        if inverted { swap(&body, &inverse) }
        return .block(TemplateBlock(opener: opener, blockParameters: blockParameters, body: body, inverse: inverse, position: position))
    }

    private mutating func parseBlockOpener(_ tokens: inout TokenCursor) throws(TemplateError) -> TemplateBlock.Opener {
        guard let token = tokens.peek, case .path(let head) = token.kind else {
            throw TemplateError("a block must open with a helper name or a path", at: tokens.position)
        }
        if let name = token.plainName, let helper = helpers.helper(named: name) {
            guard helper.form != .inline else {
                throw TemplateError("'\(name)' cannot open a block: write {{\(name) …}}", at: token.position)
            }
            let invocation = try parseInvocation(&tokens, name: name, helper: helper)
            if !tokens.isAtBlockParameters { try tokens.expectEnd() }
            try validate(invocation, isBlock: true)
            return .helper(invocation)
        }
        _ = tokens.next()
        if tokens.hasArgumentsAhead {
            throw TemplateError("unknown helper '\(head.text)'", at: token.position)
        }
        return .section(head)
    }

    private func parseBlockParameters(_ tokens: inout TokenCursor) throws(TemplateError) -> [String] {
        guard tokens.peek?.plainName == "as", tokens.peek(1).map({ if case .pipe = $0.kind { true } else { false } }) == true
        else { return [] }
        _ = tokens.next()
        _ = tokens.next()
        var names: [String] = []
        while let token = tokens.next() {
            if case .pipe = token.kind {
                guard !names.isEmpty else { throw TemplateError("'as | |' names no block parameter", at: token.position) }
                return names
            }
            guard let name = token.plainName else {
                throw TemplateError("a block parameter must be a plain name", at: token.position)
            }
            names.append(name)
        }
        throw TemplateError("block parameters 'as |…|' need a closing '|'", at: tokens.position)
    }

    private func checkClose(_ path: TemplatePath, at position: TemplatePosition, opened: OpenBlock) throws(TemplateError) {
        guard path.text == opened.name else {
            let place = "line \(opened.position.line), column \(opened.position.column)"
            throw TemplateError("{{/\(path.text)}} does not close {{#\(opened.name)}} opened at \(place)", at: position)
        }
    }

    // MARK: Expressions

    /// `name args… key=value…` where `name` is a helper, or a lone path.
    private mutating func parseCall(_ tokens: inout TokenCursor) throws(TemplateError) -> TemplateExpression {
        guard let token = tokens.peek else { throw TemplateError("empty mustache", at: tokens.position) }
        guard case .path(let head) = token.kind else {
            throw TemplateError("a mustache must start with a helper name or a path", at: token.position)
        }
        if let name = token.plainName, let helper = helpers.helper(named: name) {
            guard helper.form != .block else {
                throw TemplateError("'\(name)' is a block helper: write {{#\(name) …}} … {{/\(name)}}", at: token.position)
            }
            let invocation = try parseInvocation(&tokens, name: name, helper: helper)
            try tokens.expectEnd()
            try validate(invocation, isBlock: false)
            return .helper(invocation)
        }
        _ = tokens.next()
        if tokens.hasArgumentsAhead {
            throw TemplateError("unknown helper '\(head.text)'", at: token.position)
        }
        return .path(head)
    }

    /// The call's arguments and options, up to `)`, `as |` or the end; `validate` checks them once the
    /// surrounding syntax is known to be whole.
    private mutating func parseInvocation(
        _ tokens: inout TokenCursor, name: String, helper: TemplateHelper
    ) throws(TemplateError) -> TemplateHelperInvocation {
        guard let head = tokens.next() else { throw TemplateError("empty mustache", at: tokens.position) }
        var arguments: [TemplateExpression] = []
        var hash: [(key: String, value: TemplateExpression)] = []
        while let token = tokens.peek, !tokens.isAtBlockParameters {
            if case .closeParenthesis = token.kind { break }
            if let key = token.plainName, let equals = tokens.peek(1), case .equals = equals.kind {
                _ = tokens.next()
                _ = tokens.next()
                guard !hash.contains(where: { $0.key == key }) else {
                    throw TemplateError("option '\(key)' is given twice", at: token.position)
                }
                guard !tokens.isAtEnd else { throw TemplateError("expected a value after '='", at: equals.position) }
                hash.append((key, try parseArgument(&tokens)))
                continue
            }
            guard hash.isEmpty else {
                throw TemplateError("positional argument after the options (key=value must come last)", at: token.position)
            }
            arguments.append(try parseArgument(&tokens))
        }
        return TemplateHelperInvocation(name: name, helper: helper, arguments: arguments, hash: hash, position: head.position)
    }

    private mutating func parseArgument(_ tokens: inout TokenCursor) throws(TemplateError) -> TemplateExpression {
        guard let token = tokens.next() else { throw TemplateError("expected a value after '='", at: tokens.position) }
        switch token.kind {
        case .literal(let value):
            return .literal(value)
        case .path(let path):
            return .path(path)
        case .openParenthesis:
            try enterNesting(at: token.position)
            defer { depth -= 1 }
            guard let head = tokens.peek, let name = head.plainName, let helper = helpers.helper(named: name) else {
                if let head = tokens.peek, case .path(let path) = head.kind {
                    throw TemplateError("unknown helper '\(path.text)'", at: head.position)
                }
                throw TemplateError("a subexpression must start with a helper name", at: tokens.peek?.position ?? token.position)
            }
            guard helper.form != .block else {
                throw TemplateError("'\(name)' is a block helper and cannot be a subexpression", at: head.position)
            }
            let invocation = try parseInvocation(&tokens, name: name, helper: helper)
            guard let close = tokens.next(), case .closeParenthesis = close.kind else {
                throw TemplateError("unclosed '(': no ')' before the end of the mustache", at: token.position)
            }
            try validate(invocation, isBlock: false)
            return .helper(invocation)
        case .closeParenthesis:
            throw TemplateError("unexpected ')'", at: token.position)
        case .equals:
            throw TemplateError("unexpected '='", at: token.position)
        case .pipe:
            throw TemplateError("unexpected '|'", at: token.position)
        }
    }

    /// The helper's own rules: argument count, option names, and its check of the literal values.
    private func validate(_ invocation: TemplateHelperInvocation, isBlock: Bool) throws(TemplateError) {
        let (helper, name, arguments, hash, position) =
            (invocation.helper, invocation.name, invocation.arguments, invocation.hash, invocation.position)
        if !helper.arguments.contains(arguments.count) {
            throw TemplateError("'\(name)' takes \(Self.describe(helper.arguments)), got \(arguments.count)", at: position)
        }
        if let allowed = helper.options, let unknown = hash.first(where: { !allowed.contains($0.key) }) {
            let list = allowed.isEmpty ? "it takes none" : "it takes " + allowed.sorted().joined(separator: ", ")
            throw TemplateError("'\(name)' has no option '\(unknown.key)' (\(list))", at: position)
        }
        guard let check = helper.check else { return }
        var options: [String: TemplateValue?] = [:]
        for (key, value) in hash { options[key] = .some(value.literalValue) }
        let literals = TemplateHelperLiterals(
            arguments: arguments.map(\.literalValue), options: options, isBlock: isBlock, limits: limits)
        do {
            try check(literals)
        } catch {
            throw error.placed(at: position)
        }
    }

    private static func describe(_ range: ClosedRange<Int>) -> String {
        let noun = { (count: Int) in count == 1 ? "argument" : "arguments" }
        if range.lowerBound == range.upperBound { return "exactly \(range.lowerBound) \(noun(range.lowerBound))" }
        if range.upperBound >= 64 { return "at least \(range.lowerBound) \(noun(range.lowerBound))" }
        return "\(range.lowerBound) to \(range.upperBound) arguments"
    }

    private mutating func enterNesting(at position: TemplatePosition) throws(TemplateError) {
        depth += 1
        if depth > limits.nestingDepth {
            throw TemplateError(
                "blocks and subexpressions nest \(depth) deep; the limit is \(limits.nestingDepth) (TemplateLimits.nestingDepth)",
                at: position)
        }
    }
}

/// Reads the tokens of one tag.
private struct TokenCursor {
    private let tokens: [TemplateToken]
    private let tagPosition: TemplatePosition
    private var index = 0

    init(_ tag: TemplateTag) {
        tokens = tag.tokens
        tagPosition = tag.position
    }

    var peek: TemplateToken? { peek(0) }

    func peek(_ ahead: Int) -> TemplateToken? {
        tokens.indices.contains(index + ahead) ? tokens[index + ahead] : nil
    }

    mutating func next() -> TemplateToken? {
        defer { index += 1 }
        return peek
    }

    var isAtEnd: Bool { index >= tokens.count }

    /// Where a message about the current point goes: the current token, else the tag.
    var position: TemplatePosition { peek?.position ?? tagPosition }

    /// Whether `as |` starts here.
    var isAtBlockParameters: Bool {
        guard peek?.plainName == "as", let next = peek(1), case .pipe = next.kind else { return false }
        return true
    }

    /// Whether arguments or options follow the current point (so a name there would be a helper call).
    var hasArgumentsAhead: Bool {
        guard let token = peek else { return false }
        if case .closeParenthesis = token.kind { return false }
        return !isAtBlockParameters
    }

    func expectEnd() throws(TemplateError) {
        guard let token = peek else { return }
        switch token.kind {
        case .closeParenthesis: throw TemplateError("unexpected ')'", at: token.position)
        case .pipe: throw TemplateError("unexpected '|'", at: token.position)
        case .equals: throw TemplateError("unexpected '='", at: token.position)
        case .path, .literal, .openParenthesis: throw TemplateError("unexpected argument", at: token.position)
        }
    }
}
