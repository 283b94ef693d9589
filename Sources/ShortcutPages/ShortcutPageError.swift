/// Why a shortcut page could not be made: which input was wrong, a short machine code, and one
/// human line naming the value and the limit, e.g. `url scheme 'javascript' is not allowed`.
public struct ShortcutPageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input at fault: `"title"`, `"url"`, `"app_name"`, `"icon"` or `"template"`.
    public let field: String
    /// A short machine-readable code such as `"error.required"`, `"error.maxLength"`,
    /// `"error.scheme"`, `"error.character"`, `"error.format"`, `"error.size"` or `"error.slot"`.
    public let code: String
    /// One human line saying what was wrong, naming the value or the limit.
    public let reason: String

    /// Makes an error for `field` with a machine `code` and a human `reason`.
    public init(field: String, code: String, reason: String) {
        self.field = field
        self.code = code
        self.reason = reason
    }

    /// The reason, which already names the field.
    public var description: String { reason }
}

extension ShortcutPageError {
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
