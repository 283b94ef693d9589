/// One piece of template source: literal text, or a mustache with its expression tokens.
enum TemplateLexeme: Sendable {
    case text(String)
    case tag(TemplateTag)
}

/// A mustache as the lexer found it.
struct TemplateTag: Sendable {
    enum Kind: Sendable, Equatable {
        /// `{{x}}` (escaped) or `{{{x}}}` / `{{& x}}` (raw); `{{else}}` also arrives as an escaped output.
        case output(escaped: Bool)
        /// `{{#x}}`.
        case open
        /// `{{^x}}`, or `{{^}}` (another spelling of `{{else}}`).
        case openInverse
        /// `{{/x}}`.
        case close
        /// `{{! … }}` and `{{!-- … --}}`: kept only so `~` can strip around them.
        case comment
    }

    var kind: Kind
    /// `{{~`: strip the whitespace before the tag.
    var stripBefore: Bool
    /// `~}}`: strip the whitespace after the tag.
    var stripAfter: Bool
    var tokens: [TemplateToken]
    var position: TemplatePosition
}

/// A token inside a mustache.
struct TemplateToken: Sendable {
    enum Kind: Sendable {
        case path(TemplatePath)
        case literal(TemplateValue)
        case openParenthesis
        case closeParenthesis
        case equals
        case pipe
    }

    var kind: Kind
    var position: TemplatePosition

    /// The path when it is one plain name (`else`, `as`, a hash key): no `@`, `../`, `this` or brackets.
    var plainName: String? {
        guard case .path(let path) = kind, !path.isData, path.parentDepth == 0, !path.isLocal, path.segments.count == 1,
            path.text == path.segments[0]
        else { return nil }
        return path.segments[0]
    }
}
