import Testing
@testable import ShortcutServeKit
@Test func placeholder() { #expect(Bool(true)) }
