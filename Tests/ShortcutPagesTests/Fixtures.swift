import Foundation
import ShortcutPages
import Testing

/// Byte fixtures and a small PNG reader for the tests.
enum Fixtures {
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A PNG signature followed by `count - 8` filler bytes (sniffing reads the signature only).
    static func png(count: Int = 64) -> [UInt8] {
        pngSignature + [UInt8](repeating: 0x42, count: max(0, count - 8))
    }

    /// A JPEG start-of-image followed by filler bytes.
    static func jpeg(count: Int = 64) -> [UInt8] {
        [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0x42, count: max(0, count - 4))
    }

    static let gif: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0]

    /// A PNG chunk: type and data, with whether its CRC matched.
    struct Chunk {
        let type: String
        let data: [UInt8]
        let crcMatches: Bool
    }

    /// The chunks of a PNG after its signature, or nil when the framing is broken.
    static func chunks(ofPNG bytes: [UInt8]) -> [Chunk]? {
        guard bytes.starts(with: pngSignature) else { return nil }
        var chunks: [Chunk] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(bigEndian32(bytes, at: offset))
            let end = offset + 12 + length
            guard end <= bytes.count else { return nil }
            let typeAndData = Array(bytes[(offset + 4)..<(offset + 8 + length)])
            let crc = bigEndian32(bytes, at: offset + 8 + length)
            chunks.append(
                Chunk(
                    type: String(decoding: typeAndData.prefix(4), as: UTF8.self),
                    data: Array(typeAndData.dropFirst(4)),
                    crcMatches: crc32(typeAndData) == crc))
            offset = end
        }
        return offset == bytes.count ? chunks : nil
    }

    static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }

    /// CRC-32 as PNG uses it (ISO 3309, polynomial 0xEDB88320).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// Counts non-overlapping occurrences of `needle` in `text`.
    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    /// The text of the page's `<script>` elements.
    static func scripts(in html: String) -> [String] {
        html.components(separatedBy: "<script").dropFirst().compactMap { part in
            guard let open = part.firstIndex(of: ">"), let close = part.range(of: "</script>") else { return nil }
            return String(part[part.index(after: open)..<close.lowerBound])
        }
    }
}

/// The ``ShortcutPageError`` `body` throws, or nil when it returns.
func pageError<T>(_ body: () throws -> T) -> ShortcutPageError? {
    do {
        _ = try body()
        return nil
    } catch let error as ShortcutPageError {
        return error
    } catch {
        preconditionFailure("expected a ShortcutPageError, got \(error)")
    }
}
