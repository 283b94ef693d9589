/// What a recorded `Content-Type` says about a body: whether it is JSON, whether it is text (so it may be
/// written as a `body` string), and the extension its file under `__files` gets.
enum RecordedMediaType {
    /// The media type without parameters, lowercased and trimmed (`Application/JSON; charset=utf-8` →
    /// `application/json`); nil when no type was given.
    static func essence(_ contentType: String?) -> String? {
        guard let contentType else { return nil }
        let type = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let trimmed = type.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()
        return ASCIILowercase.of(String(trimmed))
    }

    /// `application/json`, `text/json`, `application/vnd.api+json` … (WireMock's test: the type mentions json).
    static func isJSON(_ contentType: String?) -> Bool { essence(contentType)?.contains("json") ?? false }

    /// Whether a body of this type is text: `text/*`, JSON, XML, JavaScript, a form, or no type at all (a
    /// body that is not UTF-8 is binary whatever its type says; the caller checks that).
    static func isTextual(_ contentType: String?) -> Bool {
        guard let type = essence(contentType) else { return true }
        return type.hasPrefix("text/") || ["json", "xml", "javascript", "x-www-form-urlencoded"].contains { type.contains($0) }
    }

    /// The extension of a body file, from its type: json, xml, html, txt (other text) or bin; with no type,
    /// txt when the body is UTF-8 text (`isText`), else bin.
    static func fileExtension(_ contentType: String?, isText: Bool) -> String {
        guard let type = essence(contentType) else { return isText ? "txt" : "bin" }
        if type.contains("json") { return "json" }
        if type.contains("xml") { return "xml" }
        if type.contains("html") { return "html" }
        return isTextual(type) ? "txt" : "bin"
    }
}
