/// Bounds on one `equalToJson` comparison, whose actual document comes from a request. Refusing says which
/// bound and its value.
package struct JSONEqualityLimits: Sendable, Equatable {
    /// Most nodes one comparison may examine: every pair of values compared counts one, and with
    /// `ignoreArrayOrder` so does every node read to pair identical elements and every step of the matching.
    package var maxNodesCompared: Int
    /// Deepest nesting compared (the document itself is 0).
    package var maxDepth: Int
    /// Most difference lines kept (the distance still counts them all).
    package var maxDifferences: Int

    /// Bounds with the given values; the defaults are `standard`'s.
    package init(maxNodesCompared: Int = 1_000_000, maxDepth: Int = 128, maxDifferences: Int = 10) {
        self.maxNodesCompared = maxNodesCompared
        self.maxDepth = maxDepth
        self.maxDifferences = maxDifferences
    }

    /// 1,000,000 nodes, 128 levels (twice `JSONParser`'s default; recursion stays well inside a 512 KiB thread
    /// stack), 10 difference lines.
    package static let standard = JSONEqualityLimits()
}
