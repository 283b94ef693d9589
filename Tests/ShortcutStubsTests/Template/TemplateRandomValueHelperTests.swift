import ShortcutStubs
import Testing

@Suite("The randomValue helper")
struct TemplateRandomValueHelperTests {
    private static func characters(_ text: String) -> Set<Character> { Set(text) }

    private static let lower = characters("abcdefghijklmnopqrstuvwxyz")
    private static let upper = characters("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    private static let digits = characters("0123456789")
    private static let symbols = characters("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}")

    @Test(
        "each type draws from its documented alphabet, lower-cased unless uppercase=true",
        arguments: [
            ("type='ALPHANUMERIC'", lower.union(digits)),
            ("type='ALPHANUMERIC' uppercase=true", upper.union(digits)),
            ("", lower.union(digits)),
            ("type='ALPHABETIC'", lower),
            ("type='ALPHABETIC' uppercase=true", upper),
            ("type='NUMERIC'", digits),
            ("type='NUMERIC' uppercase=true", digits),
            ("type='ALPHANUMERIC_AND_SYMBOLS'", lower.union(digits).union(symbols)),
            ("type='ALPHANUMERIC_AND_SYMBOLS' uppercase=true", upper.union(digits).union(symbols)),
            ("type='HEXADECIMAL'", characters("0123456789abcdef")),
            ("type='HEXADECIMAL' uppercase=true", characters("0123456789ABCDEF")),
        ])
    func alphabet(options: String, alphabet: Set<Character>) throws {
        let value = try TemplateFixture.render("{{{randomValue length=2000 \(options)}}}")
        #expect(value.count == 2000)
        // 2000 draws from at most 93 characters: every character of the alphabet shows up, and nothing else.
        #expect(Set(value) == alphabet)
    }

    @Test("length defaults to 36 and is honoured exactly", arguments: [0, 1, 33, 36, 10_000])
    func length(length: Int) throws {
        #expect(try TemplateFixture.render("{{randomValue length=\(length)}}").count == length)
        #expect(try TemplateFixture.render("{{randomValue}}").count == 36)
        #expect(try TemplateFixture.render("{{randomValue length='12'}}").count == 12)
        let context: TemplateValue = ["n": 7]
        #expect(try TemplateFixture.render("{{randomValue length=n}}", context: context).count == 7)
    }

    @Test("UUID is a lower-case version 4 UUID (upper-case on request), whatever the length")
    func uuid() throws {
        for seed in UInt64(1)...50 {
            let value = try TemplateFixture.render("{{randomValue type='UUID' length=3}}", seed: seed)
            let parts = value.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            #expect(parts.map(\.count) == [8, 4, 4, 4, 12])
            #expect(Set(value.replacing("-", with: "")).isSubset(of: Set("0123456789abcdef")))
            #expect(parts[2].first == "4")
            #expect("89ab".contains(parts[3].first ?? "x"))
        }
        let upper = try TemplateFixture.render("{{randomValue type='UUID' uppercase=true}}")
        #expect(upper == upper.uppercased() && upper.count == 36)
    }

    @Test("the same seed gives the same value, and the generator advances across calls")
    func deterministic() throws {
        let once = try TemplateFixture.render("{{randomValue}}|{{randomValue}}", seed: 7)
        #expect(try TemplateFixture.render("{{randomValue}}|{{randomValue}}", seed: 7) == once)
        let halves = once.split(separator: "|")
        #expect(halves.count == 2 && halves[0] != halves[1])
        #expect(try TemplateFixture.render("{{randomValue}}", seed: 8) != String(halves[0]))
    }

    @Test("the caller's generator keeps its advanced state after rendering")
    func generatorStateReturned() throws {
        let template = try ResponseTemplate("{{randomValue length=4}}")
        var random = SeededRandom(seed: 3)
        let first = try template.render(.null, clock: FixedTemplateClock(milliseconds: 0), random: &random)
        let second = try template.render(.null, clock: FixedTemplateClock(milliseconds: 0), random: &random)
        #expect(first != second)
    }

    @Test(
        "bad options are refused with the reason",
        arguments: [
            (
                "type='uuid'",
                "randomValue type 'uuid' is not one of ALPHANUMERIC, ALPHABETIC, NUMERIC, ALPHANUMERIC_AND_SYMBOLS, HEXADECIMAL, UUID"
            ),
            ("length=-1", "randomValue length must not be negative, got -1"),
            ("length=2.5", "randomValue length must be a whole number, not '2.5'"),
            ("length='ten'", "randomValue length must be a whole number, not 'ten'"),
            ("size=3", "'randomValue' has no option 'size' (it takes length, type, uppercase)"),
        ])
    func refused(options: String, reason: String) {
        #expect(TemplateFixture.error("{{randomValue \(options)}}")?.reason == reason)
    }
}
