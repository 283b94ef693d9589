import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The real `shortcut-serve` binary, for the tests that spawn it: the CLI's own, and the routes' where another
/// process changes the store under a running server (as `shortcut-serve add` does beside `serve`).
public enum ServeBinary {
    /// `$SHORTCUT_SERVE_BIN`, else the binary built next to the test bundle.
    public static let url: URL = {
        if let path = ProcessInfo.processInfo.environment["SHORTCUT_SERVE_BIN"] { return URL(fileURLWithPath: path) }
        #if canImport(Darwin)
            // On macOS the process is Xcode's `xctest` or SwiftPM's testing helper, not our bundle: ask where the
            // bundle holding this code was loaded from (`.build/debug/shortcut-servePackageTests.xctest`).
            let products = Bundle(for: BundleMarker.self).bundleURL.deletingLastPathComponent()
        #else
            // On Linux the test bundle is itself the executable, in the build's products folder.
            let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        #endif
        return products.appendingPathComponent("shortcut-serve")
    }()

    /// A class of this test bundle, for `Bundle(for:)`.
    private final class BundleMarker {}

    /// What a finished run printed, and how it exited.
    public struct Run: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String

        public init(status: Int32, stdout: String, stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }
    }

    /// The binary started with `arguments` (`input`: a file for its standard input), left running, with its
    /// standard output and error.
    public static func start(_ arguments: [String], input: URL? = nil) throws -> (TestProcess, Pipe, Pipe) {
        let process = TestProcess()
        process.executableURL = url
        process.arguments = arguments
        if let input { process.standardInput = try FileHandle(forReadingFrom: input) }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        return (process, out, err)
    }

    /// Runs the binary to completion; one still running after `HangWatchdog.defaultSeconds` is killed and
    /// the run fails saying so.
    public static func run(_ arguments: [String]) throws -> Run {
        let (run, hung) = try runWatched(arguments)
        if hung {
            throw RawClient.Failure(
                description: "shortcut-serve \(arguments.joined(separator: " ")) hung: killed after \(HangWatchdog.defaultSeconds) s")
        }
        return run
    }

    /// Runs the binary to completion, killing it after `HangWatchdog.defaultSeconds`; `hung` says whether it had
    /// to be (for the tests whose claim is that a command does not hang).
    public static func runWatched(_ arguments: [String], input: URL? = nil) throws -> (run: Run, hung: Bool) {
        let (process, out, err) = try start(arguments, input: input)
        let watchdog = HangWatchdog(process)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let run = Run(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
        return (run, watchdog.disarm())
    }

    /// A store folder under the temp folder, not made yet.
    public static func temporaryStore() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("ss-cli-\(UUID().uuidString)").path
    }

    /// A running server process and the port it printed.
    public final class Server {
        public let process = TestProcess()
        public let port: UInt16
        public let stderr = Pipe()
        public let out = Pipe()

        /// `subcommand` (`record`) goes first, before `--port 0`.
        public init(_ arguments: [String], subcommand: String? = nil) throws {
            process.executableURL = ServeBinary.url
            process.arguments = (subcommand.map { [$0] } ?? []) + ["--port", "0"] + arguments
            process.standardOutput = out
            process.standardError = stderr
            try process.run()
            // A server that never announces itself is killed, so the read below ends and the start fails.
            let watchdog = HangWatchdog(process)
            let line = Self.line(from: out)
            _ = watchdog.disarm()
            guard line.hasPrefix("listening on http://127.0.0.1:"), let port = UInt16(line.dropFirst(30).dropLast()) else {
                throw RawClient.Failure(description: "unexpected first line '\(line)'")
            }
            self.port = port
        }

        /// The next line of standard output, with its newline ("" at the end).
        public func nextLine() -> String { Self.line(from: out) }

        /// One line of `pipe`, read a byte at a time so nothing after it is taken from the next reader.
        private static func line(from pipe: Pipe) -> String {
            var line = ""
            while !line.hasSuffix("\n") {
                let byte = pipe.fileHandleForReading.readData(ofLength: 1)
                guard !byte.isEmpty else { break }
                line += String(decoding: byte, as: UTF8.self)
            }
            return line
        }

        /// Sends `signal` and waits for the exit (a server still running after `HangWatchdog.defaultSeconds` is
        /// killed: its status then says SIGKILL); returns the exit status.
        public func stop(_ signal: Int32 = SIGTERM) -> Int32 {
            kill(process.processIdentifier, signal)
            let watchdog = HangWatchdog(process)
            process.waitUntilExit()
            _ = watchdog.disarm()
            return process.terminationStatus
        }
    }
}
