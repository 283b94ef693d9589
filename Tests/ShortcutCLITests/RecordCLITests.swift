import Foundation
import ShortcutHTTP
import TestSupport
import Testing

/// `shortcut-serve record --target URL --out DIR` through the real binary: each exchange printed as it is
/// captured, Ctrl-C (SIGINT) writes the mappings, and `--stubs DIR` replays them with the upstream stopped.
@Suite struct RecordCLITests {
    @Test func aRecordingPrintsWhatItCapturesAndWritesItOnCtrlC() throws {
        let upstream = HTTPServer(logsRequests: false, loopCount: 1)
        let body: [UInt8] = Array(#"{"id": "42", "name": "Ada"}"#.utf8)
        upstream.GET["/v1/users/42"] = { _ in HTTPResponse(status: .ok, headers: ["Content-Type": "application/json"], body: body) }
        let upstreamPort = try upstream.start(0).port
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("record-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let store = ServeBinary.temporaryStore()
        do {
            let recorder = try ServeBinary.Server(
                ["--target", "http://127.0.0.1:\(upstreamPort)", "--out", out.path, "--store", store, "--quiet"], subcommand: "record")
            var lines: [String] = []
            while !(lines.last ?? "").contains("recording:") && lines.count < 10 { lines.append(recorder.nextLine()) }
            #expect(lines.last?.contains("every request is proxied to http://127.0.0.1:\(upstreamPort)") == true, "\(lines)")
            let client = try RawClient(port: recorder.port)
            try client.send("GET /v1/users/42 HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(try client.readResponse().body == body)
            #expect(recorder.nextLine() == "recorded GET /v1/users/42 -> 200 (\(body.count) bytes)\n")
            #expect(recorder.stop(SIGINT) == 0)
            #expect(recorder.nextLine() == "wrote 1 mapping into \(out.path)/mappings\n")
        }
        upstream.stopAndWait()
        let replay = try ServeBinary.Server(["--stubs", out.path, "--store", store, "--quiet"])
        defer { _ = replay.stop() }
        let client = try RawClient(port: replay.port)
        try client.send("GET /v1/users/42 HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let answer = try client.readResponse()
        #expect(answer.status == 200 && answer.body == body && answer.header("Content-Type") == "application/json")
    }

    @Test func recordRefusesWhatItCannotDo() throws {
        let noTarget = try ServeBinary.run(["record", "--out", "/tmp/x"])
        #expect(noTarget.status == 64 && noTarget.stderr.contains("record needs --target URL"), "\(noTarget.stderr)")
        let badTarget = try ServeBinary.run(["record", "--target", "ftp://x", "--out", "/tmp/x"])
        #expect(badTarget.status == 64 && badTarget.stderr.contains("--target must be an http:// or https:// URL"), "\(badTarget.stderr)")
        let noOut = try ServeBinary.run(["record", "--target", "http://127.0.0.1:1"])
        #expect(noOut.status == 64 && noOut.stderr.contains("record needs --out DIR"), "\(noOut.stderr)")
        let help = try ServeBinary.run(["record", "--help"])
        #expect(help.status == 0 && help.stdout.hasPrefix("Usage: shortcut-serve record"))
    }
}
