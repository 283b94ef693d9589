/// Character classes of RFC 9110 §5.6: the one definition of each, used by the parser, the router, the
/// response writer and the store (which must refuse what the writer could not send).
@usableFromInline package enum HTTPSyntax {
    /// tchar: "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA.
    @inlinable
    package static func isTokenByte(_ byte: UInt8) -> Bool { isMember(byte, low: 0x03FF_6CFA_0000_0000, high: 0x57FF_FFFF_C7FF_FFFE) }

    /// Whether `byte` is in the ASCII set given as a bitmap (`low`: bytes 0–63, `high`: 64–127). Constants in
    /// the code, not a table in a global: the parser asks for every byte, and a global costs a
    /// once-check per access.
    @inlinable
    package static func isMember(_ byte: UInt8, low: UInt64, high: UInt64) -> Bool {
        byte < 64 ? low >> byte & 1 == 1 : byte < 128 ? high >> (byte &- 64) & 1 == 1 : false
    }

    /// Whether `byte` may stand in a field value: VCHAR, SP, HTAB or obs-text (RFC 9110 §5.5).
    @inlinable
    package static func isFieldValueByte(_ byte: UInt8) -> Bool { byte == 0x09 || (byte >= 0x20 && byte != 0x7F) }

    /// Whether `byte` may stand in a request-target: visible ASCII (RFC 9112 §3.2, RFC 3986).
    @inlinable
    package static func isTargetByte(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }
}
