import Foundation
import ShortcutHTTP
import ShortcutPlatform
import TestSupport
import Testing

/// `PortRebind`, which lets the tests that restart a server on its port tell "this process still listens"
/// (a failure) from "a process spawned beside it holds a copy for a moment" (tried again).
@Suite struct PortRebindTests {
    /// The core's spelling of EADDRINUSE (`ServerLifecycleTests` uses it too).
    static func isAddressInUse(_ error: Error) -> Bool { (error as? SystemError)?.isAddressInUse == true }

    #if os(Linux)
        @Test func aPortThisProcessListensOnIsRefusedAtOnce() throws {
            let first = HTTPServer(loopCount: 1)
            let port = try first.start(0).port
            defer { first.stopAndWait() }
            #expect(PortRebind.thisProcessListens(on: port) == true)
            let second = HTTPServer(loopCount: 1)
            var attempts = 0
            #expect(throws: SystemError.self) {
                try PortRebind.start(on: port, isAddressInUse: Self.isAddressInUse) {
                    attempts += 1
                    return try second.start(port)
                }
            }
            #expect(attempts == 1, "not tried again: the holder is this process")
            first.stopAndWait()
            #expect(PortRebind.thisProcessListens(on: port) == false)
        }

        @Test func aPortAnotherProcessListensOnIsTriedAgainUntilTheTimeIsUp() throws {
            // Another process listens (as a spawned child would, holding a copy of this process's listener).
            let python = TestProcess()
            python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            python.arguments = [
                "python3", "-c",
                "import socket,sys; s=socket.socket(); s.bind(('127.0.0.1',0)); s.listen(1); print(s.getsockname()[1], flush=True); sys.stdin.read()",
            ]
            let input = Pipe()
            let output = Pipe()
            python.standardInput = input
            python.standardOutput = output
            try python.run()
            defer {
                try? input.fileHandleForWriting.close()
                python.waitUntilExit()
            }
            let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
            let port = try #require(UInt16(line.trimmingCharacters(in: .whitespacesAndNewlines)), "python printed \(line)")
            #expect(PortRebind.thisProcessListens(on: port) == false)
            let server = HTTPServer(loopCount: 1)
            var attempts = 0
            #expect(throws: SystemError.self) {
                try PortRebind.start(on: port, seconds: 0.05, isAddressInUse: Self.isAddressInUse) {
                    attempts += 1
                    return try server.start(port)
                }
            }
            #expect(attempts > 1, "tried again while another process held the port")
        }
    #endif
}
