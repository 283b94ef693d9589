/// Reed–Solomon error correction over GF(2⁸) with the QR polynomial x⁸ + x⁴ + x³ + x² + 1 (0x11D) and
/// generator roots α⁰ … α^(n−1) (ISO/IEC 18004 §7.5.2).
struct ReedSolomon: Sendable {
    /// The generator polynomial's coefficients, highest degree first, without the leading 1.
    let divisor: [UInt8]

    /// A generator for `degree` error-correction codewords (7 to 30 in QR codes).
    init(degree: Int) {
        precondition((1...255).contains(degree), "a Reed–Solomon degree is 1 to 255")
        // Start from the monomial 1 and multiply by (x − αⁱ) for each root.
        var coefficients = [UInt8](repeating: 0, count: degree)
        coefficients[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            for index in coefficients.indices {
                coefficients[index] = ReedSolomon.multiply(coefficients[index], root)
                if index + 1 < coefficients.count { coefficients[index] ^= coefficients[index + 1] }
            }
            root = ReedSolomon.multiply(root, 0x02)
        }
        divisor = coefficients
    }

    /// The error-correction codewords for `data`: the remainder of data·xⁿ divided by the generator.
    func remainder(of data: ArraySlice<UInt8>) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: divisor.count)
        for byte in data {
            let factor = byte ^ result[0]
            result.removeFirst()
            result.append(0)
            for index in result.indices { result[index] ^= ReedSolomon.multiply(divisor[index], factor) }
        }
        return result
    }

    /// Multiplication in GF(2⁸) modulo 0x11D (Russian peasant: no tables to build at start).
    static func multiply(_ x: UInt8, _ y: UInt8) -> UInt8 {
        var product: UInt16 = 0
        for bit in (0..<8).reversed() {
            product = (product << 1) ^ ((product >> 7) * 0x11D)
            product ^= UInt16((y >> UInt8(bit)) & 1) * UInt16(x)
        }
        return UInt8(truncatingIfNeeded: product)
    }
}
