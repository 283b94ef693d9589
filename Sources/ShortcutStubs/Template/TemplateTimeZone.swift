/// A `timezone=` for `now`: UTC or a fixed offset. WireMock takes any Java `ZoneId`; named regions
/// (`Australia/Sydney`) need the tz database, which this binary does not carry, so they are refused by name.
struct TemplateTimeZone: Equatable {
    /// Seconds east of UTC.
    var offsetSeconds: Int
    /// What `z` writes (`UTC`, `GMT`, `GMT+02:00`), as Java's `TimeZone` names a `ZoneId` of that form.
    var shortName: String
    /// What `zzzz` writes.
    var longName: String

    static let utc = TemplateTimeZone(offsetSeconds: 0, shortName: "UTC", longName: "Coordinated Universal Time")

    /// `UTC`, `GMT`, `UT`, `Z`; an offset `+h`, `+hh`, `+hh:mm`, `+hhmm` (or `-`); or one of the prefixes
    /// `UTC` / `GMT` / `UT` followed by such an offset (`GMT+2`, `UTC-05:30`), as `ZoneId.of` reads them.
    static func parse(_ text: String) throws(TemplateError) -> TemplateTimeZone {
        let gmt = TemplateTimeZone(offsetSeconds: 0, shortName: "GMT", longName: "Greenwich Mean Time")
        switch text {
        case "UTC", "Z", "UT", "Etc/UTC": return .utc
        case "GMT", "Etc/GMT": return gmt
        default: break
        }
        var rest = Substring(text)
        var prefix = ""
        for candidate in ["UTC", "GMT", "UT"] where rest.hasPrefix(candidate) {
            prefix = candidate
            rest = rest.dropFirst(candidate.count)
            break
        }
        guard let offset = parseOffset(rest) else {
            throw TemplateError(
                "timezone '\(text)' is not supported: use UTC, GMT or a fixed offset such as 'GMT+2' or '+05:30' "
                    + "(named zones need the tz database)")
        }
        if offset == 0 { return prefix == "GMT" ? gmt : .utc }
        let name = "GMT" + offsetText(offset, separator: ":")
        return TemplateTimeZone(offsetSeconds: offset, shortName: name, longName: name)
    }

    /// `+h`, `+hh`, `+hh:mm`, `+hhmm` within ±18:00, or nil.
    private static func parseOffset(_ text: Substring) -> Int? {
        guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
        let body = text.dropFirst()
        var hours: Int?
        var minutes = 0
        let digits = body.allSatisfy { $0.isASCII && $0.isNumber }
        switch body.count {
        case 1...2 where digits: hours = Int(body)
        case 4 where digits:
            hours = Int(body.prefix(2))
            minutes = Int(body.suffix(2)) ?? 60
        case 5 where body[body.index(body.startIndex, offsetBy: 2)] == ":":
            let hourText = body.prefix(2)
            let minuteText = body.suffix(2)
            guard hourText.allSatisfy({ $0.isASCII && $0.isNumber }), minuteText.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                return nil
            }
            hours = Int(hourText)
            minutes = Int(minuteText) ?? 60
        default: return nil
        }
        guard let hours, hours <= 18, minutes < 60, hours * 60 + minutes <= 18 * 60 else { return nil }
        let seconds = (hours * 60 + minutes) * 60
        return sign == "-" ? -seconds : seconds
    }

    /// `+02:00` / `+0200` style text of an offset in seconds.
    static func offsetText(_ offsetSeconds: Int, separator: String) -> String {
        let sign = offsetSeconds < 0 ? "-" : "+"
        let minutes = abs(offsetSeconds) / 60
        return sign + TemplateDateFormat.padded(minutes / 60, 2) + separator + TemplateDateFormat.padded(minutes % 60, 2)
    }
}
