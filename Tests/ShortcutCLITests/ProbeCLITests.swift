import Foundation
import TestSupport
import Testing

/// Issue 24, item 4: `shortcut-serve probe` (the real binary) prints the probe's address and a QR code of it
/// for the running server, then each report a phone sends, with its advice; the server prints it too.
@Suite struct ProbeCLITests {
    /// `shortcut-serve probe ARGUMENTS` started, with its standard output and error.
    static func startProbe(_ arguments: [String]) throws -> (TestProcess, Pipe, Pipe) {
        try ServeBinary.start(["probe"] + arguments)
    }

    @Test func probePrintsTheAddressThenEachReportWithItsAdvice() throws {
        let store = ServeBinary.temporaryStore()
        let server = try ServeBinary.Server(["--store", store, "--public-url", "https://mac.tail1234.ts.net"])
        defer { _ = server.stop() }
        let (probe, out, _) = try Self.startProbe(["--store", store, "--open", "myapp://scan", "--count", "1"])
        defer { if probe.isRunning { kill(probe.processIdentifier, SIGKILL) } }
        let fd = out.fileHandleForReading.fileDescriptor
        let head = try ServerProcessTests.read(fd) { $0.contains("(Ctrl-C to stop)\n") }
        let url = "https://mac.tail1234.ts.net/probe?open=myapp%3A%2F%2Fscan"
        #expect(head.hasPrefix("Open on your phone: \(url)\n"), "\(head)")
        #expect(try DeviceCLITests.decodedQR(in: head) == url)
        #expect(head.contains("Waiting for reports from http://127.0.0.1:\(server.port)/api/probes"))

        let client = try RawClient(port: server.port)
        let body = Array(SampleInputs.lanProbeReport.utf8)
        try client.send(
            Array(
                "POST /probe/report HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
                    .utf8) + body)
        #expect(try client.readResponse().status == 201)
        let rest = try ServerProcessTests.read(fd) { $0.contains("=> use ") && $0.hasSuffix("\n") }
        probe.waitUntilExit()
        #expect(probe.terminationStatus == 0, "--count 1 ends after one report")
        #expect(rest.hasPrefix("probe #1 from 127.0.0.1: iOS 17.5 at http://192.168.1.20:9081\n"), "\(rest)")
        #expect(rest.contains("  secure context no; service worker no (not a secure context); redirect to data: refused"))
        #expect(rest.contains("  => use the web clip profile (/w/<id>.mobileconfig)"))
        let logged = try ServerProcessTests.read(server.stderr.fileHandleForReading.fileDescriptor) { $0.contains("  => use ") }
        #expect(logged.contains("probe #1 from 127.0.0.1: iOS 17.5"), "the server prints each report too: \(logged)")
    }

    @Test func withoutARunningServerProbeSaysHowToStartOne() throws {
        let run = try ServeBinary.run(["probe", "--store", ServeBinary.temporaryStore()])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("error: no server is running on the store "), "\(run.stderr)")
        #expect(run.stderr.contains("shortcut-serve --host 0.0.0.0"))
        let bad = try ServeBinary.run(["probe", "--open", "javascript:alert(1)"])
        #expect(bad.status == 64 && bad.stderr.hasPrefix("Error: --open scheme 'javascript' is not allowed"), "\(bad.stderr)")
    }

    @Test func aLoopbackOnlyServerGetsNoCodeButTheReason() throws {
        let store = ServeBinary.temporaryStore()
        let server = try ServeBinary.Server(["--store", store, "--quiet"])
        defer { _ = server.stop() }
        let (probe, out, err) = try Self.startProbe(["--store", store, "--count", "1"])
        defer { if probe.isRunning { kill(probe.processIdentifier, SIGKILL) } }
        let head = try ServerProcessTests.read(out.fileHandleForReading.fileDescriptor) { $0.contains("(Ctrl-C to stop)\n") }
        #expect(head.hasPrefix("Open in a browser on this machine: http://127.0.0.1:\(server.port)/probe\n"), "\(head)")
        #expect(!head.contains("█"), "no code a phone could not open")
        let notes = try ServerProcessTests.read(err.fileHandleForReading.fileDescriptor) { $0.contains("\n") }
        #expect(notes.contains("listens on loopback only"), "\(notes)")
    }
}
