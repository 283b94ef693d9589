#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A response body with its media type, as Swifter's `HttpResponseBody`: `.ok(.html("<p>hi</p>"))`.
public struct HTTPBody: Sendable {
    /// The bytes sent.
    public var bytes: [UInt8]
    /// The `Content-Type` sent with them, or nil for none.
    public var contentType: String?

    /// Makes a body from bytes and a media type.
    public init(bytes: [UInt8], contentType: String?) {
        self.bytes = bytes
        self.contentType = contentType
    }

    /// An HTML document, `text/html; charset=utf-8`.
    public static func html(_ text: String) -> HTTPBody {
        HTTPBody(bytes: Array(text.utf8), contentType: "text/html; charset=utf-8")
    }

    /// Swifter's name: wraps a fragment in `<html><body>…</body></html>`.
    public static func htmlBody(_ fragment: String) -> HTTPBody {
        .html("<html><meta charset=\"utf-8\"><body>\(fragment)</body></html>")
    }

    /// Plain text, `text/plain; charset=utf-8`.
    public static func text(_ text: String) -> HTTPBody {
        HTTPBody(bytes: Array(text.utf8), contentType: "text/plain; charset=utf-8")
    }

    /// JSON already encoded, `application/json`.
    public static func json(bytes: [UInt8]) -> HTTPBody { HTTPBody(bytes: bytes, contentType: "application/json") }

    /// A value encoded as JSON with sorted keys, `application/json`.
    public static func json<Value: Encodable>(_ value: Value) throws -> HTTPBody {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return .json(bytes: Array(try encoder.encode(value)))
    }

    /// Raw bytes with the given media type (`application/octet-stream` when nil).
    public static func data(_ data: Data, contentType: String? = nil) -> HTTPBody {
        HTTPBody(bytes: Array(data), contentType: contentType ?? "application/octet-stream")
    }
}
