import Testing

@testable import ShortcutStore

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
        #expect(PageStoreError.io(path: "/x/y", errno: 2).description == "/x/y: No such file or directory (errno 2)")
        #expect(PageStoreError.alreadyExists("abc").description.contains("\"abc\""))
    }
}
