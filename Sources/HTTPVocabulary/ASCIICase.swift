extension StringProtocol {
    /// ASCII case-insensitive comparison, without allocating (header names and tokens are ASCII).
    @inlinable
    public func equalsIgnoringASCIICase<Other: StringProtocol>(_ other: Other) -> Bool {
        let a = utf8
        let b = other.utf8
        guard a.count == b.count else { return false }
        return zip(a, b).allSatisfy { x, y in x == y || (x ^ y == 0x20 && (x | 0x20) >= 0x61 && (x | 0x20) <= 0x7A) }
    }
}
