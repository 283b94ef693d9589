extension String {
    /// The text that `bytes` encode, or nil when they are not valid UTF-8 (nothing is repaired).
    ///
    /// `String(validating:as:)` does exactly this but exists only from macOS 15 / iOS 18 on, and the package
    /// supports macOS 13 / iOS 16: older systems take `repairCheckedUTF8`, which Linux tests run directly.
    @inlinable
    package static func validatedUTF8<Bytes: Collection>(_ bytes: Bytes) -> String? where Bytes.Element == UInt8 {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return String(validating: bytes, as: UTF8.self)
        }
        return repairCheckedUTF8(bytes)
    }

    /// `validatedUTF8` for systems before macOS 15 / iOS 18: `String(decoding:as:)` replaces every
    /// ill-formed sequence with U+FFFD, so the decoded text's UTF-8 equals the input exactly when the input
    /// was valid (a replacement is never the bytes it replaced: those were ill-formed, U+FFFD's are not).
    @inlinable
    package static func repairCheckedUTF8<Bytes: Collection>(_ bytes: Bytes) -> String? where Bytes.Element == UInt8 {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }
}
