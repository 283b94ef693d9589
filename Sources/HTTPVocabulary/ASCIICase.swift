extension StringProtocol {
    /// ASCII case-insensitive comparison, without allocating (header names and tokens are ASCII).
    @inlinable
    package func equalsIgnoringASCIICase<Other: StringProtocol>(_ other: Other) -> Bool {
        let a = utf8
        let b = other.utf8
        guard a.count == b.count else { return false }
        // Contiguous bytes first (every native string): `zip` over two generic UTF-8 views cost ~120
        // instructions a byte (callgrind, a `Content-Type` lookup on every answer the journal records).
        let fast = a.withContiguousStorageIfAvailable { x in
            b.withContiguousStorageIfAvailable { y in
                for index in 0..<x.count where !Self.sameIgnoringASCIICase(x[index], y[index]) { return false }
                return true
            }
        }
        if let fast, let result = fast { return result }
        return zip(a, b).allSatisfy { x, y in Self.sameIgnoringASCIICase(x, y) }
    }

    @inlinable @inline(__always)
    static func sameIgnoringASCIICase(_ x: UInt8, _ y: UInt8) -> Bool {
        x == y || (x ^ y == 0x20 && (x | 0x20) >= 0x61 && (x | 0x20) <= 0x7A)
    }
}
