/// The `host [":" port]` a request is addressed to (RFC 9110 §7.2, RFC 3986 §3.2.2–3.2.3), parsed strictly:
/// a host is a reg-name, an IPv4 address or an IP-literal (`[IPv6]`, `[IPv6%25zone]` per RFC 6874, or
/// `[vX.…]`), and a port is digits up to 65535. Nothing may follow: `[::1]evil.example`,
/// `localhost:80,evil.example` and `[localhost]` are not authorities.
///
/// The parser refuses a `Host` field or an absolute-form target whose authority does not parse (400);
/// handlers read `HTTPRequest.authority` and parse it with `init(parsing:)` to compare names.
import HTTPVocabulary

package struct HTTPAuthority: Sendable, Equatable {
    /// What kind of host it is.
    package enum Kind: Sendable, Equatable {
        /// A reg-name such as `localhost` or `example.com` (which DNS may resolve to anything).
        case name
        /// A dotted-decimal IPv4 address such as `127.0.0.1`.
        case ipv4
        /// An IP-literal, IPv6 or IPvFuture (`host` is written without its brackets).
        case ipLiteral
    }

    /// The host as received, without the brackets of an IP-literal; empty for an empty `Host`.
    package let host: String
    /// The kind of `host`.
    package let kind: Kind
    /// The port, or nil when there is none (or only its `:`, which RFC 3986 allows).
    package let port: Int?

    /// Why a text is not an authority: one line, naming the part at fault.
    package struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The reason, e.g. `text after the IP-literal: 'evil.example'`.
        package let reason: String
        /// The reason.
        package var description: String { reason }
    }

    /// Makes an authority from its parts, as given.
    package init(host: String, kind: Kind, port: Int?) {
        self.host = host
        self.kind = kind
        self.port = port
    }

    /// Parses `text`, or throws why it is not an authority.
    package init(parsing text: some StringProtocol) throws(Failure) {
        let bytes = Array(text.utf8)
        let outcome = bytes.withUnsafeBytes { buffer in Result { () throws(Failure) in try HTTPAuthority.parse(buffer) } }
        let parsed = try outcome.get()
        host = String(decoding: bytes[parsed.host], as: UTF8.self)
        kind = parsed.kind
        port = parsed.port
    }

    /// The host's byte range, kind and port in `bytes`, or why they are not an authority.
    static func parse(_ bytes: UnsafeRawBufferPointer) throws(Failure) -> (host: Range<Int>, kind: Kind, port: Int?) {
        let (host, isLiteral, port) = try check(bytes)
        let kind: Kind = isLiteral ? .ipLiteral : isIPv4(UnsafeRawBufferPointer(rebasing: bytes[host])) ? .ipv4 : .name
        return (host, kind, port)
    }

    /// The host's byte range, whether it is an IP-literal, and the port in `bytes`, or why they are not an
    /// authority: `parse` without telling a name from an IPv4 address, for the parser's check of every
    /// request's `Host`, which needs only to know it is one.
    static func check(_ bytes: UnsafeRawBufferPointer) throws(Failure) -> (host: Range<Int>, isLiteral: Bool, port: Int?) {
        var index = 0
        let host: Range<Int>
        let isLiteral = bytes.first == UInt8(ascii: "[")
        if isLiteral {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")) else {
                throw Failure(reason: "no ']' closes the IP-literal")
            }
            host = 1..<close
            try checkIPLiteral(UnsafeRawBufferPointer(rebasing: bytes[host]))
            index = close + 1
            if index < bytes.count && bytes[index] != UInt8(ascii: ":") {
                throw Failure(reason: "text after the IP-literal: '\(shown(bytes[index...]))'")
            }
        } else {
            // One pass finds the ":" and sees whether every byte may stand in a reg-name as it is; only a
            // host with a "%" escape or a bad byte goes through `checkRegName` (Host is parsed per request).
            var plain = true
            while index < bytes.count && bytes[index] != UInt8(ascii: ":") {
                plain = plain && isUnreservedOrSubDelim(bytes[index])
                index += 1
            }
            host = 0..<index
            let name = UnsafeRawBufferPointer(rebasing: bytes[host])
            if !plain { try checkRegName(name) }
        }
        guard index < bytes.count else { return (host, isLiteral, nil) }
        // bytes[index] is the ":" before the port. One loop over the digits (a slice's `allSatisfy` and a
        // second loop cost ~60 instructions more, on every request's Host: callgrind); a byte that is not a
        // digit is reported before a port that is too large, wherever each is.
        guard !host.isEmpty else { throw Failure(reason: "no host before the port") }
        var port = 0
        var position = index + 1
        while position < bytes.count {
            let digit = bytes[position] &- UInt8(ascii: "0")
            guard digit <= 9 else { throw Failure(reason: "port '\(shown(bytes[(index + 1)...]))' is not digits") }
            port = min(port * 10 + Int(digit), 65536)
            position += 1
        }
        guard position > index + 1 else { return (host, isLiteral, nil) }
        guard port <= 65535 else { throw Failure(reason: "port '\(shown(bytes[(index + 1)...]))' is above 65535") }
        return (host, isLiteral, port)
    }

    /// reg-name = *( unreserved / pct-encoded / sub-delims ); with `zone`, RFC 6874's ZoneID =
    /// 1*( unreserved / pct-encoded ).
    static func checkRegName(_ name: UnsafeRawBufferPointer, zone: Bool = false) throws(Failure) {
        var index = 0
        while index < name.count {
            let byte = name[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < name.count, isHex(name[index + 1]), isHex(name[index + 2]) else {
                    throw Failure(reason: "'%' in the host is not followed by two hex digits")
                }
                index += 3
                continue
            }
            guard isUnreservedOrSubDelim(byte), !zone || !isSubDelim(byte) else {
                let shownByte =
                    byte > 0x20 && byte < 0x7F ? "'\(Unicode.Scalar(byte))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
                throw Failure(reason: "\(shownByte) cannot stand in a host name")
            }
            index += 1
        }
    }

    /// IPv6address [ "%25" ZoneID ] (RFC 6874), or IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ).
    static func checkIPLiteral(_ text: UnsafeRawBufferPointer) throws(Failure) {
        if let first = text.first, first | 0x20 == UInt8(ascii: "v") {
            guard let dot = text.firstIndex(of: UInt8(ascii: ".")), dot > 1, dot + 1 < text.count,
                text[1..<dot].allSatisfy(isHex),
                text[(dot + 1)...].allSatisfy({ isUnreservedOrSubDelim($0) || $0 == UInt8(ascii: ":") })
            else { throw Failure(reason: "'[\(shown(text[...]))]' is not an IPv6 address or IPvFuture") }
            return
        }
        let failure = Failure(reason: "'[\(shown(text[...]))]' is not an IPv6 address")
        var address = text[...]
        if let percent = text.firstIndex(of: UInt8(ascii: "%")) {
            // RFC 6874: the zone's "%" is itself percent-encoded.
            let zone = text[percent...]
            guard zone.starts(with: "%25".utf8), zone.count > 3 else { throw failure }
            do {
                try checkRegName(UnsafeRawBufferPointer(rebasing: zone.dropFirst(3)), zone: true)
            } catch {
                throw failure
            }
            address = text[..<percent]
        }
        guard isIPv6(address) else { throw failure }
    }

    /// IPv6address (RFC 3986 §3.2.2): eight groups of 1–4 hex digits, the last two of which may be an
    /// IPv4 address, or fewer around one "::" that stands for one or more groups of zeros.
    static func isIPv6(_ text: Slice<UnsafeRawBufferPointer>) -> Bool {
        let colon = UInt8(ascii: ":")
        var gap: Int?
        var index = text.startIndex
        while index + 1 < text.endIndex {
            if text[index] == colon && text[index + 1] == colon {
                gap = index
                break
            }
            index += 1
        }
        guard let gap else { return groups(in: text, mayEndInIPv4: true) == 8 }
        guard let before = groups(in: text[text.startIndex..<gap], mayEndInIPv4: false),
            let after = groups(in: text[(gap + 2)..<text.endIndex], mayEndInIPv4: true)
        else { return false }
        return before + after <= 7
    }

    /// The number of groups in `part`, a run of `h16 *( ":" h16 )` (perhaps ending in an IPv4 address,
    /// which counts two) with no "::", or nil when it is malformed. Scanned in place: Host is parsed on
    /// every request.
    static func groups(in part: Slice<UnsafeRawBufferPointer>, mayEndInIPv4: Bool) -> Int? {
        guard !part.isEmpty else { return 0 }
        var count = 0
        var start = part.startIndex
        while true {
            var end = start
            while end < part.endIndex && part[end] != UInt8(ascii: ":") { end += 1 }
            let piece = part[start..<end]
            if end == part.endIndex, mayEndInIPv4, piece.contains(UInt8(ascii: ".")) {
                return isIPv4(UnsafeRawBufferPointer(rebasing: piece)) ? count + 2 : nil
            }
            guard (1...4).contains(piece.count), piece.allSatisfy(isHex) else { return nil }
            count += 1
            guard end < part.endIndex else { return count }
            start = end + 1
        }
    }

    /// IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet, each 0–255 without leading zeros.
    static func isIPv4(_ text: UnsafeRawBufferPointer) -> Bool {
        var dots = 0
        var digits = 0
        var value = 0
        for byte in text {
            if byte == UInt8(ascii: ".") {
                guard digits > 0 else { return false }
                dots += 1
                digits = 0
                value = 0
            } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                // A second digit after a leading "0" is a leading zero.
                guard !(digits == 1 && value == 0) else { return false }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
                guard value <= 255 else { return false }
            } else {
                return false
            }
        }
        return dots == 3 && digits > 0
    }

    static func isHex(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }

    /// unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"; sub-delims = "!" / "$" / "&" / "'" / "(" / ")" /
    /// "*" / "+" / "," / ";" / "=" (RFC 3986 §2.2–2.3).
    static func isUnreservedOrSubDelim(_ byte: UInt8) -> Bool {
        HTTPSyntax.isMember(byte, low: 0x2BFF_7FD2_0000_0000, high: 0x47FF_FFFE_87FF_FFFE)
    }

    static func isSubDelim(_ byte: UInt8) -> Bool { "!$&'()*+,;=".utf8.contains(byte) }

    /// Up to 64 bytes of `bytes` as text, for a reason.
    static func shown(_ bytes: Slice<UnsafeRawBufferPointer>) -> String {
        String(decoding: bytes.prefix(64), as: UTF8.self) + (bytes.count > 64 ? "…" : "")
    }
}
