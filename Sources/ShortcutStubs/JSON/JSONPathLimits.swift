/// Bounds on what one JSONPath may cost, so an expression from a mapping and a document from a request
/// cannot take unbounded time or memory. Refusing names the bound and its value.
package struct JSONPathLimits: Sendable, Equatable {
    /// Longest expression accepted, in UTF-8 bytes.
    package var maxExpressionBytes: Int
    /// Most values one selection may hold: the result, and every step on the way to it (a filter's operand
    /// paths included), so memory stays proportional to this bound rather than to the document.
    package var maxSelectedValues: Int
    /// Most nodes one evaluation may touch: every value a step selects and every container a `..` scan
    /// enters counts one, summed over the filters it runs.
    package var maxNodesVisited: Int
    /// Deepest nesting of filters, parentheses and `!` inside filters.
    package var maxNesting: Int

    /// Bounds with the given values; the defaults are `standard`'s.
    package init(maxExpressionBytes: Int = 1024, maxSelectedValues: Int = 10_000, maxNodesVisited: Int = 1_000_000, maxNesting: Int = 32) {
        self.maxExpressionBytes = maxExpressionBytes
        self.maxSelectedValues = maxSelectedValues
        self.maxNodesVisited = maxNodesVisited
        self.maxNesting = maxNesting
    }

    /// 1 KiB expressions, 10,000 selected values, 1,000,000 nodes visited, filters nested 32 deep.
    package static let standard = JSONPathLimits()
}
