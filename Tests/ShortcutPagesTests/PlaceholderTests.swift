import Testing
@testable import ShortcutPages
@Test func placeholder() { #expect(Bool(true)) }
