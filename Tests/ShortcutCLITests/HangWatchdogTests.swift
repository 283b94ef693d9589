import Foundation
import TestSupport
import Testing

/// The bound on every wait for a spawned process: a process that does not end is killed, and the waiter learns
/// it was, so a hang fails the test that met it instead of stalling the suite.
@Suite struct HangWatchdogTests {
    @Test func aProcessThatDoesNotEndIsKilledAndSaidToHaveHung() throws {
        let process = TestProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec sleep 600"]
        try process.run()
        let watchdog = HangWatchdog(process, seconds: 0.2)
        process.waitUntilExit()
        #expect(watchdog.disarm(), "the watchdog killed it")
        #expect(process.terminationStatus == SIGKILL, "ended by SIGKILL")
    }

    @Test func aProcessThatEndsIsLeftAlone() throws {
        let process = TestProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exit 3"]
        try process.run()
        let watchdog = HangWatchdog(process)
        process.waitUntilExit()
        #expect(!watchdog.disarm())
        #expect(process.terminationStatus == 3)
    }
}
