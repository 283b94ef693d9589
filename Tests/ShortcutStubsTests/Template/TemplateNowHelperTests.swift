import Testing

@testable import ShortcutStubs

@Suite("The now helper")
struct TemplateNowHelperTests {
    /// Renders `{{now …}}` (raw, so no character is escaped) at `instant`.
    private func now(_ options: String, at instant: Int64 = TemplateFixture.instant) throws -> String {
        try TemplateFixture.render("{{{now \(options)}}}", at: instant)
    }

    @Test(
        "each SimpleDateFormat letter at 2024-03-05T13:07:09.042Z",
        arguments: [
            ("yyyy", "2024"), ("yy", "24"), ("y", "2024"), ("yyyyy", "02024"),
            ("MM", "03"), ("M", "3"), ("MMM", "Mar"), ("MMMM", "March"), ("LL", "03"),
            ("dd", "05"), ("d", "5"), ("D", "65"), ("DDD", "065"),
            ("HH", "13"), ("H", "13"), ("hh", "01"), ("h", "1"), ("kk", "13"), ("K", "1"),
            ("mm", "07"), ("m", "7"), ("ss", "09"), ("s", "9"), ("SSS", "042"), ("S", "42"),
            ("a", "PM"), ("EEE", "Tue"), ("E", "Tue"), ("EEEE", "Tuesday"), ("u", "2"), ("G", "AD"),
            ("Z", "+0000"), ("X", "Z"), ("XX", "Z"), ("XXX", "Z"), ("z", "UTC"), ("zzzz", "Coordinated Universal Time"),
            ("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'", "2024-03-05T13:07:09.042Z"),
            ("'quoted ''text'''", "quoted 'text'"), ("''", "'"), ("dd/MM/yyyy", "05/03/2024"),
            ("EEE, dd MMM yyyy HH:mm:ss z", "Tue, 05 Mar 2024 13:07:09 UTC"),
        ])
    func formatLetter(pattern: String, expected: String) throws {
        #expect(try now("format=\"\(pattern)\"") == expected)
    }

    @Test(
        "hours around midnight and noon",
        arguments: [
            (Int64(1_709_596_800_000), "00 12 24 0 AM"),  // 2024-03-05T00:00:00Z
            (Int64(1_709_640_000_000), "12 12 12 0 PM"),  // 2024-03-05T12:00:00Z
            (Int64(1_709_683_199_000), "23 11 23 11 PM"),  // 2024-03-05T23:59:59Z
        ])
    func hours(instant: Int64, expected: String) throws {
        #expect(try now("format='HH hh k K a'", at: instant) == expected)
    }

    @Test("no format writes ISO 8601 without milliseconds, as WireMock's RenderableDate")
    func defaultFormat() throws {
        #expect(try now("") == "2024-03-05T13:07:09Z")
        #expect(try TemplateFixture.render("{{now}}") == "2024-03-05T13:07:09Z")
        #expect(try now("timezone='GMT+2'") == "2024-03-05T15:07:09+02:00")
        #expect(try now("timezone='-05:30'") == "2024-03-05T07:37:09-05:30")
    }

    @Test(
        "epoch writes milliseconds and unix seconds, after the offset",
        arguments: [
            ("format='epoch'", "1709644029042"),
            ("format='unix'", "1709644029"),
            ("format='epoch' offset='1 seconds'", "1709644030042"),
            ("format='unix' offset='-1 days'", "1709557629"),
        ])
    func epochAndUnix(options: String, expected: String) throws {
        #expect(try now(options) == expected)
    }

    @Test("unix seconds truncate toward zero before 1970, as Java's long division")
    func unixBeforeEpoch() throws {
        #expect(try now("format='unix'", at: -1) == "0")
        #expect(try now("format='epoch'", at: -1) == "-1")
        #expect(try now("format='yyyy-MM-dd HH:mm:ss.SSS'", at: -1) == "1969-12-31 23:59:59.999")
    }

    @Test(
        "offsets across month, year and leap-day boundaries",
        arguments: [
            // From 2024-03-05T13:07:09.042Z unless an instant is given.
            ("3 days", Int64?.none, "2024-03-08T13:07:09"),
            ("-24 seconds", nil, "2024-03-05T13:06:45"),
            ("10 minutes", nil, "2024-03-05T13:17:09"),
            ("-1 hours", nil, "2024-03-05T12:07:09"),
            ("+1 years", nil, "2025-03-05T13:07:09"),
            ("now +5 years", nil, "2029-03-05T13:07:09"),
            ("now -2 months", nil, "2024-01-05T13:07:09"),
            ("now", nil, "2024-03-05T13:07:09"),
            ("1 day", nil, "2024-03-06T13:07:09"),
            ("1 SECONDS", nil, "2024-03-05T13:07:10"),
            ("-5 days", nil, "2024-02-29T13:07:09"),
            ("1 days", 1_704_067_199_000, "2024-01-01T23:59:59"),  // 2023-12-31T23:59:59Z
            ("1 seconds", 1_704_067_199_000, "2024-01-01T00:00:00"),
            ("1 months", 1_706_659_200_000, "2024-02-29T00:00:00"),  // 2024-01-31 → leap February
            ("1 months", 1_675_123_200_000, "2023-02-28T00:00:00"),  // 2023-01-31 → February
            ("-1 months", 1_706_659_200_000, "2023-12-31T00:00:00"),
            ("13 months", 1_706_659_200_000, "2025-02-28T00:00:00"),
            ("1 years", 1_709_208_000_000, "2025-02-28T12:00:00"),  // 2024-02-29 → no leap day
            ("4 years", 1_709_208_000_000, "2028-02-29T12:00:00"),
            ("100 years", 951_782_400_000, "2100-02-28T00:00:00"),  // 2000-02-29 → 2100 is not leap
            ("-100 years", 951_782_400_000, "1900-02-28T00:00:00"),
            ("1 days", 1_735_603_200_000, "2025-01-01T00:00:00"),  // 2024-12-31, day 366
        ])
    func offsets(offset: String, instant: Int64?, expected: String) throws {
        #expect(try now("offset='\(offset)' format=\"yyyy-MM-dd'T'HH:mm:ss\"", at: instant ?? TemplateFixture.instant) == expected)
    }

    @Test(
        "time zones: UTC names and fixed offsets",
        arguments: [
            ("UTC", "13:07 +0000 Z Z Z UTC"),
            ("Z", "13:07 +0000 Z Z Z UTC"),
            ("GMT", "13:07 +0000 Z Z Z GMT"),
            ("GMT+2", "15:07 +0200 +02 +0200 +02:00 GMT+02:00"),
            ("UTC-05:30", "07:37 -0530 -05 -0530 -05:30 GMT-05:30"),
            ("+0545", "18:52 +0545 +05 +0545 +05:45 GMT+05:45"),
            ("-8", "05:07 -0800 -08 -0800 -08:00 GMT-08:00"),
        ])
    func timeZones(zone: String, expected: String) throws {
        #expect(try now("timezone='\(zone)' format='HH:mm Z X XX XXX z'") == expected)
    }

    @Test("a zone shift can change the date")
    func zoneChangesDate() throws {
        #expect(try now("timezone='+14:00' format='yyyy-MM-dd EEE'", at: 1_704_067_199_000) == "2024-01-01 Mon")
        #expect(try now("timezone='-12' format='yyyy-MM-dd EEE'", at: 1_704_067_200_000) == "2023-12-31 Sun")
    }

    @Test("every now in one rendering reads the clock once")
    func oneInstantPerRendering() throws {
        struct CountingClock: TemplateClock {
            let counter = Counter()
            func millisecondsSinceEpoch() -> Int64 { counter.next() }
        }
        final class Counter: @unchecked Sendable {
            // Confined to the test's own thread.
            var value: Int64 = 0
            func next() -> Int64 {
                value += 1000
                return value
            }
        }
        let template = try ResponseTemplate("{{now format='epoch'}} {{now format='epoch'}}")
        var random = SeededRandom()
        let clock = CountingClock()
        #expect(try template.render(.null, clock: clock, random: &random) == "1000 1000")
        #expect(try template.render(.null, clock: clock, random: &random) == "2000 2000")
    }

    @Test("format, offset and timezone may come from the request")
    func optionsFromPaths() throws {
        let context: TemplateValue = ["f": "yyyy", "o": "1 years", "z": "GMT+1"]
        #expect(try TemplateFixture.render("{{now format=f offset=o timezone=z}}", context: context) == "2025")
        let bad: TemplateValue = ["f": "yyyy-QQ"]
        #expect(
            TemplateFixture.error("{{now format=f}}", context: bad)?.description
                == "template line 1, column 3: now: date format 'yyyy-QQ' uses 'Q', which is not supported")
    }

    @Test(
        "bad literal options are refused when compiling",
        arguments: [
            ("format='yyyy-QQ'", "now: date format 'yyyy-QQ' uses 'Q', which is not supported"),
            ("format='ww'", "now: date format 'ww' uses 'w', which is not supported"),
            ("format=\"'open\"", "now: date format ''open' has an unterminated quote"),
            ("format='XXXX'", "now: date format 'XXXX' has 4 'X'; ISO offsets take 1 to 3"),
            ("offset='3 dayz'", "now: offset '3 dayz': unknown unit 'dayz' (units: seconds, minutes, hours, days, months, years)"),
            ("offset='three days'", "now: offset 'three days': 'three' is not a whole number"),
            ("offset='3'", "now: offset '3' is not '<amount> <unit>' (e.g. '3 days') or 'now +<amount> <unit>'"),
            ("offset='99999999999 days'", "now: offset '99999999999 days': '99999999999' is not a whole number"),
            (
                "timezone='Australia/Sydney'",
                "now: timezone 'Australia/Sydney' is not supported: use UTC, GMT or a fixed offset such as 'GMT+2' or '+05:30' "
                    + "(named zones need the tz database)"
            ),
            (
                "timezone='+19'",
                "now: timezone '+19' is not supported: use UTC, GMT or a fixed offset such as 'GMT+2' or '+05:30' "
                    + "(named zones need the tz database)"
            ),
            ("fromat='yyyy'", "'now' has no option 'fromat' (it takes format, offset, timezone)"),
        ])
    func refusedOptions(options: String, reason: String) {
        let error = TemplateFixture.error("{{now \(options)}}")
        #expect(error?.reason == reason)
        #expect(error?.position?.column == 3)
    }

    @Test("a clock at either end of Int64 renders without trapping")
    func extremeInstants() throws {
        #expect(try now("format='epoch' timezone='+18'", at: .max) == "9223372036854775807")
        #expect(try now("format='yyyy' timezone='-18'", at: .min).hasPrefix("-"))
        #expect(try now("timezone='+18'", at: .max).hasSuffix("+18:00"))
    }

    @Test("an offset past the representable years is refused when rendering")
    func offsetOutOfRange() {
        #expect(
            TemplateFixture.error("{{now offset='2000000000 years'}}")?.reason
                == "now: offset '2000000000 years' moves the date out of range")
        #expect(TemplateFixture.error("{{now offset='2000000000 days'}}") == nil)
    }

    @Test(
        "civil dates round-trip through days since the epoch",
        arguments: [
            (1970, 1, 1, Int64(0)), (1969, 12, 31, -1), (2000, 2, 29, 11_016), (2024, 3, 5, 19_787), (1900, 3, 1, -25_508),
            (1600, 2, 29, -135_081), (-1, 12, 31, -719_529),
        ])
    func civilDays(year: Int, month: Int, day: Int, days: Int64) {
        #expect(TemplateCivilTime.days(fromCivil: year, month, day) == days)
        #expect(TemplateCivilTime.civil(fromDays: days) == (year, month, day))
    }
}
