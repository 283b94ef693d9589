/// The text of a symbol as one segment in one mode (ISO/IEC 18004 §7.4). Numeric mode (3 digits in 10 bits)
/// is chosen when the text is only ASCII digits; everything else, a URL included, is byte mode (8 bits a
/// byte, UTF-8 as given: decoders read it as UTF-8 today, and adding an ECI header confuses older ones).
struct QRSegment: Sendable, Equatable {
    enum Mode: Sendable, Equatable {
        case numeric, byte

        /// The 4-bit mode indicator (Table 2).
        var indicator: UInt32 {
            switch self {
            case .numeric: 0b0001
            case .byte: 0b0100
            }
        }

        /// Bits of the character count indicator at `version` (Table 3).
        func countBits(_ version: QRVersion) -> Int {
            switch (self, version.number) {
            case (.numeric, ...9): 10
            case (.numeric, ...26): 12
            case (.numeric, _): 14
            case (.byte, ...9): 8
            case (.byte, _): 16
            }
        }
    }

    let mode: Mode
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        let isNumeric = !bytes.isEmpty && bytes.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        mode = isNumeric ? .numeric : .byte
    }

    /// Bits of the segment (mode, count, data) at `version`; nil when the count does not fit its field.
    func bitLength(at version: QRVersion) -> Int? {
        let countBits = mode.countBits(version)
        guard bytes.count < 1 << countBits else { return nil }
        return 4 + countBits + dataBitLength
    }

    private var dataBitLength: Int {
        switch mode {
        case .numeric: bytes.count / 3 * 10 + [0, 4, 7][bytes.count % 3]
        case .byte: bytes.count * 8
        }
    }

    /// Appends the segment's bits at `version`.
    func append(to bits: inout BitBuffer, at version: QRVersion) {
        bits.append(mode.indicator, count: 4)
        bits.append(UInt32(bytes.count), count: mode.countBits(version))
        switch mode {
        case .byte:
            for byte in bytes { bits.append(UInt32(byte), count: 8) }
        case .numeric:
            var index = 0
            while index < bytes.count {
                let group = bytes[index..<min(index + 3, bytes.count)]
                let value = group.reduce(UInt32(0)) { $0 * 10 + UInt32($1 - UInt8(ascii: "0")) }
                bits.append(value, count: [0, 4, 7, 10][group.count])
                index += 3
            }
        }
    }
}

/// Bits, most significant first, packed into codewords as the standard reads them.
struct BitBuffer: Sendable {
    private(set) var bytes: [UInt8] = []
    private(set) var count = 0

    mutating func append(_ value: UInt32, count bitCount: Int) {
        for shift in stride(from: bitCount - 1, through: 0, by: -1) {
            if count % 8 == 0 { bytes.append(0) }
            if (value >> UInt32(shift)) & 1 != 0 { bytes[count / 8] |= 0x80 >> UInt8(count % 8) }
            count += 1
        }
    }
}
