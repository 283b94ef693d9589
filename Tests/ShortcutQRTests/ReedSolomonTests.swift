import Testing

@testable import ShortcutQR

@Suite("Reed–Solomon codewords")
struct ReedSolomonTests {
    @Test("the generator for 7 codewords is Annex A's: α⁸⁷ α²²⁹ α¹⁴⁶ α¹⁴⁹ α²³⁸ α¹⁰² α²¹")
    func generatorOfDegreeSeven() {
        #expect(ReedSolomon(degree: 7).divisor == [87, 229, 146, 149, 238, 102, 21].map(alpha))
    }

    @Test("Annex I's 1-M symbol: 16 data codewords give the standard's 10 error-correction codewords")
    func annexIErrorCorrection() {
        let data: [UInt8] = [0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11]
        #expect(ReedSolomon(degree: 10).remainder(of: data[...]) == [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55])
    }

    @Test("multiplication: α²⁵⁵ = 1, x·1 = x, x·0 = 0, and it commutes")
    func fieldArithmetic() {
        #expect(alpha(255) == 1)
        for x in UInt8.min...UInt8.max {
            #expect(ReedSolomon.multiply(x, 1) == x)
            #expect(ReedSolomon.multiply(x, 0) == 0)
            #expect(ReedSolomon.multiply(x, 0x53) == ReedSolomon.multiply(0x53, x))
        }
    }

    /// αⁿ in GF(2⁸) mod 0x11D.
    private func alpha(_ exponent: Int) -> UInt8 {
        var value: UInt8 = 1
        for _ in 0..<exponent { value = ReedSolomon.multiply(value, 2) }
        return value
    }
}
