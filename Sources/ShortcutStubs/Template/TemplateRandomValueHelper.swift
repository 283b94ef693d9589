/// `{{randomValue length=… type='…' uppercase=…}}`, as WireMock's `HandlebarsRandomValuesHelper`:
/// `length` defaults to 36, `type` to `ALPHANUMERIC`, and the result is lower-cased unless `uppercase=true`
/// (WireMock lower-cases every type, so `ALPHANUMERIC` yields `[a-z0-9]`).
///
/// | type | characters (lower / upper) |
/// | --- | --- |
/// | `ALPHANUMERIC` | `a-z0-9` / `A-Z0-9` |
/// | `ALPHABETIC` | `a-z` / `A-Z` |
/// | `NUMERIC` | `0-9` |
/// | `ALPHANUMERIC_AND_SYMBOLS` | ASCII `!` (33) to `}` (125), without `A-Z` / without `a-z` |
/// | `HEXADECIMAL` | `0-9a-f` / `0-9A-F` |
/// | `UUID` | a version 4 UUID, `length` ignored |
///
/// Characters are drawn uniformly from the set (WireMock draws before lower-casing, so its letters come up
/// a little more often than its digits). An unknown type is refused (WireMock falls back to printable ASCII).
enum TemplateRandomValueHelper {
    enum Kind: String, CaseIterable {
        case alphanumeric = "ALPHANUMERIC"
        case alphabetic = "ALPHABETIC"
        case numeric = "NUMERIC"
        case alphanumericAndSymbols = "ALPHANUMERIC_AND_SYMBOLS"
        case hexadecimal = "HEXADECIMAL"
        case uuid = "UUID"

        /// The bytes a character is drawn from.
        func alphabet(uppercase: Bool) -> [UInt8] {
            let digits = Array(UInt8(ascii: "0")...UInt8(ascii: "9"))
            let lower = Array(UInt8(ascii: "a")...UInt8(ascii: "z"))
            let upper = Array(UInt8(ascii: "A")...UInt8(ascii: "Z"))
            let letters = uppercase ? upper : lower
            switch self {
            case .alphanumeric: return letters + digits
            case .alphabetic: return letters
            case .numeric: return digits
            case .alphanumericAndSymbols:
                let excluded = uppercase ? lower : upper
                return (UInt8(33)...UInt8(125)).filter { !excluded.contains($0) }
            case .hexadecimal: return digits + Array(letters.prefix(6))
            case .uuid: return digits + Array(letters.prefix(6))
            }
        }
    }

    static let helper = TemplateHelper(
        form: .inline, arguments: 0...0, options: ["length", "type", "uppercase"],
        check: { literals throws(TemplateError) in
            // A length given by a path is only known per request: checked then.
            let length = literals.isDynamicOption("length") ? .number(0) : literals.literalOption("length")
            _ = try Settings(
                length: length, type: literals.literalOption("type"), uppercase: literals.literalOption("uppercase"),
                limits: literals.limits)
        },
        apply: { call throws(TemplateError) in
            let settings = try Settings(
                length: call.option("length"), type: call.option("type"), uppercase: call.option("uppercase"), limits: call.limits)
            // Each character is a draw from the system's generator, a system call in production.
            try call.countWork((settings.kind == .uuid ? 32 : settings.length) * TemplateWorkCost.randomDraw)
            return .string(settings.generate { call.randomInteger(below: $0) })
        })

    struct Settings {
        var length: Int
        var kind: Kind
        var uppercase: Bool

        init(length: TemplateValue?, type: TemplateValue?, uppercase: TemplateValue?, limits: TemplateLimits) throws(TemplateError) {
            switch length {
            case nil, .null?:
                self.length = 36
            case .number(let number)? where number.rounded() == number && abs(number) < 1e15:
                self.length = Int(number)
            case let value?:
                guard let parsed = Int(value.renderedText) else {
                    throw TemplateError("randomValue length must be a whole number, not '\(value.renderedText)'")
                }
                self.length = parsed
            }
            guard self.length >= 0 else { throw TemplateError("randomValue length must not be negative, got \(self.length)") }
            guard self.length <= limits.randomValueLength else {
                throw TemplateError(
                    "randomValue length is \(self.length); the limit is \(limits.randomValueLength) (TemplateLimits.randomValueLength)")
            }
            let typeName = type.map(\.renderedText) ?? "ALPHANUMERIC"
            guard let kind = Kind(rawValue: typeName) else {
                let names = Kind.allCases.map(\.rawValue).joined(separator: ", ")
                throw TemplateError("randomValue type '\(typeName)' is not one of \(names)")
            }
            self.kind = kind
            self.uppercase = uppercase?.isTruthy == true && uppercase?.renderedText != "false"
        }

        func generate(_ randomBelow: (Int) -> Int) -> String {
            let alphabet = kind.alphabet(uppercase: uppercase)
            guard kind == .uuid else {
                let bytes = (0..<length).map { _ in alphabet[randomBelow(alphabet.count)] }
                return String(decoding: bytes, as: UTF8.self)
            }
            // RFC 9562 version 4: 122 random bits, version nibble 4, variant bits 10.
            var nibbles = (0..<32).map { _ in randomBelow(16) }
            nibbles[12] = 4
            nibbles[16] = 8 | (nibbles[16] & 3)
            var out: [UInt8] = []
            for (index, nibble) in nibbles.enumerated() {
                if [8, 12, 16, 20].contains(index) { out.append(UInt8(ascii: "-")) }
                out.append(alphabet[nibble])
            }
            return String(decoding: out, as: UTF8.self)
        }
    }
}
