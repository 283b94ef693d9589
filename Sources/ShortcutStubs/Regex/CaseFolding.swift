/// Java's two case-insensitive comparisons: ASCII only (`(?i)`), or Unicode simple case mapping (`(?iu)`).
enum CaseFolding {
    /// `A-Z` to `a-z`, every other value unchanged (Java's `ASCII.toLower`).
    static func asciiLower(_ value: UInt32) -> UInt32 {
        (0x41...0x5A).contains(value) ? value + 0x20 : value
    }

    /// `a-z` to `A-Z`, every other value unchanged (Java's `ASCII.toUpper`).
    static func asciiUpper(_ value: UInt32) -> UInt32 {
        (0x61...0x7A).contains(value) ? value - 0x20 : value
    }

    /// The other-case letter of an ASCII letter, or nil for anything else.
    static func asciiSwapped(_ value: UInt32) -> UInt32? {
        let lower = asciiLower(value)
        let upper = asciiUpper(value)
        return lower != value ? lower : (upper != value ? upper : nil)
    }

    /// Java's `Character.toUpperCase(int)`: the simple (one scalar) uppercase mapping.
    static func upper(_ value: UInt32) -> UInt32 {
        if value < 0x80 { return asciiUpper(value) }
        guard let scalar = Unicode.Scalar(value) else { return value }
        return single(scalar.properties.uppercaseMapping) ?? value
    }

    /// Java's `Character.toLowerCase(int)`: the simple (one scalar) lowercase mapping.
    static func lower(_ value: UInt32) -> UInt32 {
        if value < 0x80 { return asciiLower(value) }
        // U+0130 (I with dot above) lowercases to two scalars in full mapping, to plain i in Java's simple mapping.
        if value == 0x130 { return 0x69 }
        guard let scalar = Unicode.Scalar(value) else { return value }
        return single(scalar.properties.lowercaseMapping) ?? value
    }

    /// Java's Unicode case-insensitive key, `toLowerCase(toUpperCase(c))`, as its `SingleU` and `SliceU` use.
    static func fold(_ value: UInt32) -> UInt32 {
        lower(upper(value))
    }

    /// The one scalar of a full case mapping, or nil when the mapping has several (then the simple mapping is the
    /// identity, as for ß whose uppercase is "SS").
    private static func single(_ mapping: String) -> UInt32? {
        var scalars = mapping.unicodeScalars.makeIterator()
        guard let first = scalars.next(), scalars.next() == nil else { return nil }
        return first.value
    }
}
