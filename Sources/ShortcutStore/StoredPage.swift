import HTTPVocabulary
import ShortcutPlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One stored page (mocky's "mock"): what to answer, plus who may change it and when it expires.
///
/// Its fields live in one copy-on-write box (`CopyOnWrite`): the store hands out its cached pages on every
/// play, and each copy is one reference, not one per field.
public struct StoredPage: Sendable, Equatable {
    /// Which version of a page a value holds: a page gets a new one when it is made and whenever a field
    /// changes, and its copies keep it. So two values with the same version are copies of one unchanged
    /// page, and an answer built from one still answers for the other (`ResponseCache`): the one place that
    /// decides whether a prepared answer is current, decided by construction rather than by comparing
    /// fields or storage addresses. Equal pages made twice (a record read twice) have two versions.
    package struct Version: Hashable, Sendable {
        let number: UInt64

        /// A version no page had before (process-wide; 2^64 changes do not wrap in practice).
        static func next() -> Version { Version(number: counter.next()) }

        private static let counter = Counter()

        /// Thread-safe: guarded by `lock`. A lock, not an atomic: pages are made and changed when records are
        /// read or written, not per request.
        private final class Counter: @unchecked Sendable {
            private let lock = Lock()
            private var last: UInt64 = 0  // guarded by lock

            func next() -> UInt64 {
                lock.withLock {
                    last += 1
                    return last
                }
            }
        }
    }

    /// This value's version (see `Version`).
    package private(set) var version = Version.next()

    /// The page id: a store-made lowercase UUID or a caller's slug (see `PageID`).
    public var id: String {
        get { shared.value.id }
        _modify {
            version = .next()
            yield &shared.value.id
        }
    }
    /// A free display name.
    public var name: String {
        get { shared.value.name }
        _modify {
            version = .next()
            yield &shared.value.name
        }
    }
    /// The HTTP status to answer with, 100–999.
    public var status: Int {
        get { shared.value.status }
        _modify {
            version = .next()
            yield &shared.value.status
        }
    }
    /// The media type, without parameters (`text/html`).
    public var contentType: String {
        get { shared.value.contentType }
        _modify {
            version = .next()
            yield &shared.value.contentType
        }
    }
    /// The charset parameter of the content type (`UTF-8`); empty for none.
    public var charset: String {
        get { shared.value.charset }
        _modify {
            version = .next()
            yield &shared.value.charset
        }
    }
    /// Extra response headers, in order; repeated names are kept.
    public var headers: [HTTPField] {
        get { shared.value.headers }
        _modify {
            version = .next()
            yield &shared.value.headers
        }
    }
    /// The body bytes, exactly as answered.
    public var body: [UInt8] {
        get { shared.value.body }
        _modify {
            version = .next()
            yield &shared.value.body
        }
    }
    /// The salted hash of the secret that allows changing or deleting the page; nil for none.
    package var secret: SecretHash? {
        get { shared.value.secret }
        _modify {
            version = .next()
            yield &shared.value.secret
        }
    }
    /// When the page was created.
    public var createdAt: Date {
        get { shared.value.createdAt }
        _modify {
            version = .next()
            yield &shared.value.createdAt
        }
    }
    /// When the page stops being served; nil for never.
    public var expiresAt: Date? {
        get { shared.value.expiresAt }
        _modify {
            version = .next()
            yield &shared.value.expiresAt
        }
    }
    /// Free key/value data for the app (a shortcut's kind, title, url, app_name, mode).
    package var metadata: [String: String] {
        get { shared.value.metadata }
        _modify {
            version = .next()
            yield &shared.value.metadata
        }
    }

    /// A page; everything but the id and body has a default.
    package init(
        id: String, name: String = "", status: Int = 200, contentType: String = "text/html",
        charset: String = "UTF-8", headers: [HTTPField] = [], body: [UInt8], secret: SecretHash? = nil,
        createdAt: Date = Date(), expiresAt: Date? = nil, metadata: [String: String] = [:]
    ) {
        shared = CopyOnWrite(
            Fields(
                id: id, name: name, status: status, contentType: contentType, charset: charset, headers: headers, body: body,
                secret: secret, createdAt: createdAt, expiresAt: expiresAt, metadata: metadata))
    }

    public static func == (a: StoredPage, b: StoredPage) -> Bool {
        a.version == b.version || a.shared.value == b.shared.value
    }

    /// Whether `self` and `other` are copies of one unchanged page (`version`). The store hands out every
    /// play of a record as such a copy until the record changes. False says nothing (equal pages read twice
    /// are two versions).
    package func isSameVersion(as other: StoredPage) -> Bool { version == other.version }

    /// The fields of a page, in one copy-on-write box.
    private struct Fields: Sendable, Equatable {
        var id: String
        var name: String
        var status: Int
        var contentType: String
        var charset: String
        var headers: [HTTPField]
        var body: [UInt8]
        var secret: SecretHash?
        var createdAt: Date
        var expiresAt: Date?
        var metadata: [String: String]
    }

    private var shared: CopyOnWrite<Fields>

    /// Whether `expiresAt` has passed (relative to now).
    package var isExpired: Bool { isExpired(at: Date()) }

    /// Whether `expiresAt` is at or before `date`.
    func isExpired(at date: Date) -> Bool {
        guard let expiresAt else { return false }
        return expiresAt <= date
    }

    /// Checks everything but the id: the status range, and that every header field, the content type and
    /// the charset are what the HTTP layer can send (`HTTPField`'s rule, the writer's own): a byte it would
    /// refuse, stored, would be answered 500 on every play.
    func validateFields() throws(PageStoreError) {
        guard (100...999).contains(status) else { throw PageStoreError.invalidStatus(status) }
        if let bad = headers.first(where: { !$0.isValid }) {
            throw PageStoreError.invalidHeader(name: bad.name, value: bad.value)
        }
        if !HTTPField.isValidValue(contentType) { throw PageStoreError.invalidContentType(contentType) }
        if !HTTPField.isValidValue(charset) { throw PageStoreError.invalidContentType(charset) }
    }

    /// A rough count of the bytes this page holds in memory, for cache budgets.
    package var approximateMemoryCost: Int {
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
