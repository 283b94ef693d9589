/// How much of a symbol is spent on error correction (ISO/IEC 18004 §5.3.8): the share of codewords that
/// may be damaged and still be recovered is about 7 % (L), 15 % (M), 25 % (Q) and 30 % (H).
package enum QRErrorCorrection: Int, Sendable, CaseIterable, CustomStringConvertible {
    case low, medium, quartile, high

    /// The two bits that stand for the level in the format information (Table 12: L 01, M 00, Q 11, H 10).
    var formatBits: Int {
        switch self {
        case .low: 1
        case .medium: 0
        case .quartile: 3
        case .high: 2
        }
    }

    /// The level's letter, as users and the standard name it.
    package var description: String { ["L", "M", "Q", "H"][rawValue] }

    /// The level for a letter (`L`, `M`, `Q`, `H`, either case); nil for anything else.
    package init?(letter: String) {
        guard let level = QRErrorCorrection.allCases.first(where: { $0.description == letter.uppercased() }) else {
            return nil
        }
        self = level
    }
}
