/// Recognises Java's `ISO_OFFSET_DATE_TIME` (`2024-05-01T10:00Z`, `2024-05-01T10:00:00.123+02:00`), which
/// WireMock's query decoding leaves undecoded. Fields are range-checked as Java's parser does (month 1-12,
/// day 1-31, hour 0-23, minute and second 0-59, offset up to 18 hours).
enum ISODateTime {
    static func isOffsetDateTime(_ text: Substring.UTF8View) -> Bool {
        var scanner = Scanner(bytes: Array(text))
        guard let year = scanner.number(4), year >= 0, scanner.take("-"), let month = scanner.number(2), (1...12).contains(month),
            scanner.take("-"), let day = scanner.number(2), (1...31).contains(day), scanner.take("T") || scanner.take("t"),
            let hour = scanner.number(2), hour < 24, scanner.take(":"), let minute = scanner.number(2), minute < 60
        else { return false }
        if scanner.take(":") {
            guard let second = scanner.number(2), second < 60 else { return false }
            if scanner.take(".") {
                let digits = scanner.digits(max: 9)
                guard digits > 0 else { return false }
            }
        }
        if scanner.take("Z") || scanner.take("z") { return scanner.atEnd }
        guard scanner.take("+") || scanner.take("-"), let offsetHours = scanner.number(2), offsetHours <= 18 else { return false }
        guard scanner.take(":"), let offsetMinutes = scanner.number(2), offsetMinutes < 60 else { return false }
        if scanner.take(":") {
            guard let offsetSeconds = scanner.number(2), offsetSeconds < 60 else { return false }
        }
        return scanner.atEnd
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }

        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        /// Exactly `count` digits as a number.
        mutating func number(_ count: Int) -> Int? {
            guard bytes.count - index >= count else { return nil }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += count
            return value
        }

        /// Up to `max` digits; how many were taken.
        mutating func digits(max: Int) -> Int {
            var taken = 0
            while taken < max, index < bytes.count, bytes[index] >= 0x30 && bytes[index] <= 0x39 {
                index += 1
                taken += 1
            }
            return taken
        }
    }
}
