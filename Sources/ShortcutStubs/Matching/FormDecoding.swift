/// `application/x-www-form-urlencoded` decoding, as WireMock reads query strings and form bodies with Java's
/// `URLDecoder`: pairs split on `&`, name and value on the first `=`, `+` is a space, `%XX` a byte (UTF-8).
///
/// Two WireMock details kept: a value that reads as an ISO offset date-time (`2024-05-01T10:00:00+02:00`) is
/// left undecoded, so its `+` survives; and an element without `=` is a name with an empty value. A
/// malformed escape, where Java throws, is kept as written.
package enum FormDecoding {
    /// The pairs of a raw query string or form body, in order (empty elements skipped).
    package static func pairs(_ raw: Substring) -> [NamedValue] {
        raw.split(separator: "&").map { element in
            guard let equals = element.firstIndex(of: "=") else { return NamedValue(decode(element), "") }
            return NamedValue(decode(element[..<equals]), decode(element[element.index(after: equals)...]))
        }
    }

    /// One decoded component.
    package static func decode(_ text: Substring) -> String {
        if ISODateTime.isOffsetDateTime(text.utf8) { return String(text) }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "+") {
                out.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2])
            {
                out.append(high << 4 | low)
                index += 3
                continue
            } else {
                out.append(byte)
            }
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
