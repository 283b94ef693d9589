import Foundation
import ShortcutJSON
import TestSupport
import Testing

@testable import ShortcutCLI

/// Issue 27: `shortcut-serve requests` (the real binary) against a running server (the real binary too).
@Suite struct RequestsCLITests {
    @Test func followPrintsARequestMadeAfterItStarted() throws {
        let store = ServeBinary.temporaryStore()
        let server = try ServeBinary.Server(["--store", store, "--quiet"])
        defer { _ = server.stop() }
        let before = try RawClient(port: server.port)
        try before.send("GET /v3/before HTTP/1.1\r\nHost: localhost\r\n\r\n")
        _ = try before.readResponse()

        let (follow, out, err) = try ServeBinary.start(["requests", "--follow", "--count", "1", "--path", "/v3/", "--store", store])
        defer { if follow.isRunning { kill(follow.processIdentifier, SIGKILL) } }
        let started = try ServerProcessTests.read(err.fileHandleForReading.fileDescriptor) { $0.contains("(Ctrl-C to stop)\n") }
        #expect(started == "note: following the requests to http://127.0.0.1:\(server.port) (Ctrl-C to stop)\n")

        let client = try RawClient(port: server.port)
        try client.send(
            "GET /s HTTP/1.1\r\nHost: localhost\r\n\r\nGET /v3/after HTTP/1.1\r\nHost: localhost\r\nUser-Agent: MyApp/2\r\n\r\n")
        _ = try client.readResponse()
        _ = try client.readResponse()
        let printed = try ServerProcessTests.read(out.fileHandleForReading.fileDescriptor) {
            $0.contains("/v3/after") && $0.hasSuffix("\n")
        }
        follow.waitUntilExit()
        #expect(follow.terminationStatus == 0, "--count 1 ends after one new request")
        let lines = printed.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "the kept one, then the new one (not /s: --path): \(printed)")
        #expect(lines.first?.hasPrefix("#1 ") == true && lines.first?.contains(" GET /v3/before 404 ") == true, "\(printed)")
        #expect(lines.last?.hasPrefix("#3 ") == true && lines.last?.contains(" GET /v3/after 404 ") == true, "\(printed)")
        #expect(lines.last?.contains("route /v3/:id \"MyApp/2\"") == true && lines.last?.hasSuffix("— no stored page 'after'") == true)
    }

    /// What a client sent is data: the terminal gets C1 controls and a bidirectional override written out, not
    /// acted on (the journal keeps them as sent: RequestJournalRouteTests).
    @Test func aHostileUserAgentIsPrintedInert() throws {
        let store = ServeBinary.temporaryStore()
        let server = try ServeBinary.Server(["--store", store, "--quiet"])
        defer { _ = server.stop() }
        let client = try RawClient(port: server.port)
        try client.send(
            Array("GET /v3/x HTTP/1.1\r\nHost: localhost\r\n".utf8)
                + Array("User-Agent: evil\u{9B}2J\u{202E}txt.exe <img src=x onerror=alert(1)>\r\n\r\n".utf8))
        #expect(try client.readResponse().status == 404)
        let printed = try ServeBinary.run(["requests", "--store", store])
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(printed.stdout.contains("\"evil\\u{009b}2J\\u{202e}txt.exe <img src=x onerror=alert(1)>\""), "\(printed.stdout)")
        #expect(
            !printed.stdout.dropLast().unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E }
        )
        #expect(RequestsCommand.visible("a\u{1B}[2Jb\\c\u{7F}\n") == "a\\x1b[2Jb\\\\c\\x7f\\x0a")
    }

    @Test func jsonClearAndTheErrors() throws {
        let store = ServeBinary.temporaryStore()
        let server = try ServeBinary.Server(["--store", store, "--quiet", "--journal", "2"])
        defer { _ = server.stop() }
        for path in ["/s", "/p/demo", "/v3/x"] {
            let client = try RawClient(port: server.port)
            try client.send("GET \(path) HTTP/1.1\r\nHost: localhost\r\n\r\n")
            _ = try client.readResponse()
        }
        let json = try ServeBinary.run(["requests", "--json", "--store", store])
        #expect(json.status == 0, "\(json.stderr)")
        let entries = try #require((try JSONParser.parse(Array(json.stdout.utf8))).arrayValue, "--json prints an array: \(json.stdout)")
        #expect(entries.compactMap { $0["target"]?.stringValue } == ["/p/demo", "/v3/x"], "--journal 2 keeps the last two")
        let failed = try ServeBinary.run(["requests", "--status", "4xx", "--store", store])
        #expect(failed.stdout.split(separator: "\n").count == 1 && failed.stdout.contains(" GET /v3/x 404 "), "\(failed.stdout)")

        let cleared = try ServeBinary.run(["requests", "--clear", "--store", store])
        #expect(cleared.status == 0 && cleared.stdout == "cleared the request journal of http://127.0.0.1:\(server.port)\n")
        #expect(try ServeBinary.run(["requests", "--store", store]).stdout.isEmpty)

        let byURL = try ServeBinary.run([
            "requests", "--base-url", "http://127.0.0.1:\(server.port)", "--store", ServeBinary.temporaryStore(),
        ])
        #expect(byURL.status == 0, "a server by its loopback address, whatever the store: \(byURL.stderr)")
        let none = try ServeBinary.run(["requests", "--store", ServeBinary.temporaryStore()])
        #expect(none.status == 1 && none.stderr.hasPrefix("error: no server is running on the store "), "\(none.stderr)")
        let far = try ServeBinary.run(["requests", "--base-url", "http://192.0.2.1:9081"])
        #expect(far.status == 1 && far.stderr.contains("the journal answers this machine only"), "\(far.stderr)")
        for (arguments, message) in [
            (["--count", "1"], "--count goes with --follow"),
            (["--status", "4x"], "--status takes a code such as 404 or a class such as 4xx"),
            (["--path", "v3"], "--path takes a path prefix that starts with /"), (["--clear", "--json"], "--clear forgets every request"),
        ] {
            let refused = try ServeBinary.run(["requests"] + arguments)
            #expect(refused.status == 64 && refused.stderr.hasPrefix("Error: \(message)"), "\(arguments): \(refused.stderr)")
        }
    }

    @Test func aServerWithTheJournalOffIsNamedAsSuch() throws {
        let store = ServeBinary.temporaryStore()
        let server = try ServeBinary.Server(["--store", store, "--quiet", "--journal", "0"])
        defer { _ = server.stop() }
        let run = try ServeBinary.run(["requests", "--store", store])
        #expect(run.status == 1)
        #expect(run.stderr.contains("answered 404: the request journal is off (--journal 0)"), "\(run.stderr)")
    }
}

/// Issue 27: the access log names what the routes recognise, as the journal does.
@Suite struct AccessLogNoteTests {
    @Test func theLogLineEndsInWhatWasRecognised() throws {
        let server = try ServeBinary.Server(["--store", ServeBinary.temporaryStore()])
        let client = try RawClient(port: server.port)
        try client.send("GET /.well-known/apple-app-site-association HTTP/1.1\r\nHost: localhost\r\nUser-Agent: AASA-Bot/1.0.0\r\n\r\n")
        #expect(try client.readResponse().status == 404)
        try client.send("GET /w/demo.mobileconfig HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(try client.readResponse().status == 200)
        try client.send("GET /s HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(try client.readResponse().status == 301)
        #expect(server.stop() == 0)
        let lines = String(decoding: server.stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
        let aasa = lines.filter { $0.contains(" GET /.well-known/apple-app-site-association 404 ") }
        #expect(aasa.count == 1 && aasa[0].hasSuffix(" [AASA fetch by Apple's CDN (AASA-Bot)]"), "\(lines)")
        let profile = lines.filter { $0.contains(" GET /w/demo.mobileconfig 200 ") }
        #expect(profile.count == 1 && profile[0].hasSuffix(" [web clip profile download]"), "\(lines)")
        let plain = lines.filter { $0.contains(" GET /s 301 ") }
        #expect(plain.count == 1 && !plain[0].contains("["), "\(lines)")
    }
}

/// Issue 27: the journal's memory is counted in bytes, and SIGHUP says what it holds against its bounds.
@Suite struct JournalMemoryReportTests {
    @Test func sighupReportsTheJournalsRequestsAndBytes() throws {
        let server = try ServeBinary.Server([
            "--store", ServeBinary.temporaryStore(), "--quiet", "--journal", "2", "--journal-bytes", "100000",
        ])
        defer { _ = server.stop() }
        let client = try RawClient(port: server.port)
        for _ in 0..<3 {
            try client.send("GET /s HTTP/1.1\r\nHost: localhost\r\n\r\n")
            _ = try client.readResponse()
        }
        kill(server.process.processIdentifier, SIGHUP)
        let notice = try ServerProcessTests.read(server.stderr.fileHandleForReading.fileDescriptor) {
            $0.contains("SIGHUP: journal: ") && $0.hasSuffix("\n")
        }
        let line = try #require(notice.split(separator: "\n").first { $0.hasPrefix("SIGHUP: journal: ") })
        let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        #expect(numbers.count == 5 && numbers[0] == 2 && numbers[1] == 2 && numbers[3] == 100_000 && numbers[4] == 1, "\(line)")
        #expect(numbers.count == 5 && numbers[2] > 2 * 96 && numbers[2] < 2_000, "two small entries' bytes: \(line)")
    }
}

/// Issue 48, point 1: stubs may take `/api/…`; `shortcut-serve requests` reaches the journal under
/// `/__admin/shortcut-serve/`, whatever the stubs shadow.
extension RequestsCLITests {
    @Test func requestsWorksWhileAStubShadowsTheAPI() throws {
        let store = ServeBinary.temporaryStore()
        let server = try ServeBinary.Server(["--store", store, "--quiet"])
        defer { _ = server.stop() }
        let stub = #"{"request": {"urlPathPattern": "/api/.*"}, "response": {"body": "stub"}}"#
        let client = try RawClient(port: server.port)
        try client.send("POST /__admin/mappings HTTP/1.1\r\nHost: localhost\r\nContent-Length: \(stub.utf8.count)\r\n\r\n\(stub)")
        #expect(try client.readResponse().status == 201)
        try client.send("GET /api/v1/ping HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(try client.readResponse().bodyText == "stub")
        let printed = try ServeBinary.run(["requests", "--store", store])
        #expect(printed.status == 0 && printed.stdout.contains("GET /api/v1/ping 200"), "\(printed.stdout) \(printed.stderr)")
    }
}
