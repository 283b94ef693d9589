import Foundation
import SwifterCompat
import Testing

/// `mimeType()`, `sha1()`, `toBase64`, `unquote()`, `asWhitespace()` and the `String.File` helpers.
@Suite struct StringExtensionsTests {
    @Test func mimeTypesFromTheExtension() {
        #expect("a/b/page.HTML".mimeType() == "text/html")
        #expect("icon.png".mimeType() == "image/png")
        #expect("style.css".mimeType() == "text/css")
        #expect("video.mp4".mimeType() == "video/mp4")
        #expect("archive.unknownext".mimeType() == "application/octet-stream")
        #expect("no-extension".mimeType() == "application/octet-stream")
        #expect(NSString(string: "x.json").mimeType() == "application/json")
        #expect(NSURL(fileURLWithPath: "/tmp/y.svg").mimeType() == "image/svg+xml")
        #expect(NSURL(string: "http://h/z.woff?q=1")?.mimeType() == "application/font-woff")
    }

    @Test func sha1KnownAnswers() {
        // FIPS 180-2 appendix A and the empty string.
        let abc: String = "abc".sha1()
        #expect(abc == "a9993e364706816aba3e25717850c26c9cd0d89d")
        let empty: String = "".sha1()
        #expect(empty == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        let long: String = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".sha1()
        #expect(long == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        let bytes: [UInt8] = "abc".sha1()
        #expect(bytes.count == 20 && bytes.first == 0xA9)
        #expect(SHA1.hash(Array(String(repeating: "a", count: 1_000_000).utf8)).first == 0x34, "34aa973c…")
    }

    @Test func base64OfTheWebSocketHandshakeExample() {
        // RFC 6455 §1.3: the key's accept value is base64(SHA-1(key + GUID)).
        let digest: [UInt8] = ("dGhlIHNhbXBsZSBub25jZQ==" + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").sha1()
        #expect(String.toBase64(digest) == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        #expect(String.toBase64([]) == "")
    }

    @Test func unquote() {
        #expect("\"quoted\"".unquote() == "quoted")
        #expect("\"\"".unquote() == "")
        #expect("\"".unquote() == "\"")
        #expect("plain".unquote() == "plain")
        #expect("\"half".unquote() == "\"half")
    }

    @Test func asWhitespace() {
        #expect(UnicodeScalar(32).asWhitespace() == 32)
        #expect(UnicodeScalar(9).asWhitespace() == 9)
        #expect(UnicodeScalar(13).asWhitespace() == 13)
        #expect(UnicodeScalar(65).asWhitespace() == nil)
    }

    @Test func fileHelpers() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/f.bin"
        #expect(String.pathSeparator == "/")
        #expect(try !path.exists())
        let writer = try path.openNewForWriting()
        try writer.write([1, 2, 3, 4, 5])
        writer.close()
        #expect(try path.exists() && !path.directory())
        #expect(try folder.path.directory())
        #expect(try folder.path.files() == ["f.bin"])

        let reader = try path.openForReading()
        var buffer = [UInt8](repeating: 0, count: 3)
        #expect(try reader.read(&buffer) == 3 && buffer == [1, 2, 3])
        #expect(try reader.read(&buffer) == 2 && buffer[0..<2] == [4, 5])
        #expect(reader.seek(1))
        #expect(try reader.read(&buffer) == 3 && buffer == [2, 3, 4])
        #expect(!reader.seek(-1))
        reader.close()

        let both = try path.openForWritingAndReading()
        try both.write([9])
        #expect(both.seek(0))
        #expect(try both.read(&buffer) == 3 && buffer == [9, 2, 3])
        both.close()

        #expect(throws: String.FileError.self) { try (folder.path + "/missing").openForReading() }
        #expect(throws: String.FileError.self) { try path.openFileForMode(path, "a+") }
        #expect(throws: String.FileError.self) { try (folder.path + "/missing").files() }
        #expect(try !String.File.currentWorkingDirectory().isEmpty)
    }
}
