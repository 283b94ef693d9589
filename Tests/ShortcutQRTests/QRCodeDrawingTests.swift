import ShortcutQR
import TestSupport
import Testing

@Suite("QR code drawings")
struct QRCodeDrawingTests {
    static let text = "http://192.168.1.20:9081/s/scan"

    @Test("the terminal drawing, read back module by module from its half blocks, decodes", arguments: [false, true])
    func terminalText(colours: Bool) throws {
        let code = try QRCode(text: QRCodeDrawingTests.text)
        let drawing = code.terminalText(colours: colours)
        let lines = drawing.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let side = code.size + 2 * QRCode.quietZone
        #expect(lines.count == (side + 1) / 2)
        var rows: [[Bool]] = []
        for line in lines {
            var text = String(line)
            if colours {
                #expect(text.hasPrefix("\u{1B}[30;47m") && text.hasSuffix("\u{1B}[0m"))
                text = String(text.dropFirst(8).dropLast(4))
            }
            let cells = Array(text)
            #expect(cells.count == side)
            rows.append(cells.map { $0 == "█" || $0 == "▀" })
            rows.append(cells.map { $0 == "█" || $0 == "▄" })
        }
        rows = Array(rows.prefix(side))
        // Exactly the symbol's modules, quiet zone included.
        for (y, row) in rows.enumerated() {
            for (x, dark) in row.enumerated() {
                #expect(dark == code.isDark(x: x - QRCode.quietZone, y: y - QRCode.quietZone))
            }
        }
        #expect(try ZBarReader.decode(modules: rows) == Array(QRCodeDrawingTests.text.utf8))
    }

    @Test("the SVG, rendered by librsvg, decodes; one unit per module with the quiet zone")
    func svg() throws {
        let code = try QRCode(text: QRCodeDrawingTests.text)
        let svg = code.svg()
        let side = code.size + 2 * QRCode.quietZone
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(side * 4)\""))
        #expect(svg.contains("viewBox=\"0 0 \(side) \(side)\""))
        #expect(try ZBarReader.decode(svg: svg) == Array(QRCodeDrawingTests.text.utf8))
    }

    @Test("a large symbol's SVG decodes too (version 40)")
    func largeSVG() throws {
        let text = QRCodeDecodeTests.url(length: 2331, seed: 7)
        let code = try QRCode(text: text)
        #expect(code.version == 40)
        #expect(try ZBarReader.decode(svg: code.svg(), width: 740) == Array(text.utf8))
    }
}
