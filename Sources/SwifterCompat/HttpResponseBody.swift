import Foundation

/// Where a `.raw` response's closure writes its body. The server collects what it writes, up to
/// `HttpServerIO.maxResponseBodyBytes`, and sends it with a `Content-Length`.
public protocol HttpResponseBodyWriter {
    /// Writes the rest of an open file.
    func write(_ file: String.File) throws
    /// Writes bytes.
    func write(_ data: [UInt8]) throws
    /// Writes bytes.
    func write(_ data: ArraySlice<UInt8>) throws
    /// Writes bytes.
    func write(_ data: NSData) throws
    /// Writes bytes.
    func write(_ data: Data) throws
}

/// A body and its media type, as Swifter's.
public enum HttpResponseBody {
    /// An object `JSONSerialization` accepts, sent as `application/json`.
    case json(Any)
    /// An HTML document, `text/html`.
    case html(String)
    /// An HTML fragment, wrapped in `<html><meta charset="UTF-8"><body>…</body></html>`, `text/html`.
    case htmlBody(String)
    /// Text, `text/plain`.
    case text(String)
    /// Bytes with the given media type (none when nil).
    case data(Data, contentType: String? = nil)
    /// An object and the closure that turns it into text (no `Content-Type`).
    case custom(Any, (Any) throws -> String)

    /// The `Content-Type` sent with it (Swifter's values: no charset parameter).
    var contentType: String? {
        switch self {
        case .json: "application/json"
        case .html, .htmlBody: "text/html"
        case .text: "text/plain"
        case .data(_, let contentType): contentType
        case .custom: nil
        }
    }

    /// The bytes sent. A serialisation error becomes the body `Serialization error: …`, as in Swifter.
    func serialized() -> [UInt8] {
        do {
            switch self {
            case .json(let object):
                guard JSONSerialization.isValidJSONObject(object) else { throw SerializationError.invalidObject }
                return Array(try JSONSerialization.data(withJSONObject: object))
            case .html(let text), .text(let text):
                return Array(text.utf8)
            case .htmlBody(let fragment):
                return Array("<html><meta charset=\"UTF-8\"><body>\(fragment)</body></html>".utf8)
            case .data(let data, _):
                return Array(data)
            case .custom(let object, let serialize):
                return Array(try serialize(object).utf8)
            }
        } catch {
            return Array("Serialization error: \(error)".utf8)
        }
    }
}

/// Collects a `.raw` body in memory, refusing to grow past `limit` bytes: the core sends whole bodies with
/// a `Content-Length` (that is what keeps connections alive), so a body is held before it is sent, and the
/// limit keeps one handler from holding more memory than the server was told to allow.
final class CollectingBodyWriter: HttpResponseBodyWriter {
    /// The body is over the limit.
    struct TooLarge: Error, CustomStringConvertible {
        let limit: Int
        var description: String { "the response body is over \(limit) bytes (HttpServerIO.maxResponseBodyBytes)" }
    }

    let limit: Int
    private(set) var bytes: [UInt8] = []

    init(limit: Int) { self.limit = limit }

    func write(_ file: String.File) throws {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = try file.read(&chunk)
            if count == 0 { return }
            try write(chunk[0..<count])
        }
    }

    func write(_ data: [UInt8]) throws { try write(data[...]) }

    func write(_ data: ArraySlice<UInt8>) throws {
        guard data.count <= limit - bytes.count else { throw TooLarge(limit: limit) }
        bytes.append(contentsOf: data)
    }

    func write(_ data: NSData) throws { try write(Data(referencing: data)) }

    func write(_ data: Data) throws {
        guard data.count <= limit - bytes.count else { throw TooLarge(limit: limit) }
        bytes.append(contentsOf: data)
    }
}
