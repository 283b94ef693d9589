/// The picture of a home-screen shortcut: PNG or JPEG bytes, recognised by their magic bytes and
/// no larger than ``maxBytes``.
public struct ShortcutIcon: Sendable, Equatable {
    /// An image format the icon may have.
    package enum Format: String, Sendable {
        /// PNG, starting with `89 50 4E 47 0D 0A 1A 0A`.
        case png
        /// JPEG, starting with `FF D8 FF`.
        case jpeg

        /// The format whose magic bytes start `bytes`, if any.
        static func sniff(_ bytes: [UInt8]) -> Format? {
            if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
            if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
            return nil
        }
    }

    /// The image file's bytes.
    public let bytes: [UInt8]
    /// The format recognised from ``bytes``.
    package let format: Format

    /// The default size limit of an icon: 256 KiB.
    package static let maxBytes = 262_144

    /// Checks `bytes` is a PNG or JPEG of at most ``maxBytes`` bytes.
    /// - Throws: `error.format` when the magic bytes are neither PNG nor JPEG (also when empty),
    ///   `error.size` when larger than the limit.
    public init(bytes: [UInt8]) throws(FieldProblem) {
        try self.init(bytes: bytes, limit: Self.maxBytes)
    }

    /// Checks `bytes` is a PNG or JPEG of at most `limit` bytes.
    /// - Throws: `error.format` when the magic bytes are neither PNG nor JPEG (also when empty),
    ///   `error.size` when larger than `limit`.
    package init(bytes: [UInt8], limit: Int) throws(ShortcutPageError) {
        if bytes.count > limit {
            throw Self.error(ShortcutPageError.size, Self.sizeReason(bytes: bytes.count, limit: limit))
        }
        guard let format = Format.sniff(bytes) else {
            throw Self.error(ShortcutPageError.format, "icon is not a PNG or JPEG: \(Self.describeStart(bytes))")
        }
        self.bytes = bytes
        self.format = format
    }

    /// The refusal of an icon of `bytes` bytes over `limit`: what `init(bytes:limit:)` says, and what the
    /// command line says of a file it read only the start of (its own size; `exact: false` when unknown).
    package static func sizeReason(bytes: Int, limit: Int, exact: Bool = true) -> String {
        "icon is \(exact ? "\(bytes)" : "more than \(limit)") bytes; the limit is \(limit)"
    }

    /// Parses raw base64 (line breaks allowed) or a `data:image/png;base64,…` /
    /// `data:image/jpeg;base64,…` URI, then checks the bytes as ``init(bytes:)`` does. The format
    /// comes from the bytes, so a JPEG labelled `image/png` is still taken as the JPEG it is.
    /// - Throws: `error.required` for empty text, `error.format` for another media type, a data URI
    ///   that is not base64, malformed base64 or bytes that are not PNG/JPEG, `error.size` when larger
    ///   than ``maxBytes``.
    public init(base64OrDataURI text: String) throws(FieldProblem) {
        let trimmed = text.trimmingASCIIWhitespace()
        if trimmed.isEmpty {
            throw Self.error(ShortcutPageError.required, "icon text is empty; give base64 or a data: URI")
        }
        let payload = try Self.base64Payload(of: trimmed)
        // Base64 grows data by 4/3; refuse what cannot fit before decoding it.
        if payload.utf8.count > (Self.maxBytes + 2) / 3 * 4 + payload.utf8.count / 38 + 8 {
            throw Self.error(
                ShortcutPageError.size,
                "icon base64 is \(payload.utf8.count) characters, more than the \(Self.maxBytes)-byte limit")
        }
        let bytes: [UInt8]
        do {
            bytes = try Base64.decode(payload)
        } catch {
            throw Self.error(ShortcutPageError.format, "icon is not valid base64: \(error.reason)")
        }
        try self.init(bytes: bytes)
    }

    /// Makes an icon from bytes already known to be valid, such as the built-in one.
    init(trusted bytes: [UInt8], format: Format) {
        self.bytes = bytes
        self.format = format
    }

    /// `image/png` or `image/jpeg`.
    package var mediaType: String { "image/\(format.rawValue)" }

    /// The icon as `data:image/png;base64,…` or `data:image/jpeg;base64,…`.
    package var dataURI: String { DataURI.encode(bytes, mediaType: mediaType) }

    /// The icon's bytes as base64, with padding and no line breaks.
    package var base64: String { Base64.encode(bytes) }

    /// The base64 part of `text`: all of it, or what follows the comma of a base64 image data URI.
    private static func base64Payload(of text: String) throws(ShortcutPageError) -> String {
        guard text.utf8.count >= 5, text.prefix(5).lowercased() == "data:" else { return text }
        guard let comma = text.firstIndex(of: ",") else {
            throw error(ShortcutPageError.format, "icon data URI has no ',' before its data")
        }
        let header = text[text.index(text.startIndex, offsetBy: 5)..<comma].lowercased()
        var parameters = header.split(separator: ";", omittingEmptySubsequences: false).map {
            $0.trimmingASCIIWhitespace()
        }
        let mediaType = parameters.removeFirst()
        guard ["image/png", "image/jpeg", "image/jpg"].contains(mediaType) else {
            throw error(
                ShortcutPageError.format,
                "icon data URI media type '\(mediaType.prefix(40))' is not image/png or image/jpeg")
        }
        guard parameters.last == "base64" else {
            throw error(ShortcutPageError.format, "icon data URI is not base64-encoded (no ';base64' before ',')")
        }
        return String(text[text.index(after: comma)...])
    }

    /// The first bytes in hex, for an error message.
    private static func describeStart(_ bytes: [UInt8]) -> String {
        if bytes.isEmpty { return "it is empty (0 bytes)" }
        let hex = bytes.prefix(8).map { String($0, radix: 16, uppercase: true).leftPadded(to: 2) }
        return "it starts with \(hex.joined(separator: " ")); PNG starts 89 50 4E 47 0D 0A 1A 0A, JPEG FF D8 FF"
    }

    private static func error(_ code: String, _ reason: String) -> ShortcutPageError {
        ShortcutPageError(field: "icon", code: code, reason: reason)
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs, CR and LF.
    func trimmingASCIIWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
