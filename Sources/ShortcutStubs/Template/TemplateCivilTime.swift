/// A proleptic Gregorian date and time of day, computed from epoch milliseconds and back with Howard
/// Hinnant's `days_from_civil` / `civil_from_days` (no calendar library, no ICU).
struct TemplateCivilTime: Equatable {
    var year: Int
    /// 1…12.
    var month: Int
    /// 1…31.
    var day: Int
    var hour: Int
    var minute: Int
    var second: Int
    var millisecond: Int

    static let millisecondsPerDay: Int64 = 86_400_000

    /// The civil time at `milliseconds` since the epoch, seen `offsetSeconds` east of UTC.
    init(milliseconds: Int64, offsetSeconds: Int = 0) {
        // An instant at the very ends of Int64 (only a test clock gives one) keeps UTC rather than trap.
        let (local, overflow) = milliseconds.addingReportingOverflow(Int64(offsetSeconds) * 1000)
        let shifted = overflow ? milliseconds : local
        let days = Self.floorDivide(shifted, Self.millisecondsPerDay)
        let remainder = shifted % Self.millisecondsPerDay
        let inDay = Int(remainder < 0 ? remainder + Self.millisecondsPerDay : remainder)
        (year, month, day) = Self.civil(fromDays: days)
        hour = inDay / 3_600_000
        minute = inDay / 60_000 % 60
        second = inDay / 1000 % 60
        millisecond = inDay % 1000
    }

    init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, millisecond: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.millisecond = millisecond
    }

    /// Milliseconds since the epoch; nil when that does not fit in 64 bits.
    var milliseconds: Int64? {
        let days = Self.days(fromCivil: year, month, day)
        let (dayPart, overflow) = days.multipliedReportingOverflow(by: Self.millisecondsPerDay)
        guard !overflow else { return nil }
        let inDay = Int64(((hour * 60 + minute) * 60 + second) * 1000 + millisecond)
        let (total, overflowAdding) = dayPart.addingReportingOverflow(inDay)
        return overflowAdding ? nil : total
    }

    /// 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday).
    var weekday: Int {
        let days = Self.days(fromCivil: year, month, day)
        return Int(((days % 7) + 11) % 7)
    }

    /// 1…366.
    var dayOfYear: Int {
        Int(Self.days(fromCivil: year, month, day) - Self.days(fromCivil: year, 1, 1)) + 1
    }

    static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysInMonth(_ year: Int, _ month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a civil date (month 1…12).
    static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date `days` after 1970-01-01.
    static func civil(fromDays days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }

    static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        let quotient = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
    }
}
