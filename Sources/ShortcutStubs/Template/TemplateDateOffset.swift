/// `now offset='…'`, as WireMock's `DateTimeOffset` reads it: `<amount> <unit>` (`3 days`, `-24 seconds`,
/// `+1 years`), the long form `now +5 years`, or `now` alone. Units: seconds, minutes, hours, days, months,
/// years (WireMock wants the plural; the singular is accepted too). The shift is done in UTC, as WireMock
/// does whatever `timezone=` says: months and years keep the day of month, clamped to the month's last day
/// (Jan 31 + 1 month = Feb 29 in a leap year, Feb 29 + 1 year = Feb 28).
struct TemplateDateOffset: Equatable {
    enum Unit: String, CaseIterable {
        case seconds, minutes, hours, days, months, years
    }

    var amount: Int32
    var unit: Unit

    static let none = TemplateDateOffset(amount: 0, unit: .seconds)

    static func parse(_ text: String) throws(TemplateError) -> TemplateDateOffset {
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        if words.count == 1, words[0].lowercased() == "now" { return .none }
        var amountWord: Substring
        var unitWord: Substring
        switch words.count {
        case 2:
            amountWord = words[0]
            unitWord = words[1]
        case 3 where words[0].lowercased() == "now":
            amountWord = words[1]
            unitWord = words[2]
        default:
            throw TemplateError("offset '\(text)' is not '<amount> <unit>' (e.g. '3 days') or 'now +<amount> <unit>'")
        }
        if amountWord.hasPrefix("+") { amountWord = amountWord.dropFirst() }
        guard let amount = Int32(amountWord) else {
            throw TemplateError("offset '\(text)': '\(amountWord)' is not a whole number")
        }
        var unitName = unitWord.lowercased()
        if !unitName.hasSuffix("s") { unitName += "s" }
        guard let unit = Unit(rawValue: unitName) else {
            let units = Unit.allCases.map(\.rawValue).joined(separator: ", ")
            throw TemplateError("offset '\(text)': unknown unit '\(unitWord)' (units: \(units))")
        }
        return TemplateDateOffset(amount: amount, unit: unit)
    }

    /// `milliseconds` shifted; throws when the result leaves the range of representable dates.
    func shift(_ milliseconds: Int64, text: String) throws(TemplateError) -> Int64 {
        let outOfRange = TemplateError("offset '\(text)' moves the date out of range")
        let amount = Int64(amount)
        let step: Int64
        switch unit {
        case .seconds: step = 1000
        case .minutes: step = 60_000
        case .hours: step = 3_600_000
        case .days: step = TemplateCivilTime.millisecondsPerDay
        case .months, .years:
            var time = TemplateCivilTime(milliseconds: milliseconds)
            let months = Int64(time.year) * 12 + Int64(time.month - 1) + (unit == .years ? amount * 12 : amount)
            let year = TemplateCivilTime.floorDivide(months, 12)
            guard abs(year) <= 999_999 else { throw outOfRange }
            time.year = Int(year)
            time.month = Int(months - year * 12) + 1
            time.day = min(time.day, TemplateCivilTime.daysInMonth(time.year, time.month))
            guard let shifted = time.milliseconds else { throw outOfRange }
            return shifted
        }
        let (delta, overflow) = amount.multipliedReportingOverflow(by: step)
        let (shifted, overflowAdding) = milliseconds.addingReportingOverflow(delta)
        guard !overflow, !overflowAdding else { throw outOfRange }
        return shifted
    }
}
