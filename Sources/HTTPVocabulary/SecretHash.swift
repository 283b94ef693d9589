/// A page's secret, kept only as a salted SHA-256: `hash = SHA256(salt || utf8(secret))`.
///
/// The secret itself is never stored. `matches` compares in constant time, so the time it takes does
/// not tell how many leading bytes of a guess were right.
package struct SecretHash: Sendable, Equatable {
    /// The random salt (16 bytes from `make`).
    package let salt: [UInt8]
    /// `SHA256(salt || utf8(secret))`, 32 bytes.
    package let hash: [UInt8]

    /// A hash from stored parts (e.g. read back from a record).
    package init(salt: [UInt8], hash: [UInt8]) {
        self.salt = salt
        self.hash = hash
    }

    /// Hashes `secret` with 16 fresh random salt bytes (from the system's cryptographic generator).
    package static func make(_ secret: String) -> SecretHash {
        let salt = SecureRandom.bytes(16)
        return SecretHash(salt: salt, hash: digest(salt: salt, secret: secret))
    }

    /// Whether `secret` is the one this hash was made from; constant time in the hash length.
    package func matches(_ secret: String) -> Bool {
        Self.constantTimeEqual(Self.digest(salt: salt, secret: secret), hash)
    }

    /// Whether `a` and `b` hold the same bytes, reading every byte of both whatever they hold: no early
    /// exit at the first difference, so the time taken depends on the length alone. (Unequal lengths
    /// answer at once: here both sides are digests, whose length is no secret.)
    package static func constantTimeEqual<A: Collection, B: Collection>(_ a: A, _ b: B) -> Bool
    where A.Element == UInt8, B.Element == UInt8 {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) { difference |= x ^ y }
        return difference == 0
    }

    private static func digest(salt: [UInt8], secret: String) -> [UInt8] {
        SHA256.hash(salt + Array(secret.utf8))
    }
}
