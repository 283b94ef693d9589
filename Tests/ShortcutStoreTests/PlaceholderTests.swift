import Testing
@testable import ShortcutStore
@Test func placeholder() { #expect(Bool(true)) }
