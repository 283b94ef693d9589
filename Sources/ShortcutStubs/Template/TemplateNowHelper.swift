/// `{{now}}`: the rendering's instant, shifted by `offset=`, written with `format=` in `timezone=`.
///
/// - no `format`: ISO 8601 without milliseconds, `2024-03-05T13:07:09Z` (or `+02:00` in a zone), as
///   WireMock's `RenderableDate` writes it;
/// - `format='epoch'`: milliseconds since 1970; `format='unix'`: seconds;
/// - any other format: a `SimpleDateFormat` pattern (see `TemplateDateFormat`).
///
/// The default zone is UTC (WireMock uses the JVM's zone, which is UTC in its Docker image).
enum TemplateNowHelper {
    static let helper = TemplateHelper(
        form: .inline, arguments: 0...0, options: ["format", "offset", "timezone"],
        check: { literals throws(TemplateError) in
            // Literal options are checked when the stub is loaded, so a typo is a 422, not a 500 per request.
            _ = try Settings(
                format: literals.literalOption("format"), offset: literals.literalOption("offset"),
                timezone: literals.literalOption("timezone"))
        },
        apply: { call throws(TemplateError) in
            // The options are read again per call, and a pattern is formatted letter by letter.
            let optionBytes = ["format", "offset", "timezone"].reduce(0) { $0 + (call.option($1)?.renderedText.utf8.count ?? 0) }
            try call.countWork(TemplateWorkCost.dateFormatting + optionBytes * TemplateWorkCost.dateFormatByte)
            let settings = try Settings(format: call.option("format"), offset: call.option("offset"), timezone: call.option("timezone"))
            return .string(try settings.render(call.nowMilliseconds))
        })

    /// The options of one call, read and checked.
    struct Settings {
        enum Style {
            case iso
            case epoch
            case unix
            case pattern(TemplateDateFormat)
        }

        var style: Style
        var offset: TemplateDateOffset
        var offsetText: String
        var zone: TemplateTimeZone

        init(format: TemplateValue?, offset: TemplateValue?, timezone: TemplateValue?) throws(TemplateError) {
            switch Self.text(format) {
            case nil: style = .iso
            case "epoch": style = .epoch
            case "unix": style = .unix
            case let pattern?:
                do { style = .pattern(try TemplateDateFormat(pattern)) } catch { throw TemplateError("now: \(error.reason)") }
            }
            offsetText = Self.text(offset) ?? ""
            do {
                self.offset = offsetText.isEmpty ? .none : try TemplateDateOffset.parse(offsetText)
                if let name = Self.text(timezone) { zone = try TemplateTimeZone.parse(name) } else { zone = .utc }
            } catch {
                throw TemplateError("now: \(error.reason)")
            }
        }

        func render(_ now: Int64) throws(TemplateError) -> String {
            let instant: Int64
            do { instant = try offset.shift(now, text: offsetText) } catch { throw TemplateError("now: \(error.reason)") }
            switch style {
            case .epoch:
                return String(instant)
            case .unix:
                // Java's long division truncates toward zero.
                return String(instant / 1000)
            case .iso:
                let time = TemplateCivilTime(milliseconds: instant, offsetSeconds: zone.offsetSeconds)
                let date =
                    TemplateDateFormat.padded(time.year, 4) + "-" + TemplateDateFormat.padded(time.month, 2) + "-"
                    + TemplateDateFormat.padded(time.day, 2)
                let clock =
                    TemplateDateFormat.padded(time.hour, 2) + ":" + TemplateDateFormat.padded(time.minute, 2) + ":"
                    + TemplateDateFormat.padded(time.second, 2)
                let suffix = zone.offsetSeconds == 0 ? "Z" : TemplateTimeZone.offsetText(zone.offsetSeconds, separator: ":")
                return date + "T" + clock + suffix
            case .pattern(let pattern):
                return pattern.format(milliseconds: instant, zone: zone)
            }
        }

        private static func text(_ value: TemplateValue?) -> String? {
            guard let value, value != .null else { return nil }
            return value.renderedText
        }
    }
}
