import HTTPVocabulary
import Testing

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

    /// Bytes that count every read of an element, to see that the comparison reads them all.
    final class CountingBytes: Collection {
        let bytes: [UInt8]
        var reads = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
        var startIndex: Int { bytes.startIndex }
        var endIndex: Int { bytes.endIndex }
        func index(after index: Int) -> Int { index + 1 }
        subscript(position: Int) -> UInt8 {
            reads += 1
            return bytes[position]
        }
    }

    /// Issue 22: the token comparison has no early exit: equal lengths that differ in the first byte are
    /// read to the end, as equal ones are.
    @Test func theComparisonReadsEveryByteWhereverTheyDiffer() {
        let expected = Array(repeating: UInt8(0x41), count: 32)
        for differing in [0, 1, 16, 31, nil] {
            var candidate = expected
            if let differing { candidate[differing] ^= 0xFF }
            let a = CountingBytes(candidate)
            let b = CountingBytes(expected)
            #expect(SecretHash.constantTimeEqual(a, b) == (differing == nil))
            #expect(a.reads == 32 && b.reads == 32, "differing at \(String(describing: differing)): \(a.reads), \(b.reads) reads")
        }
        #expect(!SecretHash.constantTimeEqual([1, 2], [1, 2, 3]))
        #expect(SecretHash.constantTimeEqual([UInt8](), [UInt8]()))
    }
}
