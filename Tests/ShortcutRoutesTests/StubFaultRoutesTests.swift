import Foundation
import TestSupport
import Testing

/// Issue 41: a stub's `fault`, `chunkedDribbleDelay` and delays, and `/__admin/settings`, through the
/// product's routes on a real server.
@Suite struct StubFaultRoutesTests {
    static func get(_ path: String) -> String { "GET \(path) HTTP/1.1\r\nHost: localhost\r\n\r\n" }

    @Test func eachFaultStubEndsItsConnectionAsNamedAndIsJournaled() throws {
        let server = try AppServer()
        defer { server.stop() }
        for fault in ["EMPTY_RESPONSE", "MALFORMED_RESPONSE_CHUNK", "RANDOM_DATA_THEN_CLOSE", "CONNECTION_RESET_BY_PEER"] {
            let mapping = #"{"request": {"url": "/f/\#(fault)"}, "response": {"status": 200, "body": "x", "fault": "\#(fault)"}}"#
            #expect(try server.request("POST", "/__admin/mappings", json: mapping).status == 201)
        }
        func read(_ fault: String) throws -> (bytes: [UInt8], reset: Bool) {
            let client = try server.client()
            try client.send(Self.get("/f/" + fault))
            return try client.readToEndNotingReset()
        }
        let empty = try read("EMPTY_RESPONSE")
        #expect(empty.bytes.isEmpty && !empty.reset)
        let reset = try read("CONNECTION_RESET_BY_PEER")
        #expect(reset.bytes.isEmpty && reset.reset)
        let malformed = String(decoding: try read("MALFORMED_RESPONSE_CHUNK").bytes, as: UTF8.self)
        #expect(malformed.hasPrefix("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n") && !malformed.contains("\r\n\r\nx"))
        let random = try read("RANDOM_DATA_THEN_CLOSE")
        #expect(random.bytes.count == 64 && !random.bytes.starts(with: Array("HTTP".utf8)))
        // The journal says what happened to each.
        let requests = try #require(try server.request("GET", "/__admin/requests").json?["requests"])
        guard case .array(let entries) = requests else { throw RawClient.Failure(description: "no requests array") }
        #expect(entries.count == 4)
        // The server goes on answering.
        #expect(try server.request("GET", "/__admin/health").status == 200)
    }

    @Test func settingsAreReadAndSetAndRefusedAsWireMocksAre() throws {
        let server = try AppServer()
        defer { server.stop() }
        let initial = try server.request("GET", "/__admin/settings")
        #expect(initial.status == 200 && initial.json?["settings"]?["fixedDelay"] == nil, "\(initial.bodyText)")
        let set = try server.request(
            "POST", "/__admin/settings", json: #"{"fixedDelay": 250, "delayDistribution": {"type": "uniform", "lower": 1, "upper": 5}}"#)
        #expect(set.status == 200, "\(set.bodyText)")
        let now = try server.request("GET", "/__admin/settings").json?["settings"]
        #expect(now?["fixedDelay"] == .number(250))
        #expect(now?["delayDistribution"]?["type"] == .string("uniform") && now?["delayDistribution"]?["upper"] == .number(5))
        let refused = try server.request("PUT", "/__admin/settings", json: #"{"fixedDelay": -5}"#)
        #expect(refused.status == 422 && refused.bodyText.contains(#""pointer":"/fixedDelay""#), "\(refused.bodyText)")
        #expect(
            try server.request("GET", "/__admin/settings").json?["settings"]?["fixedDelay"] == .number(250), "a refusal changes nothing")
    }

    /// A global delay holds every stub answer (here five minutes: it cannot arrive while the test runs) but not
    /// the server's own routes, nor a stub with a delay of its own (0 here), nor other connections.
    @Test func aGlobalDelayHoldsStubAnswersOnlyAndAStubsOwnDelayReplacesIt() throws {
        let server = try AppServer()
        defer { server.stop() }
        #expect(
            try server.request("POST", "/__admin/mappings", json: #"{"request": {"url": "/held"}, "response": {"body": "held"}}"#).status
                == 201)
        let own = #"{"request": {"url": "/own"}, "response": {"body": "own", "fixedDelayMilliseconds": 0}}"#
        #expect(try server.request("POST", "/__admin/mappings", json: own).status == 201)
        #expect(try server.request("POST", "/__admin/settings", json: #"{"fixedDelay": 300000}"#).status == 200)
        let held = try server.client()
        try held.send(Self.get("/held"))
        #expect(try server.request("GET", "/own").bodyText == "own")
        #expect(try server.request("GET", "/__admin/health").status == 200)
        #expect(held.hasNothingToRead, "the held answer waits out its delay")
        #expect(try server.request("POST", "/__admin/settings", json: #"{}"#).status == 200)
        #expect(try server.request("GET", "/held").bodyText == "held", "no global delay any more")
    }

    @Test func aDribbledStubIsAWholeAnswerFramedByItsLength() throws {
        let server = try AppServer()
        defer { server.stop() }
        let mapping =
            #"{"request": {"url": "/slow"}, "response": {"body": "0123456789", "chunkedDribbleDelay": {"numberOfChunks": 5, "totalDuration": 50}}}"#
        #expect(try server.request("POST", "/__admin/mappings", json: mapping).status == 201)
        let answer = try server.request("GET", "/slow")
        #expect(answer.status == 200 && answer.header("Content-Length") == "10" && answer.bodyText == "0123456789")
    }
}
