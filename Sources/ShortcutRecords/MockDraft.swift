import HTTPVocabulary
import ShortcutPages
import ShortcutStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a mock (a stored page played at `/v3/<id>`) is made or replaced from: the fields of
/// `POST /api/mock` and `PUT /api/mock/<id>`, of `shortcut-serve mock add`, and of the embedding API.
public struct MockDraft: Sendable {
    /// The body played, exactly.
    public var body: [UInt8]
    /// The status played, 200–999 (a 1xx is an interim answer, not a final one).
    public var status: Int
    /// The media type, without parameters (`text/html`).
    public var contentType: String
    /// The charset parameter (`UTF-8`); empty for none.
    public var charset: String
    /// Extra header fields, in order.
    public var headers: [HTTPField]
    /// A free display name.
    public var name: String
    /// The record's id (`PageID.rule`); nil for a new UUID. Not used by an update.
    public var id: String?
    /// The secret that allows changing it over the API; nil for a new random one. Not used by an update.
    public var secret: String?
    /// When it stops being served; nil for never.
    public var expiresAt: Date?

    /// A draft; everything has a default.
    public init(
        body: [UInt8] = [], status: Int = 200, contentType: String = "text/html", charset: String = "UTF-8",
        headers: [HTTPField] = [], name: String = "", id: String? = nil, secret: String? = nil, expiresAt: Date? = nil
    ) {
        self.body = body
        self.status = status
        self.contentType = contentType
        self.charset = charset
        self.headers = headers
        self.name = name
        self.id = id
        self.secret = secret
        self.expiresAt = expiresAt
    }

    /// A draft whose body is `content` as UTF-8.
    public init(content: String, status: Int = 200, contentType: String = "text/html", id: String? = nil) {
        self.init(body: Array(content.utf8), status: status, contentType: contentType, id: id)
    }

    // Limits of the fields, in UTF-8 bytes (what they cost in memory and on disk), each refused naming the
    // field, its size and the limit.
    /// The most bytes of `body` (`content` in the API): one limit for the API, the command line's file and the
    /// embedding API alike.
    package static let maxContentBytes = 1_000_000
    /// The most bytes of `contentType`.
    package static let maxContentTypeBytes = 200
    /// The most bytes of `charset`: mocky's 50 characters (a charset name is ASCII: one byte each).
    package static let maxCharsetBytes = 50
    /// The most characters of `name`, as mocky counts them (`maxLength(100)`: UTF-16 code units, a JVM
    /// string's length), so a mocky client's 101-character name is refused here too.
    package static let maxNameCharacters = 100
    /// The most bytes of `name`: 100 UTF-16 code units are at most 300 bytes of UTF-8, so this bound only
    /// restates, in bytes, what memory and the disk pay for.
    package static let maxNameBytes = 400
    /// The most bytes of a header field's name.
    package static let maxHeaderNameBytes = 200
    /// The most bytes of a header field's value.
    package static let maxHeaderValueBytes = 8192
    /// The most header fields.
    package static let maxHeaderCount = 100

    /// Every problem of this draft (the id's and the secret's only when `isNew`) into `problems`.
    func check(isNew: Bool, by caller: Caller, problems: inout FieldProblems) {
        if !(100...999).contains(status) {
            problems.add("status", status < 100 ? "error.min" : "error.max", "status \(status) is outside 200–999")
        } else if let problem = PlayableStatus.statusProblem(status) {
            problems.add("status", "error.min", problem)
        }
        if let problem = MockDraft.contentSizeProblem(bytes: body.count) {
            problems.add(problem)
        } else if let problem = PlayableStatus.contentProblem(status: status, contentBytes: body.count) {
            problems.add("content", "error.invalid", problem)
        }
        problems.checkBytes(contentType, field: "content_type", limit: MockDraft.maxContentTypeBytes)
        if let problem = HTTPField.valueProblem(contentType) {
            problems.add("content_type", "error.invalid", "content_type cannot be sent in a header: \(problem)")
        } else if contentType.isEmpty || contentType.contains(";") {
            problems.add("content_type", "error.invalid", "content_type must be a media type like text/html, without parameters")
        }
        problems.checkBytes(charset, field: "charset", limit: MockDraft.maxCharsetBytes)
        if let problem = HTTPField.valueProblem(charset) {
            problems.add("charset", "error.invalid", "charset cannot be sent in a header: \(problem)")
        } else if charset.isEmpty || !charset.utf8.allSatisfy(HTTPSyntax.isTokenByte) {
            problems.add("charset", "error.invalid", "charset '\(charset.prefix(40))' is not a charset name")
        }
        checkHeaders(&problems)
        let nameCharacters = name.utf16.count
        if nameCharacters > MockDraft.maxNameCharacters {
            problems.add("name", "error.maxLength", "name is \(nameCharacters) characters; the limit is \(MockDraft.maxNameCharacters)")
        }
        problems.checkBytes(name, field: "name", limit: MockDraft.maxNameBytes)
        guard isNew else { return }
        problems.checkNewRecord(id: id, secret: secret, reserved: caller.reservedIDProblem)
    }

    /// The refusal of content of `bytes` bytes, or nil when it is within `maxContentBytes`. `check` says it of
    /// a draft's body; a caller that read only the start of a larger file says it of the file's own size
    /// (`exact: false` when that size is not known: standard input, a pipe), in the same words.
    package static func contentSizeProblem(bytes: Int, exact: Bool = true) -> FieldProblem? {
        guard bytes > maxContentBytes else { return nil }
        let size = exact ? "\(bytes) bytes" : "more than \(maxContentBytes) bytes"
        return FieldProblem(field: "content", code: "error.maxLength", reason: "content is \(size); the limit is \(maxContentBytes)")
    }

    /// The header fields: how many, how large, and `HTTPField`'s rule (the writer's own), the first problem.
    private func checkHeaders(_ problems: inout FieldProblems) {
        guard headers.count <= MockDraft.maxHeaderCount else {
            problems.add("headers", "error.maxLength", "\(headers.count) headers; the limit is \(MockDraft.maxHeaderCount)")
            return
        }
        for field in headers {
            let shown = String(field.name.prefix(64)).debugDescription
            if field.name.utf8.count > MockDraft.maxHeaderNameBytes {
                problems.add(
                    "headers", "error.maxLength",
                    "header name \(shown) is \(field.name.utf8.count) bytes; the limit is \(MockDraft.maxHeaderNameBytes)")
            } else if field.value.utf8.count > MockDraft.maxHeaderValueBytes {
                problems.add(
                    "headers", "error.maxLength",
                    "header \(shown) has a value of \(field.value.utf8.count) bytes; the limit is \(MockDraft.maxHeaderValueBytes)")
            } else if let problem = field.problem {
                problems.add("headers", "error.invalid", "header \(shown): \(problem)")
            } else {
                continue
            }
            return
        }
    }
}
