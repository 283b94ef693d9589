import TestSupport
import Testing

@testable import ShortcutQR

/// Every symbol here is drawn, written as an image and read back by zbarimg: the text must come back exact.
@Suite("QR codes read back by zbarimg")
struct QRCodeDecodeTests {
    /// The most bytes each version holds at level M (byte mode): the smallest version that fits is that one.
    static let largestAtEachVersion: [(version: Int, bytes: Int)] = QRVersion.range.map { number in
        let version = QRVersion(number: number)
        let bits = version.dataCodewords(.medium) * 8 - 4 - QRSegment.Mode.byte.countBits(version)
        return (number, bits / 8)
    }

    @Test("every version 1–40 at level M, full to its last byte, each mask in turn", arguments: 1...40)
    func everyVersion(version: Int) throws {
        let length = QRCodeDecodeTests.largestAtEachVersion[version - 1].bytes
        let text = QRCodeDecodeTests.url(length: length, seed: version)
        let code = try QRCode(bytes: Array(text.utf8), mask: version % 8)
        #expect(code.version == version)
        #expect(try ZBarReader.decode(code) == Array(text.utf8))
    }

    @Test("all eight masks at one version, chosen-mask symbols from 1 to 1,000 bytes", arguments: 0...7)
    func everyMask(mask: Int) throws {
        let text = "https://192.168.1.20:9081/s/scan?mask=\(mask)"
        #expect(try ZBarReader.decode(try QRCode(bytes: Array(text.utf8), mask: mask)) == Array(text.utf8))
    }

    @Test("lengths 1 to 1,000 bytes with the chosen mask", arguments: [1, 2, 3, 13, 14, 15, 100, 333, 500, 777, 999, 1000])
    func lengths(length: Int) throws {
        let text = QRCodeDecodeTests.url(length: length, seed: length)
        let code = try QRCode(text: text)
        #expect(try ZBarReader.decode(code) == Array(text.utf8))
    }

    @Test(
        "UTF-8, ampersands, spaces and digits come back byte for byte",
        arguments: [
            "café ☕ – 日本語 🚀", "myapp://search?q=a&b=c d&e=%20", "  spaces  around  ", "0123456789012345",
            "Scan & go", "https://example.com/?a=1&b=2#frag",
        ])
    func specialText(text: String) throws {
        #expect(try ZBarReader.decode(try QRCode(text: text)) == Array(text.utf8))
    }

    @Test("the longest URL level M holds (2,331 bytes, version 40) and every level's version 40")
    func largest() throws {
        for level in QRErrorCorrection.allCases {
            let limit = QRCode.capacity(for: .byte, level: level)
            let text = QRCodeDecodeTests.url(length: limit, seed: limit)
            let code = try QRCode(text: text, errorCorrection: level)
            #expect(code.version == 40)
            #expect(try ZBarReader.decode(code, pixels: 2) == Array(text.utf8))
        }
    }

    /// A URL-like ASCII text of exactly `length` bytes, different for each seed.
    static func url(length: Int, seed: Int) -> String {
        let prefix = Array("https://192.168.1.20:9081/s/".utf8)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~/?=&".utf8)
        var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1
        var bytes = Array(prefix.prefix(length))
        while bytes.count < length {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            bytes.append(alphabet[Int(state % UInt64(alphabet.count))])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension ZBarReader {
    /// `code` drawn module by module (`pixels` per module, quiet zone included) and decoded.
    static func decode(_ code: QRCode, pixels: Int = 3) throws -> [UInt8] {
        let zone = QRCode.quietZone
        let dark = (-zone..<(code.size + zone)).map { y in
            (-zone..<(code.size + zone)).map { x in code.isDark(x: x, y: y) }
        }
        return try decode(modules: dark, pixels: pixels)
    }
}
