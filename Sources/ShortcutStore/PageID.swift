#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Page ids: what the store accepts as a record's name on disk.
///
/// An id is either a UUID made by the store (lowercase, e.g. `3f2b…-…`) or a slug the caller chose:
/// 1 to 64 characters of `A–Z`, `a–z`, `0–9`, `_` and `-`. Anything else (`..`, `/`, `%`, NUL, the empty
/// string, 65 characters) is refused before it can reach the file system, so an id can never name a
/// file outside the store.
package enum PageID {
    /// The longest id accepted, in characters.
    package static let maximumLength = 64

    /// The rule in words, for every message that refuses an id (the store's, the APIs', the CLI's).
    package static let rule = "1–\(maximumLength) characters of A-Z a-z 0-9 _ -"

    /// Why `id` is refused, naming it (`shown`) and the rule; nil for a valid id.
    package static func problem(_ id: String) -> String? {
        isValid(id) ? nil : "invalid id '\(shown(id))': use \(rule)"
    }

    /// A refused id as a message may echo it: its first 80 bytes of UTF-8 (cut between scalars, `…` after
    /// a cut; 80 grapheme clusters could be a megabyte of combining marks), control characters written as
    /// `\u{…}` so that a terminal or a log line shows them instead of obeying them.
    static func shown(_ id: String) -> String {
        var text = ""
        var size = 0
        for scalar in id.unicodeScalars {
            let isControl = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            let piece = isControl ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : String(scalar)
            size += piece.utf8.count
            guard size <= 80 else { return text + "…" }
            text += piece
        }
        return text
    }

    /// Whether `id` is a valid page id (1–64 characters of `[A-Za-z0-9_-]`).
    package static func isValid(_ id: String) -> Bool {
        id.utf8.withContiguousStorageIfAvailable(isValid(utf8:)) ?? isValid(utf8: id.utf8)
    }

    private static func isValid<Bytes: Collection<UInt8>>(utf8: Bytes) -> Bool {
        guard !utf8.isEmpty, utf8.count <= maximumLength else { return false }
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                continue
            default:
                return false
            }
        }
        return true
    }

    /// Whether two ids are the same without regard to case: then they name one file on a file system that
    /// ignores case (macOS's and Windows' defaults), so the store keeps at most one of them. Ids are ASCII.
    package static func equalIgnoringCase(_ first: String, _ second: String) -> Bool {
        first.utf8.count == second.utf8.count
            && zip(first.utf8, second.utf8).allSatisfy { lowercased($0) == lowercased($1) }
    }

    /// The key that every casing of `id` shares (its ASCII lowercase form).
    static func caseFoldedKey(_ id: String) -> String {
        String(decoding: id.utf8.map(lowercased), as: UTF8.self)
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// A new random id: a lowercase UUID (36 characters), which is always valid.
    package static func generate() -> String {
        UUID().uuidString.lowercased()
    }

    /// Throws `PageStoreError.invalidID` unless `id` is valid.
    static func validate(_ id: String) throws(PageStoreError) {
        guard isValid(id) else { throw PageStoreError.invalidID(id) }
    }
}
