import HTTPVocabulary
import Testing

@Suite struct SecureRandomTests {
    /// Counts on either side of a whole number of the generator's eight-byte words.
    @Test(arguments: [0, 1, 7, 8, 9, 16, 33])
    func givesTheBytesAskedFor(count: Int) {
        #expect(SecureRandom.bytes(count).count == count)
    }

    /// Every byte of a draw is the generator's, the last word's cut as well: over 64 draws of 9 bytes
    /// (one word and one byte of the next), each position takes many values. A byte position left at a
    /// constant (an unfilled or zeroed tail) would show a single value.
    @Test func everyPositionVaries() {
        let draws = (0..<64).map { _ in SecureRandom.bytes(9) }
        for position in 0..<9 {
            #expect(Set(draws.map { $0[position] }).count > 16, "byte \(position)")
        }
    }
}
