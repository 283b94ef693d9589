import Testing

@testable import ShortcutStubs

@Suite("Levenshtein, substring search, base64, ids")
struct TextAlgorithmsTests {
    @Test(
        arguments: [
            ("kitten", "sitting", 3.0 / 7),
            ("", "", 0),
            ("abc", "", 1),
            ("/thing", "/thin", 1.0 / 6),
            ("same", "same", 0),
        ] as [(String, String, Double)])
    func levenshteinIsNormalisedByTheLongerString(one: String, two: String, distance: Double) {
        #expect(Levenshtein.normalisedDistance(one, two) == distance)
    }

    @Test func levenshteinLooksAtTheFirst256Characters() {
        let long = String(repeating: "a", count: 256)
        #expect(Levenshtein.normalisedDistance(long + "b", long + "c") == 0)
        #expect(Levenshtein.normalisedDistance(String(long.dropLast()) + "b", long) == 1.0 / 256)
        #expect(Levenshtein.normalisedDistance(nil, "a") == 1)
    }

    @Test(arguments: [
        ("application/json", "json", true),
        ("aaaaaaaaab", "aaab", true),
        ("aaaaaaaaaa", "aaab", false),
        ("abcabd", "abd", true),
        ("", "a", false),
        ("x", "", true),
        ("Jürgen", "ürg", true),
    ])
    func containsSearchesBytes(haystack: String, needle: String, found: Bool) {
        #expect(ByteSearch.contains(haystack, needle) == found)
    }

    @Test(
        arguments: [
            ("", [UInt8]()),
            ("AQ==", [1]),
            ("AQ", [1]),
            ("AQI=", [1, 2]),
            ("AQID", [1, 2, 3]),
            ("aGk=", Array("hi".utf8)),
        ] as [(String, [UInt8])])
    func base64RoundTrips(text: String, bytes: [UInt8]) {
        #expect(Base64.decode(text) == bytes)
        if text.count % 4 == 0 { #expect(Base64.encode(bytes) == text) }
    }

    @Test(arguments: ["A", "AQ=", "A===", "AQ==A", "AR==", "a b=", "AQID\n"])
    func base64RefusesWhatJavaRefuses(text: String) {
        #expect(Base64.decode(text) == nil)
    }

    @Test(arguments: [
        ("8C5DB8B0-2DB4-4AD7-A99F-38C9B00DA3F7", "8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7"),
        ("8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7", "8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7"),
    ])
    func idsNormaliseToLowercase(text: String, id: String) {
        #expect(StubID.normalised(text) == id)
    }

    @Test(arguments: [
        "8c5db8b02db44ad7a99f38c9b00da3f7", "8c5db8b0-2db4-4ad7-a99f-38c9b00da3fg", "", "{8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7}",
    ])
    func idsRefuseOtherForms(text: String) {
        #expect(StubID.normalised(text) == nil)
    }
}
