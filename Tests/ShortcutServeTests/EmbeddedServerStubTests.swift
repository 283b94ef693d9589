import Foundation
import ShortcutServe
import TestSupport
import Testing

/// The typed stub API of `EmbeddedServer` over a real socket: a stub made in Swift answers, `count` and
/// `verify` read the journal, a failed `verify` says which criterion the closest requests failed, a refused
/// stub names its field, and a removed stub no longer answers.
@Suite struct EmbeddedServerStubTests {
    static func get(_ server: EmbeddedServer, _ path: String, headers: [String: String] = [:]) throws -> RawResponse {
        let client = try RawClient(port: server.port)
        var head = "GET \(path) HTTP/1.1\r\nHost: localhost\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        try client.send(head + "\r\n")
        return try client.readResponse()
    }

    @Test func aStubMadeInSwiftAnswersAndIsVerified() throws {
        let server = try EmbeddedServer.start()
        defer { server.stop() }
        let handle = try server.stub(
            .get("/v1/users/{id}").header("Accept", .contains("json")).query("expand", .equalTo("team")),
            .json(#"{"id": "{{request.path.id}}"}"#, templated: true).header("X-Stub", "yes"))
        let answer = try Self.get(server, "/v1/users/42?expand=team", headers: ["Accept": "application/json"])
        #expect(answer.status == 200 && answer.bodyText == #"{"id": "42"}"#, "\(answer.bodyText)")
        #expect(answer.header("X-Stub") == "yes")
        #expect(try server.count(.get("/v1/users/42")) == 1)
        try server.verify(.get("/v1/users/42").query("expand", .equalTo("team")), count: 1)

        let miss = try Self.get(server, "/v1/users/42?expand=org", headers: ["Accept": "application/json"])
        #expect(miss.status == 404)
        do {
            try server.verify(.get("/v1/users/42").query("expand", .equalTo("everything")), count: 1)
            Issue.record("verify passed for a request never made")
        } catch let failure as Stub.Failure {
            #expect(failure.description.contains("received 0"), "\(failure)")
            #expect(failure.description.contains("expand"), "the failing criterion is named: \(failure)")
        }
        try server.removeStub(handle)
        #expect(try Self.get(server, "/v1/users/42?expand=team", headers: ["Accept": "application/json"]).status == 404)
        #expect(throws: Stub.Failure.self) { try server.removeStub(handle) }
    }

    @Test func aRefusedStubNamesItsField() throws {
        let server = try EmbeddedServer.start()
        defer { server.stop() }
        do {
            try server.stub(.get("/a").header("X", .matches("(unclosed")), .status(204))
            Issue.record("a bad regex was taken")
        } catch let failure as Stub.Failure {
            #expect(failure.description.contains("request.headers.X"), "\(failure)")
        }
        try server.stub(json: #"{"request": {"url": "/b"}, "response": {"status": 204}}"#)
        #expect(try Self.get(server, "/b").status == 204)
        server.resetStubs()
        #expect(try Self.get(server, "/b").status == 404)
    }
}

extension EmbeddedServerStubTests {
    @Test func aSequenceAnswersInOrderTheLastRepeatingAndStartsOverOnReset() throws {
        let server = try EmbeddedServer.start()
        defer { server.stop() }
        let pages = try server.stub(.get("/v1/feed"), .responses([.json(#"{"page": 1}"#), .json(#"{"page": 2}"#), .status(204)]))
        #expect(try Self.get(server, "/v1/feed").bodyText == #"{"page": 1}"#)
        #expect(try Self.get(server, "/v1/feed").bodyText == #"{"page": 2}"#)
        #expect(try Self.get(server, "/v1/feed").status == 204)
        #expect(try Self.get(server, "/v1/feed").status == 204, "the last repeats")
        server.resetScenarios()
        #expect(try Self.get(server, "/v1/feed").bodyText == #"{"page": 1}"#)
        try server.removeStub(pages)
        #expect(try Self.get(server, "/v1/feed").status == 404, "every answer of the sequence is removed")
    }
}

extension EmbeddedServerStubTests {
    /// Issue 41: a proxy stub and a dribbled one made in Swift, and a fault.
    @Test func aProxyStubForwardsToAnotherEmbeddedServerAndAFaultEndsTheConnection() throws {
        let upstream = try EmbeddedServer.start()
        defer { upstream.stop() }
        try upstream.stub(.get("/v1/users/{id}"), .json(#"{"id": "{{request.path.id}}"}"#, templated: true))
        let server = try EmbeddedServer.start()
        defer { server.stop() }
        try server.stub(.get("/v1/users/{id}"), .proxy(to: upstream.baseURL))
        try server.stub(.get("/v1/slow"), .text("abcdef").dribbled(chunks: 3, overMilliseconds: 30))
        try server.stub(.get("/v1/broken"), .fault(.connectionResetByPeer))
        #expect(try Self.get(server, "/v1/users/9").bodyText == #"{"id": "9"}"#)
        try upstream.verify(.get("/v1/users/9"), count: 1)
        #expect(try Self.get(server, "/v1/slow").bodyText == "abcdef")
        let client = try RawClient(port: server.port)
        try client.send("GET /v1/broken HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let (bytes, reset) = try client.readToEndNotingReset()
        #expect(bytes.isEmpty && reset)
    }
}
