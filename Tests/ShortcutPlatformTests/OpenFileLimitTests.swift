import ShortcutPlatform
import Testing

/// The open-file limit (`RLIMIT_NOFILE`), raised and turned into a connection capacity.
@Suite struct OpenFileLimitTests {
    @Test func capacityIsTheSoftLimitLessTheReserveAndAtLeastOne() {
        #expect(OpenFileLimit(soft: 64, hard: 64).connectionCapacity(reserved: 36) == 28)
        #expect(OpenFileLimit(soft: 37, hard: 64).connectionCapacity(reserved: 36) == 1)
        #expect(OpenFileLimit(soft: 36, hard: 64).connectionCapacity(reserved: 36) == 1)
        #expect(OpenFileLimit(soft: 0, hard: 0).connectionCapacity(reserved: 36) == 1)
        #expect(OpenFileLimit(soft: .max, hard: .max).connectionCapacity(reserved: 36) == Int.max - 36)
    }

    @Test func raisingNeverLowersAndReachesTheHardLimit() throws {
        let before = try #require(OpenFileLimit.current())
        let after = try #require(OpenFileLimit.raise())
        #expect(after.soft >= before.soft)
        #expect(after.hard == before.hard)
        #if os(Linux)
            #expect(after.soft == after.hard)
        #endif
    }
}
