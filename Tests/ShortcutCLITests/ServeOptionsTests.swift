import ShortcutServe
import Testing

@testable import ShortcutCLI

/// The serve command's limit flags, each at the edges of its range.
@Suite struct ServerConfigurationTests {
    /// `--cache-bytes`: 0 (nothing cached) to 1 TiB, default 64 MiB; anything else is a usage error.
    @Test func cacheBytesTakesZeroToOneTebibyte() throws {
        #expect(try ServerConfiguration.parse([]).cacheBytes == 64 << 20)
        #expect(try ServerConfiguration.parse(["--cache-bytes", "0"]).cacheBytes == 0)
        #expect(try ServerConfiguration.parse(["--cache-bytes", "8388608"]).cacheBytes == 8 << 20)
        #expect(try ServerConfiguration.parse(["--cache-bytes", "1099511627776"]).cacheBytes == 1 << 40)
        for refused in ["-1", "1099511627777", "64M", ""] {
            #expect(throws: UsageError.self, "\(refused)") { try ServerConfiguration.parse(["--cache-bytes", refused]) }
        }
    }

    @Test func maxOutputBytesTakesOneByteToOneGibibyte() throws {
        #expect(try ServerConfiguration.parse([]).limits.maxPendingOutputBytes == 1 << 20)
        #expect(try ServerConfiguration.parse(["--max-output-bytes", "1"]).limits.maxPendingOutputBytes == 1)
        #expect(try ServerConfiguration.parse(["--max-output-bytes", "1073741824"]).limits.maxPendingOutputBytes == 1 << 30)
        for refused in ["0", "1073741825", "1M"] {
            #expect(throws: UsageError.self, "\(refused)") { try ServerConfiguration.parse(["--max-output-bytes", refused]) }
        }
    }
}
