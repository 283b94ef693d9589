/// A QR code (ISO/IEC 18004:2015, Model 2): the smallest version 1–40 that holds the text at the chosen
/// error correction level, with the mask of lowest penalty. Encoding only: this is for showing a URL to a
/// phone's camera. Draw it with `terminalText` or `svg`, or read `isDark(x:y:)`.
package struct QRCode: Sendable {
    /// The version, 1 to 40.
    package let version: Int
    /// The error correction level.
    package let errorCorrection: QRErrorCorrection
    /// The mask pattern, 0 to 7.
    package let mask: Int
    /// Modules on a side, without the quiet zone (21 to 177).
    package let size: Int
    /// The light space a reader needs around the symbol, in modules (§6.3.8).
    package static let quietZone = 4
    private let matrix: QRMatrix

    /// Encodes `text` as UTF-8. Throws `QRCodeError.tooLong` when version 40 cannot hold it.
    package init(text: String, errorCorrection: QRErrorCorrection = .medium) throws(QRCodeError) {
        try self.init(bytes: Array(text.utf8), errorCorrection: errorCorrection)
    }

    /// Encodes `bytes`. `mask` forces a mask pattern (0–7) instead of the best-scoring one.
    package init(bytes: [UInt8], errorCorrection: QRErrorCorrection = .medium, mask forcedMask: Int? = nil)
        throws(QRCodeError)
    {
        precondition(forcedMask.map { (0...7).contains($0) } ?? true, "a QR mask is 0 to 7")
        let segment = QRSegment(bytes)
        guard let version = QRCode.smallestVersion(for: segment, level: errorCorrection) else {
            throw .tooLong(
                bytes: bytes.count, limit: QRCode.capacity(for: segment.mode, level: errorCorrection),
                level: errorCorrection)
        }
        var matrix = QRMatrix(version: version)
        matrix.place(QRCode.codewords(segment, version: version, level: errorCorrection))
        let mask = forcedMask ?? QRCode.bestMask(for: matrix, level: errorCorrection)
        matrix.apply(mask: mask)
        matrix.drawFormat(level: errorCorrection, mask: mask)
        self.version = version.number
        self.errorCorrection = errorCorrection
        self.mask = mask
        self.size = matrix.size
        self.matrix = matrix
    }

    /// Whether the module at column `x`, row `y` is dark; anything outside the symbol (the quiet zone) is light.
    package func isDark(x: Int, y: Int) -> Bool {
        (0..<size).contains(x) && (0..<size).contains(y) && matrix[x, y]
    }

    /// The most bytes (or digits, for text of digits only) one symbol holds at `level`.
    static func capacity(for mode: QRSegment.Mode, level: QRErrorCorrection) -> Int {
        let version = QRVersion(number: 40)
        let bits = version.dataCodewords(level) * 8 - 4 - mode.countBits(version)
        switch mode {
        case .byte: return bits / 8
        case .numeric: return bits / 10 * 3 + (bits % 10 >= 7 ? 2 : bits % 10 >= 4 ? 1 : 0)
        }
    }

    private static func smallestVersion(for segment: QRSegment, level: QRErrorCorrection) -> QRVersion? {
        QRVersion.range.lazy.map(QRVersion.init(number:)).first { version in
            segment.bitLength(at: version).map { $0 <= version.dataCodewords(level) * 8 } ?? false
        }
    }

    /// The data codewords (segment, terminator, padding; §7.4.9–10), then each block's error correction,
    /// interleaved (§7.6).
    static func codewords(_ segment: QRSegment, version: QRVersion, level: QRErrorCorrection) -> [UInt8] {
        let capacity = version.dataCodewords(level) * 8
        var bits = BitBuffer()
        segment.append(to: &bits, at: version)
        bits.append(0, count: min(4, capacity - bits.count))
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var data = bits.bytes
        var pad: UInt8 = 0xEC
        while data.count < capacity / 8 {
            data.append(pad)
            pad ^= 0xEC ^ 0x11
        }
        return interleave(data, version: version, level: level)
    }

    /// Splits `data` into blocks (the later ones one codeword longer when it does not divide evenly), adds
    /// each block's error correction, and takes the blocks' codewords column by column.
    static func interleave(_ data: [UInt8], version: QRVersion, level: QRErrorCorrection) -> [UInt8] {
        let blockCount = version.blockCount(level)
        let eccLength = version.eccCodewordsPerBlock(level)
        let shortBlocks = blockCount - version.codewordCount % blockCount
        let shortDataLength = version.codewordCount / blockCount - eccLength
        let reedSolomon = ReedSolomon(degree: eccLength)
        var dataBlocks: [ArraySlice<UInt8>] = []
        var start = 0
        for block in 0..<blockCount {
            let length = shortDataLength + (block < shortBlocks ? 0 : 1)
            dataBlocks.append(data[start..<(start + length)])
            start += length
        }
        var result: [UInt8] = []
        result.reserveCapacity(version.codewordCount)
        for column in 0...shortDataLength {
            for block in dataBlocks where column < block.count { result.append(block[block.startIndex + column]) }
        }
        let eccBlocks = dataBlocks.map { reedSolomon.remainder(of: $0) }
        for column in 0..<eccLength {
            for block in eccBlocks { result.append(block[column]) }
        }
        return result
    }

    /// The mask whose symbol scores the lowest penalty (the first of equals), format bits included.
    private static func bestMask(for matrix: QRMatrix, level: QRErrorCorrection) -> Int {
        var best = (mask: 0, penalty: Int.max)
        for mask in 0...7 {
            var masked = matrix
            masked.apply(mask: mask)
            masked.drawFormat(level: level, mask: mask)
            let penalty = masked.penalty
            if penalty < best.penalty { best = (mask, penalty) }
        }
        return best.mask
    }
}
