/// Where in a template's source something is: a UTF-8 byte offset, and the 1-based line and column
/// (columns count characters, so a message points where an editor does).
package struct TemplatePosition: Sendable, Equatable {
    /// Bytes from the start of the source.
    package var offset: Int
    /// 1-based line.
    package var line: Int
    /// 1-based column, in Unicode scalars.
    package var column: Int

    /// A position at these coordinates.
    package init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }
}

/// Why a template was refused when it was compiled, or why one rendering failed.
///
/// `description` is the one line a user reads in the admin API's 422 answer:
/// `template line 3, column 7: unknown helper 'jsonPathh'`.
package struct TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong, without the position.
    package var reason: String
    /// Where, when the fault has a place in the source (limits on the whole source or output may not).
    package var position: TemplatePosition?

    /// An error with a reason and, when known, a position. Helpers throw it without one; the renderer
    /// adds the position of the mustache that called them.
    package init(_ reason: String, at position: TemplatePosition? = nil) {
        self.reason = reason
        self.position = position
    }

    /// `template line L, column C: reason`, or the reason alone when there is no position.
    package var description: String {
        guard let position else { return reason }
        return "template line \(position.line), column \(position.column): \(reason)"
    }

    /// The same error, placed at `position` unless it already has a place.
    func placed(at position: TemplatePosition) -> TemplateError {
        self.position == nil ? TemplateError(reason, at: position) : self
    }
}
