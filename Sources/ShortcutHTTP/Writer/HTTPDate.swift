import ShortcutPlatform

/// The `Date` header field (IMF-fixdate, RFC 9110 §5.6.7), formatted once per second and reused.
struct HTTPDate {
    private var second = -1
    private var cached: [UInt8] = []

    /// `Date: Sun, 06 Nov 1994 08:49:37 GMT` and CRLF for the current second: the whole field line, so the
    /// writer appends it in one piece.
    mutating func now() -> [UInt8] {
        let current = Platform.secondsSince1970()
        if current != second {
            second = current
            cached = Array("Date: ".utf8) + HTTPDate.format(current) + [0x0D, 0x0A]
        }
        return cached
    }

    static func format(_ seconds: Int) -> [UInt8] {
        let parts = Platform.utcTime(seconds)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        let text =
            "\(days[parts.weekday]), \(two(parts.day)) \(months[parts.month - 1]) \(parts.year) "
            + "\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second)) GMT"
        return Array(text.utf8)
    }
}
