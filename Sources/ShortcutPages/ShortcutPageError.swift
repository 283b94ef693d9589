/// Why a shortcut page could not be made: the `FieldProblem` its validation throws.
package typealias ShortcutPageError = FieldProblem

/// A refused input field: which one, a short machine code (mocky's), and one human line naming the value
/// and the limit, e.g. `url scheme 'javascript' is not allowed`. The one type of every field refusal: a
/// shortcut page's validation throws it, and the application service (ShortcutService) collects it, with
/// its own, into the answer the API and the command line give.
public struct FieldProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input at fault, as the JSON API names it: `"title"`, `"url"`, `"app_name"`, `"icon"`,
    /// `"template"`, `"id"`, `"content_type"`, …; empty for a body as a whole.
    public let field: String
    /// A short machine-readable code such as `"error.required"`, `"error.maxLength"`, `"error.invalid"`,
    /// `"error.scheme"`, `"error.character"`, `"error.format"`, `"error.size"` or `"error.slot"`.
    public let code: String
    /// One human line saying what was wrong, naming the value or the limit.
    public let reason: String

    /// Makes a problem of `field` with a machine `code` and a human `reason`.
    package init(field: String, code: String, reason: String) {
        self.field = field
        self.code = code
        self.reason = reason
    }

    /// The reason, which already names the field.
    public var description: String { reason }
}

extension FieldProblem {
    /// The input was empty but is required.
    static let required = "error.required"
    /// The input is longer than its limit.
    static let maxLength = "error.maxLength"
    /// The URL has no scheme, a malformed one, or a refused one.
    static let scheme = "error.scheme"
    /// The input holds a control character or whitespace where none is allowed.
    static let character = "error.character"
    /// The bytes or text are not in an accepted format.
    static let format = "error.format"
    /// The icon or template is larger than its limit.
    static let size = "error.size"
    /// The template has no known slot, or an unknown one.
    static let slot = "error.slot"
}
