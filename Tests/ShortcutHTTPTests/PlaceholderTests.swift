import Testing
@testable import ShortcutHTTP
@Test func placeholder() { #expect(Bool(true)) }
