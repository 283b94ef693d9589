import ShortcutStore
import Testing

@Suite struct PageIDTests {
    @Test(arguments: [
        ("a", true), ("my-page_01", true), ("ABC-xyz_789", true),
        (String(repeating: "a", count: 64), true), (String(repeating: "a", count: 65), false),
        ("", false), (".", false), ("..", false), ("a/b", false), ("/etc/passwd", false), ("..%2F", false),
        ("%2e%2e%2f", false), ("a\u{0}b", false), ("\u{0}", false), ("a b", false), ("a.page", false),
        ("a\\b", false), ("é", false), ("a\nb", false), ("a?b", false), ("~", false),
    ])
    func validatesIDs(id: String, valid: Bool) {
        #expect(PageID.isValid(id) == valid)
    }

    @Test func generatesLowercaseValidUUIDs() {
        let ids = (0..<100).map { _ in PageID.generate() }
        for id in ids {
            #expect(PageID.isValid(id))
            #expect(id.count == 36)
            #expect(id == id.lowercased())
        }
        #expect(Set(ids).count == ids.count)
    }

    @Test func errorsSayWhichValueWasWrong() {
        let text = PageStoreError.invalidID("a/b\u{0}").description
        #expect(text.contains(#""a/b\0""#))
        #expect(PageStoreError.invalidStatus(1000).description.contains("1000"))
        // Words, not errno numbers (issue 42): the raw errno stays in the value.
        #expect(PageStoreError.io(path: "/x/y", errno: 2).description == "/x/y: No such file or directory")
        #expect(PageStoreError.alreadyExists("abc").description.contains("\"abc\""))
    }

    /// A refused id is echoed with its control characters written out (a NUL or an ESC in a terminal
    /// obeyed, not shown, before) and cut at 80 bytes, not 80 grapheme clusters.
    @Test func aRefusedIdIsShownInertAndShort() throws {
        let problem = try #require(PageID.problem("A\u{0}\u{1B}[31m\u{7F}\u{85}"))
        #expect(problem == "invalid id 'A\\u{0}\\u{1B}[31m\\u{7F}\\u{85}': use \(PageID.rule)")
        #expect(!problem.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        let heavy = "a" + String(repeating: "\u{301}", count: 100_000)  // one grapheme cluster, 200 KB
        let shown = try #require(PageID.problem(heavy))
        #expect(shown.utf8.count < 80 + 100, "\(shown.utf8.count) bytes")
        #expect(shown.contains("…"))
    }
}
