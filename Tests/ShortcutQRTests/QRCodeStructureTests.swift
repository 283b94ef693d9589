import Testing

@testable import ShortcutQR

@Suite("QR code structure")
struct QRCodeStructureTests {
    @Test("Annex I's \"01234567\" at 1-M: numeric mode, and the standard's 26 codewords")
    func annexICodewords() throws {
        let segment = QRSegment(Array("01234567".utf8))
        #expect(segment.mode == .numeric)
        let codewords = QRCode.codewords(segment, version: QRVersion(number: 1), level: .medium)
        #expect(
            codewords == [
                0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11,
                0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55,
            ])
        let code = try QRCode(text: "01234567")
        #expect((code.version, code.size) == (1, 21))
    }

    @Test(
        "format information matches Annex C's table (mask 0 of each level)",
        arguments: [
            (QRErrorCorrection.low, 0b1110111_11000100), (.medium, 0b1010100_00010010), (.quartile, 0b0110101_01011111),
            (.high, 0b0010110_10001001),
        ])
    func formatBits(level: QRErrorCorrection, expected: Int) {
        #expect(QRMatrix.formatBits(level: level, mask: 0) == expected)
    }

    @Test("version information matches Annex D's table", arguments: [(7, 0x07C94), (8, 0x085BC), (40, 0x28C69)])
    func versionBits(version: Int, expected: Int) {
        #expect(QRMatrix.versionBits(QRVersion(number: version)) == expected)
    }

    @Test(
        "alignment pattern centres match Annex E",
        arguments: [
            (1, []), (2, [6, 18]), (7, [6, 22, 38]), (32, [6, 34, 60, 86, 112, 138]),
            (36, [6, 24, 50, 76, 102, 128, 154]), (40, [6, 30, 58, 86, 114, 142, 170]),
        ])
    func alignmentPositions(version: Int, expected: [Int]) {
        #expect(QRVersion(number: version).alignmentPositions == expected)
    }

    @Test("codewords per version match Table 7 (26 at version 1, 3706 at 40) and every level's blocks divide them")
    func codewordCounts() {
        #expect(QRVersion(number: 1).codewordCount == 26)
        #expect(QRVersion(number: 7).codewordCount == 196)
        #expect(QRVersion(number: 40).codewordCount == 3706)
        for number in QRVersion.range {
            let version = QRVersion(number: number)
            for level in QRErrorCorrection.allCases {
                // Short blocks differ from long ones by exactly one data codeword.
                #expect(version.dataCodewords(level) > 0)
                #expect(version.codewordCount / version.blockCount(level) > version.eccCodewordsPerBlock(level))
            }
        }
    }

    @Test(
        "byte capacity at version 1 and 40 matches Table 7; one byte more takes the next version or is refused",
        arguments: [(QRErrorCorrection.low, 17, 2953), (.medium, 14, 2331), (.quartile, 11, 1663), (.high, 7, 1273)])
    func byteCapacity(level: QRErrorCorrection, atVersion1: Int, atVersion40: Int) throws {
        #expect(try QRCode(bytes: Array(repeating: 0x61, count: atVersion1), errorCorrection: level).version == 1)
        #expect(try QRCode(bytes: Array(repeating: 0x61, count: atVersion1 + 1), errorCorrection: level).version == 2)
        #expect(try QRCode(bytes: Array(repeating: 0x61, count: atVersion40), errorCorrection: level).version == 40)
        #expect(throws: QRCodeError.tooLong(bytes: atVersion40 + 1, limit: atVersion40, level: level)) {
            try QRCode(bytes: Array(repeating: 0x61, count: atVersion40 + 1), errorCorrection: level)
        }
    }

    @Test("numeric capacity at version 40 matches Table 7 (7089 digits at L, 5596 at M)")
    func numericCapacity() throws {
        #expect(try QRCode(text: String(repeating: "7", count: 5596)).version == 40)
        #expect(throws: QRCodeError.tooLong(bytes: 5597, limit: 5596, level: .medium)) {
            try QRCode(text: String(repeating: "7", count: 5597))
        }
        #expect(try QRCode(text: String(repeating: "7", count: 7089), errorCorrection: .low).version == 40)
    }

    @Test("too long is a sentence naming the length, the limit and the level")
    func tooLongMessage() {
        let error = QRCodeError.tooLong(bytes: 2400, limit: 2331, level: .medium)
        #expect(error.description == "text is 2400 bytes; a QR code holds at most 2331 at error correction level M")
    }

    @Test("function patterns: finders, timing, the dark module and both copies of the format bits", arguments: [1, 7, 40])
    func functionPatterns(version: Int) throws {
        let text = String(repeating: "x", count: [1: 10, 7: 120, 40: 2300][version]!)
        let code = try QRCode(text: text)
        #expect(code.version == version)
        let size = code.size
        for (cx, cy) in [(3, 3), (size - 4, 3), (3, size - 4)] {
            for dy in -3...3 {
                for dx in -3...3 {
                    #expect(code.isDark(x: cx + dx, y: cy + dy) == (max(abs(dx), abs(dy)) != 2))
                }
            }
        }
        for index in 8..<(size - 8) {
            #expect(code.isDark(x: index, y: 6) == (index % 2 == 0))
            #expect(code.isDark(x: 6, y: index) == (index % 2 == 0))
        }
        #expect(code.isDark(x: 8, y: size - 8))
        let expected = QRMatrix.formatBits(level: .medium, mask: code.mask)
        // Copy 1 around the top-left finder; copy 2 split between the other two (Figure 25).
        let first = [
            (8, 0), (8, 1), (8, 2), (8, 3), (8, 4), (8, 5), (8, 7), (8, 8), (7, 8), (5, 8), (4, 8), (3, 8), (2, 8), (1, 8), (0, 8),
        ]
        let second = (0..<8).map { (size - 1 - $0, 8) } + (8..<15).map { (8, size - 15 + $0) }
        for positions in [first, second] {
            let read = positions.enumerated().reduce(0) { $0 | (code.isDark(x: $1.element.0, y: $1.element.1) ? 1 << $1.offset : 0) }
            #expect(read == expected)
        }
    }

    @Test("the chosen mask scores no more than any other (the standard's N1–N4 penalty)")
    func bestMaskChosen() throws {
        for text in ["https://192.168.1.20:9081/s/scan", "hello", String(repeating: "ab", count: 120)] {
            let chosen = try QRCode(text: text)
            var scores: [Int] = []
            for mask in 0...7 {
                let forced = try QRCode(bytes: Array(text.utf8), mask: mask)
                #expect(forced.mask == mask)
                scores.append(QRCodeStructureTests.penalty(of: forced))
            }
            #expect(scores[chosen.mask] == scores.min())
        }
    }

    @Test("penalty rules on hand-made grids: N1 runs, N2 blocks, N3 finder-like lines, N4 balance")
    func penaltyRules() {
        // An all-light 21×21 grid: N1 21 rows + 21 columns of one 21-run (21 − 2 = 19 each), N2 20×20 blocks,
        // N4 100 % light = 50 % off balance (10 full 5 % steps → 9 × 10 after the −1).
        var grid = QRGrid(size: 21)
        #expect(grid.penalty == 42 * 19 + 400 * 3 + 90)
        // One row with the finder-like 1011101 at its start (light quiet zone before it): +40 for that row.
        grid = QRGrid(size: 21, darkRow: 10, pattern: [true, false, true, true, true, false, true])
        let base = grid.penaltyWithoutN3
        #expect(grid.penalty - base == 40)
    }

    static func penalty(of code: QRCode) -> Int {
        QRGrid(code: code).penalty
    }
}

/// A square of modules for the penalty rules, through the same scoring the encoder uses.
private struct QRGrid {
    let matrix: QRMatrix

    init(size: Int, darkRow: Int? = nil, pattern: [Bool] = []) {
        var modules = [Bool](repeating: false, count: size * size)
        if let darkRow { for (x, dark) in pattern.enumerated() { modules[darkRow * size + x] = dark } }
        matrix = QRMatrix(size: size, modules: modules)
    }

    init(code: QRCode) {
        let modules = (0..<code.size).flatMap { y in (0..<code.size).map { x in code.isDark(x: x, y: y) } }
        matrix = QRMatrix(size: code.size, modules: modules)
    }

    var penalty: Int { matrix.penalty }
    var penaltyWithoutN3: Int { matrix.penalty(includingFinderLike: false) }
}
