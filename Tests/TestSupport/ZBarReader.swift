import Foundation

#if canImport(FoundationEssentials)
    import FoundationEssentials
#endif

/// Reads our symbols back with a real decoder: Debian's `zbarimg` (zbar-tools), which scripts/test.sh
/// installs. Images are written to a temporary folder as PBM (from the module matrix, or from what a
/// drawing shows), or rendered from our SVG by `rsvg-convert` (librsvg2-bin).
public enum ZBarReader {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The bytes zbarimg decodes from `image` (PBM, PNG …); throws when it finds no symbol or is missing.
    public static func decode(imageAt path: String) throws -> [UInt8] {
        // `-Sbinary`: the payload's bytes as they are, without zbar's guess at a character set.
        let (status, output, errors) = try run(["zbarimg", "--quiet", "--raw", "-Sbinary", path])
        guard status == 0 else {
            throw Failure(description: "zbarimg found no QR code in \(path) (exit \(status)): \(errors)")
        }
        return output
    }

    /// Rows of modules (true: dark) written as a plain PBM, `pixels` per module, and decoded.
    public static func decode(modules: [[Bool]], pixels: Int = 3) throws -> [UInt8] {
        var text = "P1\n\(modules[0].count * pixels) \(modules.count * pixels)\n"
        for row in modules {
            let line = row.map { $0 ? "1" : "0" }.flatMap { Array(repeating: $0, count: pixels) }.joined(separator: " ")
            for _ in 0..<pixels { text += line + "\n" }
        }
        let path = temporaryPath("pbm")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return try decode(imageAt: path)
    }

    /// `svg` rendered by librsvg at `width` pixels and decoded.
    public static func decode(svg: String, width: Int = 400) throws -> [UInt8] {
        let source = temporaryPath("svg")
        let image = temporaryPath("png")
        defer {
            try? FileManager.default.removeItem(atPath: source)
            try? FileManager.default.removeItem(atPath: image)
        }
        try Data(svg.utf8).write(to: URL(fileURLWithPath: source))
        let (status, _, errors) = try run(["rsvg-convert", "--width", "\(width)", "--output", image, source])
        guard status == 0 else { throw Failure(description: "rsvg-convert refused the SVG (exit \(status)): \(errors)") }
        return try decode(imageAt: image)
    }

    /// The modules a terminal drawing shows (two rows per line in half blocks, optionally wrapped in ANSI
    /// colour codes), as rows of dark (true) and light; nil when a line holds anything else.
    public static func modules(fromTerminalText text: String) -> [[Bool]]? {
        var rows: [[Bool]] = []
        for line in text.split(separator: "\n") {
            var cells = String(line)
            if cells.hasPrefix("\u{1B}[30;47m") { cells = String(cells.dropFirst(8)) }
            if cells.hasSuffix("\u{1B}[0m") { cells = String(cells.dropLast(4)) }
            guard cells.allSatisfy({ " ▀▄█".contains($0) }) else { return nil }
            rows.append(cells.map { $0 == "█" || $0 == "▀" })
            rows.append(cells.map { $0 == "█" || $0 == "▄" })
        }
        return rows.isEmpty ? nil : rows
    }

    /// A terminal drawing decoded.
    public static func decode(terminalText text: String) throws -> [UInt8] {
        guard let rows = modules(fromTerminalText: text) else { throw Failure(description: "not a half-block drawing:\n\(text)") }
        return try decode(modules: rows)
    }

    private static func temporaryPath(_ suffix: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("qr-\(UUID().uuidString).\(suffix)").path
    }

    private static func run(_ arguments: [String]) throws -> (Int32, [UInt8], String) {
        let process = TestProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot run \(arguments[0]) (scripts/test.sh installs zbar-tools, librsvg2-bin): \(error)")
        }
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus == 127 {
            throw Failure(description: "\(arguments[0]) is not installed (scripts/test.sh installs zbar-tools, librsvg2-bin)")
        }
        // --raw ends each symbol's text with a newline of its own.
        var result = [UInt8](bytes)
        if result.last == 0x0A { result.removeLast() }
        return (process.terminationStatus, result, message)
    }
}
