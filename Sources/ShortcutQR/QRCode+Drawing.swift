extension QRCode {
    /// The symbol for a terminal: two rows of modules per line with Unicode half blocks (▀ ▄ █), quiet
    /// zone included. `colours` wraps each line in ANSI black-on-white, so the code reads the same on a
    /// dark or a light terminal theme; without it, dark modules are the blocks (for light backgrounds).
    package func terminalText(colours: Bool) -> String {
        let zone = QRCode.quietZone
        // Built as UTF-8 bytes: appending Characters to a String checks grapheme breaks every time, which
        // cost more than the encoding itself.
        let cells: [[UInt8]] = [Array(" ".utf8), Array("▄".utf8), Array("▀".utf8), Array("█".utf8)]
        var text: [UInt8] = []
        for y in stride(from: -zone, to: size + zone, by: 2) {
            if colours { text += Array("\u{1B}[30;47m".utf8) }
            for x in -zone..<(size + zone) {
                text += cells[(isDark(x: x, y: y) ? 2 : 0) + (isDark(x: x, y: y + 1) ? 1 : 0)]
            }
            if colours { text += Array("\u{1B}[0m".utf8) }
            text.append(UInt8(ascii: "\n"))
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The symbol as a standalone SVG image, one unit per module, quiet zone included: a white square and
    /// one path of dark runs (a row's adjacent dark modules are one rectangle). `crispEdges` keeps
    /// scaled modules sharp. `pixelsPerModule` sets the default width and height.
    package func svg(pixelsPerModule: Int = 4) -> String {
        let side = size + 2 * QRCode.quietZone
        var path = ""
        for y in 0..<size {
            var x = 0
            while x < size {
                guard isDark(x: x, y: y) else {
                    x += 1
                    continue
                }
                let start = x
                while x < size && isDark(x: x, y: y) { x += 1 }
                path += "M\(start + QRCode.quietZone) \(y + QRCode.quietZone)h\(x - start)v1h-\(x - start)z"
            }
        }
        let pixels = side * pixelsPerModule
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(pixels)" height="\(pixels)" viewBox="0 0 \(side) \(side)" \
            shape-rendering="crispEdges"><rect width="\(side)" height="\(side)" fill="#fff"/>\
            <path fill="#000" d="\(path)"/></svg>

            """
    }
}
