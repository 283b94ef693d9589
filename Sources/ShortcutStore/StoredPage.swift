#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One stored page (mocky's "mock"): what to answer, plus who may change it and when it expires.
///
/// A value with copy-on-write storage: the store hands out its cached pages on every play, and each copy
/// is then one reference, not one per field.
public struct StoredPage: Sendable, Equatable {
    /// The page id: a store-made lowercase UUID or a caller's slug (see `PageID`).
    public var id: String {
        get { storage.id }
        _modify {
            makeUnique()
            yield &storage.id
        }
    }
    /// A free display name.
    public var name: String {
        get { storage.name }
        _modify {
            makeUnique()
            yield &storage.name
        }
    }
    /// The HTTP status to answer with, 100–999.
    public var status: Int {
        get { storage.status }
        _modify {
            makeUnique()
            yield &storage.status
        }
    }
    /// The media type, without parameters (`text/html`).
    public var contentType: String {
        get { storage.contentType }
        _modify {
            makeUnique()
            yield &storage.contentType
        }
    }
    /// The charset parameter of the content type (`UTF-8`); empty for none.
    public var charset: String {
        get { storage.charset }
        _modify {
            makeUnique()
            yield &storage.charset
        }
    }
    /// Extra response headers, in order; repeated names are kept.
    public var headers: [StoredHeader] {
        get { storage.headers }
        _modify {
            makeUnique()
            yield &storage.headers
        }
    }
    /// The body bytes, exactly as answered.
    public var body: [UInt8] {
        get { storage.body }
        _modify {
            makeUnique()
            yield &storage.body
        }
    }
    /// The salted hash of the secret that allows changing or deleting the page; nil for none.
    public var secret: SecretHash? {
        get { storage.secret }
        _modify {
            makeUnique()
            yield &storage.secret
        }
    }
    /// When the page was created.
    public var createdAt: Date {
        get { storage.createdAt }
        _modify {
            makeUnique()
            yield &storage.createdAt
        }
    }
    /// When the page stops being served; nil for never.
    public var expiresAt: Date? {
        get { storage.expiresAt }
        _modify {
            makeUnique()
            yield &storage.expiresAt
        }
    }
    /// Free key/value data for the app (a shortcut's kind, title, url, app_name, mode).
    public var metadata: [String: String] {
        get { storage.metadata }
        _modify {
            makeUnique()
            yield &storage.metadata
        }
    }

    /// A page; everything but the id and body has a default.
    public init(
        id: String, name: String = "", status: Int = 200, contentType: String = "text/html",
        charset: String = "UTF-8", headers: [StoredHeader] = [], body: [UInt8], secret: SecretHash? = nil,
        createdAt: Date = Date(), expiresAt: Date? = nil, metadata: [String: String] = [:]
    ) {
        storage = Storage(
            id: id, name: name, status: status, contentType: contentType, charset: charset, headers: headers, body: body,
            secret: secret, createdAt: createdAt, expiresAt: expiresAt, metadata: metadata)
    }

    public static func == (a: StoredPage, b: StoredPage) -> Bool {
        a.storage === b.storage
            || (a.id == b.id && a.name == b.name && a.status == b.status && a.contentType == b.contentType
                && a.charset == b.charset && a.headers == b.headers && a.body == b.body && a.secret == b.secret
                && a.createdAt == b.createdAt && a.expiresAt == b.expiresAt && a.metadata == b.metadata)
    }

    private var storage: Storage

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    /// The fields. Mutated only through `makeUnique()`, so never while shared: hence `@unchecked Sendable`
    /// and no run-time exclusivity checks.
    private final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var id: String
        @exclusivity(unchecked) var name: String
        @exclusivity(unchecked) var status: Int
        @exclusivity(unchecked) var contentType: String
        @exclusivity(unchecked) var charset: String
        @exclusivity(unchecked) var headers: [StoredHeader]
        @exclusivity(unchecked) var body: [UInt8]
        @exclusivity(unchecked) var secret: SecretHash?
        @exclusivity(unchecked) var createdAt: Date
        @exclusivity(unchecked) var expiresAt: Date?
        @exclusivity(unchecked) var metadata: [String: String]

        init(
            id: String, name: String, status: Int, contentType: String, charset: String, headers: [StoredHeader],
            body: [UInt8], secret: SecretHash?, createdAt: Date, expiresAt: Date?, metadata: [String: String]
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


        func copy() -> Storage {
            Storage(
                id: id, name: name, status: status, contentType: contentType, charset: charset, headers: headers, body: body,
                secret: secret, createdAt: createdAt, expiresAt: expiresAt, metadata: metadata)
        }
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
