/// A symbol version, 1 to 40: its size (21 to 177 modules a side) and how its codewords are split into
/// error-correction blocks. The two tables are ISO/IEC 18004 Table 9, by level then version.
struct QRVersion: Sendable, Equatable, Comparable {
    static let range = 1...40

    let number: Int

    /// Modules on a side.
    var size: Int { number * 4 + 17 }

    /// Error-correction codewords in each block.
    func eccCodewordsPerBlock(_ level: QRErrorCorrection) -> Int {
        QRVersion.eccCodewordsPerBlock[level.rawValue][number]
    }

    /// Error-correction blocks.
    func blockCount(_ level: QRErrorCorrection) -> Int { QRVersion.blockCounts[level.rawValue][number] }

    /// Modules left for codewords once the function patterns (finders, timing, alignment, format and
    /// version information) are placed; a few versions have 3, 4 or 7 remainder bits beyond whole codewords.
    var rawDataModules: Int {
        var modules = (16 * number + 128) * number + 64
        if number >= 2 {
            let alignments = number / 7 + 2
            modules -= (25 * alignments - 10) * alignments - 55
            if number >= 7 { modules -= 36 }
        }
        return modules
    }

    /// All codewords (data and error correction).
    var codewordCount: Int { rawDataModules / 8 }

    /// Data codewords at `level`.
    func dataCodewords(_ level: QRErrorCorrection) -> Int {
        codewordCount - eccCodewordsPerBlock(level) * blockCount(level)
    }

    /// Centre coordinates of the alignment patterns on each axis (Annex E), 6 first; none for version 1.
    var alignmentPositions: [Int] {
        guard number > 1 else { return [] }
        let count = number / 7 + 2
        // Even steps, equal between all but the first pair; version 32 is the standard's one exception.
        let step = number == 32 ? 26 : (number * 4 + count * 2 + 1) / (count * 2 - 2) * 2
        var positions = [6]
        for index in 0..<(count - 1) { positions.insert(size - 7 - index * step, at: 1) }
        return positions
    }

    static func < (lhs: QRVersion, rhs: QRVersion) -> Bool { lhs.number < rhs.number }

    // Index 0 unused, so that `[level][version]` reads as the standard's table does.
    private static let eccCodewordsPerBlock: [[Int]] = [
        [
            0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30,
            30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],  // L
        [
            0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28,
            28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
        ],  // M
        [
            0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28, 30,
            30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],  // Q
        [
            0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30, 30,
            30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],  // H
    ]

    private static let blockCounts: [[Int]] = [
        [
            0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18,
            19, 19, 20, 21, 22, 24, 25,
        ],  // L
        [
            0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31,
            33, 35, 37, 38, 40, 43, 45, 47, 49,
        ],  // M
        [
            0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38, 40,
            43, 45, 48, 51, 53, 56, 59, 62, 65, 68,
        ],  // Q
        [
            0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45, 48,
            51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
        ],  // H
    ]
}
