#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One stored page (mocky's "mock"): what to answer, plus who may change it and when it expires.
public struct StoredPage: Sendable, Equatable {
    /// The page id: a store-made lowercase UUID or a caller's slug (see `PageID`).
    public var id: String
    /// A free display name.
    public var name: String
    /// The HTTP status to answer with, 100–999.
    public var status: Int
    /// The media type, without parameters (`text/html`).
    public var contentType: String
    /// The charset parameter of the content type (`UTF-8`); empty for none.
    public var charset: String
    /// Extra response headers, in order; repeated names are kept.
    public var headers: [StoredHeader]
    /// The body bytes, exactly as answered.
    public var body: [UInt8]
    /// The salted hash of the secret that allows changing or deleting the page; nil for none.
    public var secret: SecretHash?
    /// When the page was created.
    public var createdAt: Date
    /// When the page stops being served; nil for never.
    public var expiresAt: Date?
    /// Free key/value data for the app (a shortcut's kind, title, url, app_name, mode).
    public var metadata: [String: String]

    /// A page; everything but the id and body has a default.
    public init(
        id: String, name: String = "", status: Int = 200, contentType: String = "text/html",
        charset: String = "UTF-8", headers: [StoredHeader] = [], body: [UInt8], secret: SecretHash? = nil,
        createdAt: Date = Date(), expiresAt: Date? = nil, metadata: [String: String] = [:]
    ) {
        self.id = id
        self.name = name
        self.status = status
        self.contentType = contentType
        self.charset = charset
        self.headers = headers
        self.body = body
        self.secret = secret
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.metadata = metadata
    }

    /// Whether `expiresAt` has passed (relative to now).
    public var isExpired: Bool { isExpired(at: Date()) }

    /// Whether `expiresAt` is at or before `date`.
    func isExpired(at date: Date) -> Bool {
        guard let expiresAt else { return false }
        return expiresAt <= date
    }

    /// Checks everything but the id: the status range, header syntax, and that the content type and
    /// charset cannot split a response.
    func validateFields() throws(PageStoreError) {
        guard (100...999).contains(status) else { throw PageStoreError.invalidStatus(status) }
        if let bad = headers.first(where: { !$0.isValid }) {
            throw PageStoreError.invalidHeader(name: bad.name, value: bad.value)
        }
        if StoredHeader.holdsLineBreakOrNUL(contentType) { throw PageStoreError.invalidContentType(contentType) }
        if StoredHeader.holdsLineBreakOrNUL(charset) { throw PageStoreError.invalidContentType(charset) }
    }

    /// A rough count of the bytes this page holds in memory, for the cache budget.
    var approximateMemoryCost: Int {
        var cost = 256 + body.count + id.utf8.count + name.utf8.count + contentType.utf8.count + charset.utf8.count
        for header in headers { cost += 32 + header.name.utf8.count + header.value.utf8.count }
        for (key, value) in metadata { cost += 32 + key.utf8.count + value.utf8.count }
        return cost
    }

    /// The list entry for this page.
    var summary: PageSummary {
        PageSummary(
            id: id, name: name, status: status, contentType: contentType, size: body.count, createdAt: createdAt,
            metadata: metadata)
    }
}
