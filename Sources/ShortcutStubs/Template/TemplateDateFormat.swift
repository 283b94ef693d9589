/// A Java `SimpleDateFormat` pattern, the common letters implemented by hand (English names, no locale):
///
/// | letter | meaning | examples |
/// | --- | --- | --- |
/// | `G` | era | `AD` |
/// | `y` | year (`yy`: two digits) | `2024`, `24` |
/// | `M`, `L` | month (`MMM`: short name, `MMMM`: full name) | `3`, `03`, `Mar`, `March` |
/// | `d` | day of month | `5`, `05` |
/// | `D` | day of year | `65`, `065` |
/// | `E` | day name (`EEEE`: full) | `Tue`, `Tuesday` |
/// | `u` | day number of week (1 = Monday) | `2` |
/// | `a` | AM / PM | `PM` |
/// | `H` `k` `K` `h` | hour 0–23, 1–24, 0–11, 1–12 | `13`, `1` |
/// | `m` `s` `S` | minute, second, millisecond | `07`, `09`, `042` |
/// | `Z` | RFC 822 offset | `+0200` |
/// | `X` `XX` `XXX` | ISO 8601 offset (`Z` for UTC) | `+02`, `+0200`, `+02:00` |
/// | `z` (`zzzz`) | zone name | `UTC`, `GMT+02:00` (`Coordinated Universal Time`) |
/// | `'text'`, `''` | literal text, a quote | `'T'` |
///
/// Other ASCII letters are refused (Java refuses unknown ones too; the week-based `Y`, `w`, `W`, `F` need
/// locale rules and are left out). Numbers pad with zeros to the letter count.
struct TemplateDateFormat {
    private enum Part {
        case literal(String)
        case field(Character, count: Int)
    }

    private let parts: [Part]

    static let supportedLetters: Set<Character> = [
        "G", "y", "M", "L", "d", "D", "E", "u", "a", "H", "k", "K", "h", "m", "s", "S", "Z", "X", "z",
    ]

    init(_ pattern: String) throws(TemplateError) {
        var parts: [Part] = []
        var literal = ""
        let characters = Array(pattern)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "'" {
                if index + 1 < characters.count, characters[index + 1] == "'" {
                    literal.append("'")
                    index += 2
                    continue
                }
                // Quoted text up to the next lone quote; `''` inside it is a quote.
                index += 1
                var closed = false
                while index < characters.count {
                    if characters[index] == "'" {
                        if index + 1 < characters.count, characters[index + 1] == "'" {
                            literal.append("'")
                            index += 2
                            continue
                        }
                        closed = true
                        index += 1
                        break
                    }
                    literal.append(characters[index])
                    index += 1
                }
                guard closed else { throw TemplateError("date format '\(pattern)' has an unterminated quote") }
            } else if character.isASCII, character.isLetter {
                guard Self.supportedLetters.contains(character) else {
                    throw TemplateError("date format '\(pattern)' uses '\(character)', which is not supported")
                }
                var count = 1
                while index + count < characters.count, characters[index + count] == character { count += 1 }
                if character == "X", count > 3 {
                    throw TemplateError("date format '\(pattern)' has \(count) 'X'; ISO offsets take 1 to 3")
                }
                if !literal.isEmpty {
                    parts.append(.literal(literal))
                    literal = ""
                }
                parts.append(.field(character, count: count))
                index += count
            } else {
                literal.append(character)
                index += 1
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        self.parts = parts
    }

    /// The instant `milliseconds` since the epoch, written in `zone`.
    func format(milliseconds: Int64, zone: TemplateTimeZone) -> String {
        let time = TemplateCivilTime(milliseconds: milliseconds, offsetSeconds: zone.offsetSeconds)
        var out = ""
        for part in parts {
            switch part {
            case .literal(let text): out += text
            case .field(let letter, let count): out += Self.field(letter, count, time, zone)
            }
        }
        return out
    }

    private static func field(_ letter: Character, _ count: Int, _ time: TemplateCivilTime, _ zone: TemplateTimeZone) -> String {
        switch letter {
        case "G": return time.year > 0 ? "AD" : "BC"
        case "y": return count == 2 ? padded(abs(time.year) % 100, 2) : padded(time.year, count)
        case "M", "L":
            if count >= 4 { return monthNames[time.month - 1] }
            if count == 3 { return String(monthNames[time.month - 1].prefix(3)) }
            return padded(time.month, count)
        case "d": return padded(time.day, count)
        case "D": return padded(time.dayOfYear, count)
        case "E": return count >= 4 ? dayNames[time.weekday] : String(dayNames[time.weekday].prefix(3))
        case "u": return padded(time.weekday == 0 ? 7 : time.weekday, count)
        case "a": return time.hour < 12 ? "AM" : "PM"
        case "H": return padded(time.hour, count)
        case "k": return padded(time.hour == 0 ? 24 : time.hour, count)
        case "K": return padded(time.hour % 12, count)
        case "h": return padded(time.hour % 12 == 0 ? 12 : time.hour % 12, count)
        case "m": return padded(time.minute, count)
        case "s": return padded(time.second, count)
        case "S": return padded(time.millisecond, count)
        case "Z": return TemplateTimeZone.offsetText(zone.offsetSeconds, separator: "")
        case "X":
            if zone.offsetSeconds == 0 { return "Z" }
            let full = TemplateTimeZone.offsetText(zone.offsetSeconds, separator: count == 3 ? ":" : "")
            return count == 1 ? String(full.prefix(3)) : full
        case "z": return count >= 4 ? zone.longName : zone.shortName
        default: return ""
        }
    }

    /// `value` in decimal, zero-padded to `width` digits (a minus sign comes first).
    static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(abs(value))
        let padding = String(repeating: "0", count: max(0, width - digits.count))
        return (value < 0 ? "-" : "") + padding + digits
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]
    private static let dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
}
