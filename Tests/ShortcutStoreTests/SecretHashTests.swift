import Testing

@testable import ShortcutStore

@Suite struct SecretHashTests {
    @Test func matchesOnlyTheRightSecret() {
        let hash = SecretHash.make("open sesame")
        #expect(hash.matches("open sesame"))
        #expect(!hash.matches("open sesamE"))
        #expect(!hash.matches("open sesame "))
        #expect(!hash.matches(""))
    }

    @Test func anEmptySecretMatchesOnlyEmpty() {
        let hash = SecretHash.make("")
        #expect(hash.matches(""))
        #expect(!hash.matches(" "))
    }

    @Test func isSaltedSHA256WithSixteenFreshSaltBytes() {
        let first = SecretHash.make("s3cret")
        let second = SecretHash.make("s3cret")
        #expect(first.salt.count == 16)
        #expect(first.hash.count == 32)
        #expect(first.salt != second.salt)
        #expect(first.hash != second.hash)
        #expect(first.hash == SHA256.hash(first.salt + Array("s3cret".utf8)))
    }

    @Test func aDamagedHashNeverMatches() {
        let hash = SecretHash.make("x")
        #expect(!SecretHash(salt: hash.salt, hash: Array(hash.hash.dropLast())).matches("x"))
        #expect(!SecretHash(salt: hash.salt, hash: []).matches("x"))
    }
}
