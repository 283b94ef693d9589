/// Reverse-DNS names (`com.example.app`): an app's bundle identifier, and the start of web clip
/// profiles' identifiers.
package enum ReverseDNSName {
    /// The most bytes of a bundle identifier.
    package static let maxBundleIDBytes = 255

    /// Whether `id` can be an app's bundle identifier, at most `maxBundleIDBytes`.
    package static func isValidBundleID(_ id: String) -> Bool { isValid(id, maxBytes: maxBundleIDBytes) }

    /// Labels of ASCII letters, digits and `-`, joined by dots (what Apple allows in a bundle identifier),
    /// at most `maxBytes` in all.
    package static func isValid(_ text: String, maxBytes: Int) -> Bool {
        guard !text.isEmpty, text.utf8.count <= maxBytes else { return false }
        return text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
            !label.isEmpty
                && label.utf8.allSatisfy { byte in
                    (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7a) || byte == 0x2d
                }
        }
    }
}
