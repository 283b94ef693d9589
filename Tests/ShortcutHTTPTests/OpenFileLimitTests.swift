import ShortcutHTTP
import ShortcutPlatform
import Testing

/// The connection limit fitted to the open-file limit (`OpenFileLimit` itself: ShortcutPlatformTests).
@Suite struct OpenFileLimitTests {
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
