/// WireMock's normalised Levenshtein distance (edits / longer length), on Unicode scalars and bounded to the
/// first `limit` of each string so a long value costs at most `limit`² steps.
package enum Levenshtein {
    /// The default bound.
    package static let limit = 256

    /// 0 for equal strings ... 1 for nothing in common; 1 when either is missing.
    package static func normalisedDistance(_ one: String?, _ two: String?, limit: Int = Levenshtein.limit) -> Double {
        guard let one, let two else { return 1 }
        let a = Array(one.unicodeScalars.prefix(limit))
        let b = Array(two.unicodeScalars.prefix(limit))
        let longer = max(a.count, b.count)
        guard longer > 0 else { return 0 }
        return Double(distance(a, b)) / Double(longer)
    }

    /// The edit distance, two rows at a time.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
