import Foundation
import ShortcutServe
import TestSupport
import Testing

@testable import ShortcutCLI

/// Issue 22 at the command line: `--expose-api` takes a token (flag or environment) and the binary refuses
/// it without one; the access log marks what a tunnel forwarded.
@Suite struct ForwardedRequestCLITests {
    static let token = "b1f4c3a9e8d7f6a5b4c3d2e1f0a9b8c7"

    @Test func exposeAPIRequiresAToken() throws {
        #expect(try ServerConfiguration.parse([]).apiToken == nil)
        #expect(try ServerConfiguration.parse(["--expose-api", "--api-token", Self.token]).apiToken == Self.token)
        #expect(
            try ServerConfiguration.parse(["--expose-api"], environment: { $0 == ServerConfiguration.apiTokenVariable ? Self.token : nil })
                .apiToken
                == Self.token)
        #expect(try ServerConfiguration.parse([], environment: { _ in Self.token }).apiToken == nil, "the variable alone opens nothing")
        let refusals: [([String], String)] = [
            (["--expose-api"], "--expose-api needs --api-token TOKEN"),
            (["--api-token", Self.token], "--api-token goes with --expose-api"),
            (["--expose-api", "--api-token", "two words"], "--api-token may hold only visible ASCII"),
            (["--expose-api", "--api-token", String(repeating: "a", count: 513)], "--api-token is 513 bytes"),
        ]
        for (arguments, message) in refusals {
            #expect(throws: UsageError.self, "\(arguments)") { try ServerConfiguration.parse(arguments, environment: { _ in nil }) }
            do {
                _ = try ServerConfiguration.parse(arguments, environment: { _ in nil })
            } catch {
                #expect(error.message.hasPrefix(message), "\(error.message)")
            }
        }
        #expect(try ServerConfiguration.parse(["--expose-api", "--api-token", String(repeating: "a", count: 512)]).apiToken?.count == 512)
        #expect(throws: UsageError.self) {
            try ServerConfiguration.parse(["--expose-api"], environment: { _ in "" })
        }
    }

    @Test func theBinaryRefusesExposeAPIWithoutATokenAndWarnsOfAShortOne() throws {
        let refused = try ServeBinary.run(["--expose-api", "--port", "0", "--store", ServeBinary.temporaryStore()])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--expose-api needs --api-token TOKEN"))
        let server = try ServeBinary.Server(["--store", ServeBinary.temporaryStore(), "--expose-api", "--api-token", "short"])
        #expect(server.stop() == 0)
        let log = String(decoding: server.stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(log.contains("--api-token has 5 bytes"), "\(log)")
    }

    @Test func theAccessLogMarksAForwardedRequest() throws {
        let server = try ServeBinary.Server(["--store", ServeBinary.temporaryStore(), "--allow-host", "tunnel.example"])
        let client = try RawClient(port: server.port)
        try client.send("GET /api/mock HTTP/1.1\r\nHost: tunnel.example\r\nX-Forwarded-For: 203.0.113.9\r\n\r\n")
        #expect(try client.readResponse().status == 403)
        try client.send("GET /api/mock HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(try client.readResponse().status == 200)
        #expect(server.stop() == 0)
        let lines = String(decoding: server.stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
        let forwarded = lines.filter { $0.contains(" GET /api/mock 403 ") }
        #expect(forwarded.count == 1 && forwarded[0].hasSuffix(" forwarded X-Forwarded-For: 203.0.113.9"), "\(lines)")
        let local = lines.filter { $0.contains(" GET /api/mock 200 ") }
        #expect(local.count == 1 && !local[0].contains("forwarded"), "\(lines)")
    }
}
