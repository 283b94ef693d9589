import Foundation
import TestSupport
import Testing

/// Issue 23: writing to a peer that has gone must answer an error, never raise SIGPIPE, whose default
/// action ends the process: an app that embeds the server or SwifterCompat would die of it, and a library
/// never ignores the signal for the app. Each case runs in a child (`broken-pipe-probe`) with SIGPIPE at its
/// default action, through one kind of socket the modules write to; the child must exit 0, not be killed.
///
/// On Linux every send of ShortcutPlatform passes `MSG_NOSIGNAL`; on Darwin each socket needs
/// `SO_NOSIGPIPE`, which `Socket.setNoSigPipe` used to leave unset: there the first two cases died.
#if os(macOS) || os(Linux)
    @Suite struct BrokenPipeTests {
        /// The probe, built next to the test bundle (as `CLITests.binary` finds `shortcut-serve`).
        static let probe: URL = {
            #if canImport(Darwin)
                return Bundle(for: BundleMarker.self).bundleURL.deletingLastPathComponent().appendingPathComponent("broken-pipe-probe")
            #else
                return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
                    "broken-pipe-probe")
            #endif
        }()

        private final class BundleMarker {}

        @Test(arguments: ["swifter-compat", "set-no-sig-pipe", "accepted"])
        func aWriteToAGonePeerAnswersAnErrorAndTheProcessLives(socketKind: String) throws {
            let process = TestProcess()
            process.executableURL = Self.probe
            process.arguments = [socketKind]
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationReason == .exit, "killed by signal \(process.terminationStatus) (13 is SIGPIPE)")
            #expect(process.terminationStatus == 0)
        }
    }
#endif
