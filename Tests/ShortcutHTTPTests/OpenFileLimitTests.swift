import Testing
@testable import ShortcutHTTP

/// The open-file limit and the connection limit fitted to it.
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

    @Test func theServerFitsItsConnectionLimitToTheOpenFileLimit() throws {
        let files = try #require(OpenFileLimit.current())
        var limits = ServerLimits()
        limits.maxConnections = 1_000_000_000
        let server = HTTPServer(limits: limits, loopCount: 2)
        #expect(server.connectionLimit == nil, "not started")
        try server.start(0)
        #expect(server.connectionLimit == files.connectionCapacity(reserved: limits.reservedFileDescriptors + 2 * 2))
        server.stopAndWait()
        #expect(server.connectionLimit == nil)

        limits.maxConnections = 10
        let small = HTTPServer(limits: limits, loopCount: 2)
        try small.start(0)
        #expect(small.connectionLimit == 10, "a limit the descriptors allow is kept")
        small.stopAndWait()
    }
}
