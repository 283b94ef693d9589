/// The outcome of comparing a document with an `equalToJson` expectation.
package struct JSONComparison: Sendable, Equatable {
    /// Whether the document matches.
    package var matches: Bool
    /// 0 when equal, up to 1 when nothing is alike: WireMock's measure, the summed size of the differing
    /// parts over the size of the larger document (`Json.deepSize`). Ranks near misses.
    package var distance: Double
    /// The first few differences, one line each: `$.user.name: expected "x", got "y"`.
    package var differences: [String]

    /// A comparison with these values.
    package init(matches: Bool, distance: Double, differences: [String]) {
        self.matches = matches
        self.distance = distance
        self.differences = differences
    }
}
