import HTTPVocabulary

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The on-disk form of one page, `pages/<id>.page`:
///
///     {"checksum":"<SHA-256 hex of the record JSON>","record":{…record JSON…}}\n<body bytes>
///
/// The first line is JSON (readable with `head -1 | jq`); the record JSON holds the format name and
/// version, every field of the page, `bodyLength` and `bodySHA256`. The two checksums make a torn or
/// bit-flipped file detectable, and the fixed prefix tells a foreign file from a damaged record. Dates
/// are seconds since 2001-01-01 (Foundation's reference date), which round-trips a `Date` exactly.
enum RecordFile {
    /// The `format` field of every record.
    static let formatName = "shortcut-serve/page"
    /// The version this code writes and reads.
    static let version = 1
    private static let prefix = Array(#"{"checksum":""#.utf8)
    private static let middle = Array(#"","record":"#.utf8)
    private static let headerStart = prefix.count + 64 + middle.count

    /// The record JSON.
    private struct Header: Codable {
        var format: String
        var version: Int
        var id: String
        var name: String
        var status: Int
        var contentType: String
        var charset: String
        var headers: [HTTPField]
        var secretSalt: String?
        var secretHash: String?
        var createdAt: Double
        var expiresAt: Double?
        var metadata: [String: String]
        var bodyLength: Int
        var bodySHA256: String
    }

    /// The file bytes for `page`.
    static func encode(_ page: StoredPage) throws(PageStoreError) -> [UInt8] {
        let header = Header(
            format: formatName, version: version, id: page.id, name: page.name, status: page.status,
            contentType: page.contentType, charset: page.charset, headers: page.headers,
            secretSalt: page.secret.map { SHA256.hex($0.salt) }, secretHash: page.secret.map { SHA256.hex($0.hash) },
            createdAt: page.createdAt.timeIntervalSinceReferenceDate,
            expiresAt: page.expiresAt?.timeIntervalSinceReferenceDate, metadata: page.metadata,
            bodyLength: page.body.count, bodySHA256: SHA256.hex(SHA256.hash(page.body)))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json: [UInt8]
        do {
            json = Array(try encoder.encode(header))
        } catch {
            throw PageStoreError.corruptRecord(path: page.id, reason: "cannot encode the record: \(error)")
        }
        var bytes = prefix
        bytes.reserveCapacity(headerStart + json.count + 2 + page.body.count)
        bytes += Array(SHA256.hex(SHA256.hash(json)).utf8)
        bytes += middle
        bytes += json
        bytes += Array("}\n".utf8)
        bytes += page.body
        return bytes
    }

    /// The id held by the record in `bytes`, or nil when its header is not valid. On a file system that
    /// ignores case, `ABC.page` opens `abc.page`: this tells such a twin from a damaged record.
    static func storedID(in bytes: [UInt8]) -> String? {
        do {
            return try header(of: bytes, path: "").header.id
        } catch {
            return nil
        }
    }

    /// The id held by the record in `bytes` when it is another casing of `id`: what `id`'s path opens on a file
    /// system that ignores case when only that other casing is stored. Nil for `id` itself or anything else.
    static func caseTwinID(in bytes: [UInt8], of id: String) -> String? {
        guard let stored = storedID(in: bytes), stored != id, PageID.equalIgnoringCase(stored, id) else { return nil }
        return stored
    }

    /// The header of the record in `bytes` (checked: prefix, checksum, format, version) and where its line ends.
    private static func header(of bytes: [UInt8], path: String) throws(PageStoreError) -> (header: Header, newline: Int) {
        func corrupt(_ reason: String) -> PageStoreError { .corruptRecord(path: path, reason: reason) }
        if bytes.isEmpty { throw corrupt("the file is empty (truncated)") }
        let prefixLength = min(prefix.count, bytes.count)
        guard bytes[0..<prefixLength].elementsEqual(prefix[0..<prefixLength]) else {
            throw corrupt("it does not start with a shortcut-serve page header (foreign file)")
        }
        guard let newline = bytes.firstIndex(of: 0x0a) else {
            throw corrupt("the header line has no end (truncated at \(bytes.count) bytes)")
        }
        guard newline > headerStart, bytes[prefix.count + 64..<headerStart].elementsEqual(middle),
            bytes[newline - 1] == UInt8(ascii: "}")
        else { throw corrupt("the header line is malformed") }
        let json = bytes[headerStart..<newline - 1]
        let storedChecksum = String(decoding: bytes[prefix.count..<prefix.count + 64], as: UTF8.self)
        guard SHA256.hex(SHA256.hash(json)) == storedChecksum else { throw corrupt("the header checksum does not match") }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: Data(json))
        } catch {
            throw corrupt("the header is not a valid record: \(error)")
        }
        guard header.format == formatName, header.version == version else {
            throw corrupt("format \(header.format) version \(header.version) is not \(formatName) version \(version)")
        }
        return (header, newline)
    }

    /// The page in `bytes`, read from `path`; `expectedID` is the id the file name claims.
    static func decode(_ bytes: [UInt8], path: String, expectedID: String) throws(PageStoreError) -> StoredPage {
        func corrupt(_ reason: String) -> PageStoreError { .corruptRecord(path: path, reason: reason) }
        let (header, newline) = try header(of: bytes, path: path)
        guard header.id == expectedID else { throw corrupt("it holds id \(PageStoreError.quoted(header.id))") }
        let bodyStart = newline + 1
        let bodyLength = bytes.count - bodyStart
        guard bodyLength == header.bodyLength else {
            throw corrupt(
                bodyLength < header.bodyLength
                    ? "truncated: the body is \(bodyLength) bytes; the header says \(header.bodyLength)"
                    : "the body is \(bodyLength) bytes; the header says \(header.bodyLength)")
        }
        let body = Array(bytes[bodyStart...])
        guard SHA256.hex(SHA256.hash(body)) == header.bodySHA256 else { throw corrupt("the body checksum does not match") }
        var secret: SecretHash?
        if let saltHex = header.secretSalt, let hashHex = header.secretHash {
            guard let salt = SHA256.bytes(fromHex: saltHex), let hash = SHA256.bytes(fromHex: hashHex) else {
                throw corrupt("the secret hash is not hexadecimal")
            }
            secret = SecretHash(salt: salt, hash: hash)
        }
        let page = StoredPage(
            id: header.id, name: header.name, status: header.status, contentType: header.contentType,
            charset: header.charset, headers: header.headers, body: body, secret: secret,
            createdAt: Date(timeIntervalSinceReferenceDate: header.createdAt),
            expiresAt: header.expiresAt.map { Date(timeIntervalSinceReferenceDate: $0) }, metadata: header.metadata)
        do {
            try page.validateFields()
        } catch {
            throw corrupt("\(error)")
        }
        return page
    }
}
