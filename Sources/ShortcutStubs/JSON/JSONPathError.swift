/// Why a JSONPath expression was refused, or why evaluating it stopped. `description` is one line for a 422
/// answer; offsets count UTF-8 bytes from the start of the expression, from 0.
package struct JSONPathError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of refusal this is.
    package enum Kind: Sendable, Equatable {
        /// The expression is not JSONPath.
        case syntax
        /// The expression is JSONPath, but uses something this engine does not do.
        case unsupported
        /// A `JSONPathLimits` bound was reached.
        case limit
    }

    /// What kind of refusal this is.
    package let kind: Kind
    /// Where in the expression (UTF-8 byte offset), when the refusal is about a place in it.
    package let offset: Int?
    /// What was wrong, without the prefix `description` adds.
    package let message: String

    /// One line: what was wrong and, for syntax, where.
    package var description: String {
        switch kind {
        case .syntax: "JSONPath syntax error at offset \(offset ?? 0): \(message)"
        case .unsupported: "JSONPath feature not supported at offset \(offset ?? 0): \(message)"
        case .limit: "JSONPath refused: \(message)"
        }
    }

    static func syntax(at offset: Int, _ message: String) -> JSONPathError {
        JSONPathError(kind: .syntax, offset: offset, message: message)
    }

    static func unsupported(at offset: Int, _ message: String) -> JSONPathError {
        JSONPathError(kind: .unsupported, offset: offset, message: message)
    }

    static func limit(_ message: String, at offset: Int? = nil) -> JSONPathError {
        JSONPathError(kind: .limit, offset: offset, message: message)
    }
}
