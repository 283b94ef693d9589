import Testing
import ShortcutHTTP
@testable import ShortcutServeKit

/// The serve command's limit flags, each at the edges of its range.
@Suite struct ServeOptionsTests {
    @Test func maxOutputBytesTakesOneByteToOneGibibyte() throws {
        #expect(try ServeOptions.parse([]).limits.maxPendingOutputBytes == 1 << 20)
        #expect(try ServeOptions.parse(["--max-output-bytes", "1"]).limits.maxPendingOutputBytes == 1)
        #expect(try ServeOptions.parse(["--max-output-bytes", "1073741824"]).limits.maxPendingOutputBytes == 1 << 30)
        for refused in ["0", "1073741825", "1M"] {
            #expect(throws: UsageError.self, "\(refused)") { try ServeOptions.parse(["--max-output-bytes", refused]) }
        }
    }
}
