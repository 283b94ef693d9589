/// A symbol's grid while it is built: dark or light modules, and which of them belong to function
/// patterns (finders, separators, timing, alignment, format and version information), which masks skip.
/// Coordinates are (x: column, y: row) from the top-left corner, as in the standard's figures.
struct QRMatrix: Sendable {
    let size: Int
    private(set) var modules: [Bool]
    private var isFunction: [Bool]

    /// The function patterns of `version`, with the format area reserved (drawn again with the mask).
    init(version: QRVersion) {
        size = version.size
        modules = Array(repeating: false, count: size * size)
        isFunction = modules
        for index in 0..<size {  // timing patterns, §6.3.5
            setFunction(6, index, index % 2 == 0)
            setFunction(index, 6, index % 2 == 0)
        }
        drawFinder(centreX: 3, centreY: 3)
        drawFinder(centreX: size - 4, centreY: 3)
        drawFinder(centreX: 3, centreY: size - 4)
        let positions = version.alignmentPositions
        for (row, y) in positions.enumerated() {
            for (column, x) in positions.enumerated() {
                // Not over the three finders.
                let last = positions.count - 1
                if (row == 0 && column == 0) || (row == 0 && column == last) || (row == last && column == 0) { continue }
                drawAlignment(centreX: x, centreY: y)
            }
        }
        drawFormat(level: .medium, mask: 0)  // reserves the area; the real bits come with the mask
        drawVersion(version)
    }

    /// A grid of given modules with no function patterns (for scoring tests).
    init(size: Int, modules: [Bool]) {
        precondition(modules.count == size * size, "a QR grid has size × size modules")
        self.size = size
        self.modules = modules
        isFunction = Array(repeating: false, count: modules.count)
    }

    subscript(x: Int, y: Int) -> Bool { modules[y * size + x] }

    // MARK: Function patterns

    private mutating func setFunction(_ x: Int, _ y: Int, _ dark: Bool) {
        modules[y * size + x] = dark
        isFunction[y * size + x] = true
    }

    /// A 7×7 finder with its light separator (§6.3.3): rings at distance 0–1 and 3 dark, 2 and 4 light.
    private mutating func drawFinder(centreX: Int, centreY: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let x = centreX + dx
                let y = centreY + dy
                guard (0..<size).contains(x), (0..<size).contains(y) else { continue }
                let distance = max(abs(dx), abs(dy))
                setFunction(x, y, distance != 2 && distance != 4)
            }
        }
    }

    /// A 5×5 alignment pattern (§6.3.6): dark centre and border, light ring between.
    private mutating func drawAlignment(centreX: Int, centreY: Int) {
        for dy in -2...2 {
            for dx in -2...2 { setFunction(centreX + dx, centreY + dy, max(abs(dx), abs(dy)) != 1) }
        }
    }

    /// The 15 format bits (§7.9): level and mask, BCH(15,5)-protected, XORed with 101010000010010, drawn
    /// twice (around the top-left finder, and split between the other two) with the always-dark module.
    mutating func drawFormat(level: QRErrorCorrection, mask: Int) {
        let bits = QRMatrix.formatBits(level: level, mask: mask)
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 != 0 }
        for index in 0...5 { setFunction(8, index, bit(index)) }
        setFunction(8, 7, bit(6))
        setFunction(8, 8, bit(7))
        setFunction(7, 8, bit(8))
        for index in 9..<15 { setFunction(14 - index, 8, bit(index)) }
        for index in 0..<8 { setFunction(size - 1 - index, 8, bit(index)) }
        for index in 8..<15 { setFunction(8, size - 15 + index, bit(index)) }
        setFunction(8, size - 8, true)
    }

    static func formatBits(level: QRErrorCorrection, mask: Int) -> Int {
        let data = level.formatBits << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        return (data << 10 | remainder) ^ 0x5412
    }

    /// The 18 version bits (§7.10), BCH(18,6)-protected, in two 6×3 blocks; versions 7 and up only.
    private mutating func drawVersion(_ version: QRVersion) {
        guard version.number >= 7 else { return }
        let bits = QRMatrix.versionBits(version)
        for index in 0..<18 {
            let dark = (bits >> index) & 1 != 0
            let a = size - 11 + index % 3
            let b = index / 3
            setFunction(a, b, dark)
            setFunction(b, a, dark)
        }
    }

    static func versionBits(_ version: QRVersion) -> Int {
        var remainder = version.number
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        return version.number << 12 | remainder
    }

    // MARK: Data

    /// Places `codewords` in the two-module-wide columns from the bottom right, upwards then downwards
    /// in turn, skipping the vertical timing column and every function module (§7.7.3). Remainder
    /// modules stay light.
    mutating func place(_ codewords: [UInt8]) {
        var bitIndex = 0
        let bitCount = codewords.count * 8
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let upward = (right + 1) & 2 == 0
            for step in 0..<size {
                let y = upward ? size - 1 - step : step
                for x in [right, right - 1] where !isFunction[y * size + x] && bitIndex < bitCount {
                    modules[y * size + x] = (codewords[bitIndex >> 3] >> UInt8(7 - (bitIndex & 7))) & 1 != 0
                    bitIndex += 1
                }
            }
            right -= 2
        }
    }

    /// XORs the data modules with mask pattern `mask` (Table 10); applying it twice undoes it.
    mutating func apply(mask: Int) {
        for y in 0..<size {
            for x in 0..<size where !isFunction[y * size + x] && QRMatrix.maskCondition(mask, x: x, y: y) {
                modules[y * size + x].toggle()
            }
        }
    }

    /// Table 10's conditions, with i the row and j the column: where true, the module is inverted.
    static func maskCondition(_ mask: Int, x j: Int, y i: Int) -> Bool {
        switch mask {
        case 0: (i + j) % 2 == 0
        case 1: i % 2 == 0
        case 2: j % 3 == 0
        case 3: (i + j) % 3 == 0
        case 4: (i / 2 + j / 3) % 2 == 0
        case 5: (i * j) % 2 + (i * j) % 3 == 0
        case 6: ((i * j) % 2 + (i * j) % 3) % 2 == 0
        default: ((i + j) % 2 + (i * j) % 3) % 2 == 0
        }
    }
}
