import Testing

@testable import ShortcutPages

@Suite("Shortcut icon")
struct ShortcutIconTests {
    @Test("PNG and JPEG are recognised by their magic bytes")
    func sniffsFormat() throws {
        let png = try ShortcutIcon(bytes: Fixtures.png())
        #expect(png.format == .png)
        #expect(png.mediaType == "image/png")
        let jpeg = try ShortcutIcon(bytes: Fixtures.jpeg())
        #expect(jpeg.format == .jpeg)
        #expect(jpeg.mediaType == "image/jpeg")
        #expect(jpeg.bytes == Fixtures.jpeg())
    }

    @Test(
        "other bytes are refused as error.format",
        arguments: [
            Fixtures.gif, [], [0x89, 0x50, 0x4E, 0x47], [0xFF, 0xD8], Array("<svg></svg>".utf8),
            Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBP".utf8), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x00],
        ])
    func refusesOtherFormats(bytes: [UInt8]) {
        #expect(code { try ShortcutIcon(bytes: bytes) } == "error.format")
    }

    @Test("the format refusal shows the first bytes")
    func formatReasonShowsBytes() {
        #expect(reason { try ShortcutIcon(bytes: Fixtures.gif) }?.contains("47 49 46 38 39 61") == true)
        #expect(reason { try ShortcutIcon(bytes: []) }?.contains("empty") == true)
    }

    @Test("an icon of exactly the limit is accepted; one byte more is refused")
    func sizeLimit() throws {
        #expect(ShortcutIcon.maxBytes == 262_144)
        #expect(try ShortcutIcon(bytes: Fixtures.png(count: ShortcutIcon.maxBytes)).bytes.count == 262_144)
        #expect(try ShortcutIcon(bytes: Fixtures.jpeg(count: ShortcutIcon.maxBytes)).format == .jpeg)
        let over = Fixtures.png(count: ShortcutIcon.maxBytes + 1)
        #expect(code { try ShortcutIcon(bytes: over) } == "error.size")
        #expect(reason { try ShortcutIcon(bytes: over) } == "icon is 262145 bytes; the limit is 262144")
    }

    @Test("a custom limit applies at N and N+1")
    func customLimit() throws {
        #expect(try ShortcutIcon(bytes: Fixtures.png(count: 100), limit: 100).bytes.count == 100)
        #expect(code { try ShortcutIcon(bytes: Fixtures.png(count: 101), limit: 100) } == "error.size")
    }

    @Test("base64, dataURI and mediaType describe the same bytes")
    func encodings() throws {
        let icon = try ShortcutIcon(bytes: Fixtures.jpeg(count: 10))
        #expect(icon.base64 == "/9j/4EJCQkJCQg==")
        #expect(icon.dataURI == "data:image/jpeg;base64,/9j/4EJCQkJCQg==")
    }

    @Test(
        "raw base64 and image data URIs are parsed",
        arguments: [
            "iVBORw0KGgpCQkJC", "  iVBORw0KGgpCQkJC\n", "iVBORw0K\r\nGgpCQkJC",
            "data:image/png;base64,iVBORw0KGgpCQkJC",
            "DATA:IMAGE/PNG;BASE64,iVBORw0KGgpCQkJC", "data:image/jpeg;base64,iVBORw0KGgpCQkJC",
            "data:image/png;name=a.png;base64,iVBORw0KGgpCQkJC",
        ])
    func parsesBase64(text: String) throws {
        let icon = try ShortcutIcon(base64OrDataURI: text)
        #expect(icon.format == .png)  // sniffed from the bytes, whatever the label says
        #expect(icon.bytes == Fixtures.png(count: 12))
    }

    @Test("a JPEG data URI round-trips through dataURI")
    func dataURIRoundTrip() throws {
        let icon = try ShortcutIcon(bytes: Fixtures.jpeg(count: 100))
        #expect(try ShortcutIcon(base64OrDataURI: icon.dataURI) == icon)
        #expect(try ShortcutIcon(base64OrDataURI: icon.base64) == icon)
    }

    @Test(
        "malformed base64 or data URIs are refused",
        arguments: [
            ("iVBORw0KGgp%QkJC", "error.format"), ("iVBORw0KGgpCQkJCQ", "error.format"),
            ("iVBO=Rw0KGgpCQkJC", "error.format"),
            ("iVBORw0KGgpCQkJC===", "error.format"), ("R0lGODlhAQABAAAAACw=", "error.format"),
            ("data:image/gif;base64,R0lGODlh", "error.format"), ("data:image/png,iVBORw0KGgpCQkJC", "error.format"),
            ("data:image/png;base64", "error.format"), ("data:text/html;base64,PGgxPg==", "error.format"),
            ("", "error.required"), (" \n ", "error.required"), ("data:image/png;base64,", "error.format"),
        ])
    func refusesMalformed(text: String, expected: String) {
        #expect(code { try ShortcutIcon(base64OrDataURI: text) } == expected)
    }

    @Test("the base64 refusal names the character and offset")
    func base64ReasonNamesOffset() {
        let reason = reason { try ShortcutIcon(base64OrDataURI: "iVBORw0KGgp%QkJC") }
        #expect(reason == "icon is not valid base64: invalid base64 character '%' at offset 11")
    }

    @Test("base64 of an over-size icon is refused as error.size, before or after decoding")
    func base64SizeLimit() throws {
        let atLimit = try ShortcutIcon(bytes: Fixtures.png(count: ShortcutIcon.maxBytes))
        #expect(try ShortcutIcon(base64OrDataURI: atLimit.dataURI) == atLimit)
        let over = Base64.encode(Fixtures.png(count: ShortcutIcon.maxBytes + 1))
        #expect(code { try ShortcutIcon(base64OrDataURI: over) } == "error.size")
        let huge = Base64.encode(Fixtures.png(count: ShortcutIcon.maxBytes * 2))
        #expect(code { try ShortcutIcon(base64OrDataURI: huge) } == "error.size")
    }

    @Test("every icon error names the icon field")
    func errorsNameField() {
        #expect(error { try ShortcutIcon(bytes: []) }?.field == "icon")
        #expect(error { try ShortcutIcon(base64OrDataURI: "%") }?.field == "icon")
    }

    private func error(_ body: () throws -> ShortcutIcon) -> ShortcutPageError? { pageError(body) }

    private func code(_ body: () throws -> ShortcutIcon) -> String? { error(body)?.code }
    private func reason(_ body: () throws -> ShortcutIcon) -> String? { error(body)?.reason }
}
