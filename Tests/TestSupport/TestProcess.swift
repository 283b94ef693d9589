import Foundation

#if os(macOS) || os(Linux)
    /// The child processes tests start (the built binary, zbarimg, ip, plutil): Foundation's `Process`.
    public typealias TestProcess = Process
#else
    /// iOS, tvOS, watchOS and visionOS have no `Process`: there `run()` throws, so a test that starts a
    /// program fails with this reason instead of keeping the whole test target from building. The test
    /// targets then build for the iOS Simulator, where an app's tests run.
    public final class TestProcess {
        public struct Unavailable: Error, CustomStringConvertible {
            public var description: String { "this test starts a program, and this system has no Process (iOS); run it on macOS or Linux" }
        }

        public var executableURL: URL?
        public var arguments: [String]?
        public var standardInput: Any?
        public var standardOutput: Any?
        public var standardError: Any?
        public let processIdentifier: Int32 = 0
        public let terminationStatus: Int32 = 0
        public let isRunning = false

        public init() {}

        public func run() throws { throw Unavailable() }
        public func waitUntilExit() {}
        public func terminate() {}
    }
#endif
