/// A set of Unicode scalar values kept as sorted, disjoint, non-adjacent closed ranges.
///
/// Values are `UInt32` rather than `Unicode.Scalar` so a pattern may name a surrogate code point (`\uD800`, as
/// Java allows); such a value never matches, because a Swift string holds no lone surrogates.
struct ScalarRanges: Sendable, Hashable {
    /// The largest Unicode code point.
    static let maxCodePoint: UInt32 = 0x10FFFF

    private(set) var ranges: [ClosedRange<UInt32>]

    /// The set holding every value of `ranges`, which may overlap and come in any order.
    init(_ ranges: [ClosedRange<UInt32>]) {
        let sorted = ranges.sorted { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<UInt32>] = []
        merged.reserveCapacity(sorted.count)
        for range in sorted {
            // Merge overlapping and touching ranges ([a-c][d-f] is [a-f]) so lookups see one range.
            if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        self.ranges = merged
    }

    /// The set of the given single values.
    init(values: [UInt32]) {
        self.init(values.map { $0...$0 })
    }

    /// Whether `value` is in the set: a binary search over the ranges.
    func contains(_ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            let range = ranges[middle]
            if value < range.lowerBound {
                high = middle
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// Whether the set holds nothing.
    var isEmpty: Bool { ranges.isEmpty }

    /// Every code point not in the set.
    var complement: ScalarRanges {
        var result: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > next {
                result.append(next...(range.lowerBound - 1))
            }
            next = range.upperBound &+ 1
        }
        if next <= Self.maxCodePoint {
            result.append(next...Self.maxCodePoint)
        }
        return ScalarRanges(result)
    }
}
