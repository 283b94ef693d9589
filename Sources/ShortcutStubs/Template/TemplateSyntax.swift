/// The compiled form of a template: what `ResponseTemplate` keeps and renders many times.
indirect enum TemplateNode: Sendable {
    /// Literal text, written as is.
    case text(String)
    /// `{{expression}}` (escaped) or `{{{expression}}}` / `{{& expression}}` (raw).
    case output(TemplateExpression, escaped: Bool, at: TemplatePosition)
    /// `{{#name …}} … {{else}} … {{/name}}` and `{{^name}} … {{/name}}`.
    case block(TemplateBlock)
}

/// A block: a helper given a body and an inverse, or a Mustache section over a path.
struct TemplateBlock: Sendable {
    enum Opener: Sendable {
        /// `{{#helper args}}`: the helper decides what to render.
        case helper(TemplateHelperInvocation)
        /// `{{#path}}` where `path` is no helper: a Mustache section (falsy: inverse; list: each item;
        /// anything else: the body with it as `this`). `{{^path}}` swaps body and inverse.
        case section(TemplatePath)
    }

    var opener: Opener
    var blockParameters: [String]
    var body: [TemplateNode]
    var inverse: [TemplateNode]
    var position: TemplatePosition
}

/// Something that evaluates to a value.
indirect enum TemplateExpression: Sendable {
    /// `'text'`, `"text"`, `42`, `-1.5`, `true`, `false`, `null`.
    case literal(TemplateValue)
    /// `request.url`, `this`, `../name`, `@index`, `request.path.[1]`.
    case path(TemplatePath)
    /// `helper arg key=value`, or `(helper arg)` as an argument.
    case helper(TemplateHelperInvocation)

    /// The value, when it is a literal (what compile-time helper checks can see).
    var literalValue: TemplateValue? {
        if case .literal(let value) = self { return value }
        return nil
    }
}

/// A path into the context stack.
struct TemplatePath: Sendable {
    /// `@index`, `@root.request`: a data variable rather than a context member.
    var isData: Bool
    /// How many `../` precede it.
    var parentDepth: Int
    /// `this.x` / `./x`: look only in the current context, never in the enclosing ones.
    var isLocal: Bool
    /// The steps after `this` and `../`: `["request", "path", "1"]`.
    var segments: [String]
    /// As written, for messages and for matching `{{/name}}`.
    var text: String
    var position: TemplatePosition
}

/// A call of a registered helper, with its arguments as expressions.
struct TemplateHelperInvocation: Sendable {
    var name: String
    var helper: TemplateHelper
    var arguments: [TemplateExpression]
    var hash: [(key: String, value: TemplateExpression)]
    var position: TemplatePosition
}
