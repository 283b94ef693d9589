#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `Date` header field (IMF-fixdate, RFC 9110 §5.6.7), formatted once per second and reused.
struct HTTPDate {
    private var second: time_t = -1
    private var cached: [UInt8] = []

    /// `Date: Sun, 06 Nov 1994 08:49:37 GMT` and CRLF for the current second: the whole field line, so the
    /// writer appends it in one piece.
    mutating func now() -> [UInt8] {
        let current = time(nil)
        if current != second {
            second = current
            cached = Array("Date: ".utf8) + HTTPDate.format(current) + [0x0D, 0x0A]
        }
        return cached
    }

    static func format(_ seconds: time_t) -> [UInt8] {
        var value = seconds
        var parts = tm()
        gmtime_r(&value, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ number: Int32) -> String { number < 10 ? "0\(number)" : "\(number)" }
        let text = "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
        return Array(text.utf8)
    }
}
