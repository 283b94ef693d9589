import Dispatch
import Foundation
import TestSupport
import Testing

/// WireMock's scenarios (issue 41's first slice): a stub answers only in its `requiredScenarioState` and moves
/// the scenario to its `newScenarioState`, atomically with its answer; the admin API lists, resets and sets
/// them.
@Suite struct StubScenarioTests {
    static let cart = [
        #"{"scenarioName": "cart", "requiredScenarioState": "Started", "request": {"method": "GET", "url": "/cart"}, "response": {"body": "empty"}}"#,
        #"{"scenarioName": "cart", "requiredScenarioState": "Started", "newScenarioState": "filled", "request": {"method": "POST", "url": "/cart"}, "response": {"status": 201}}"#,
        #"{"scenarioName": "cart", "requiredScenarioState": "filled", "request": {"method": "GET", "url": "/cart"}, "response": {"body": "one item"}}"#,
    ]

    @Test func aStubAnswersInItsStateAndMovesTheScenarioOn() throws {
        let server = try AppServer()
        defer { server.stop() }
        for mapping in Self.cart { #expect(try server.request("POST", "/__admin/mappings", json: mapping).status == 201) }
        #expect(try server.request("GET", "/cart").bodyText == "empty")
        #expect(try server.request("POST", "/cart").status == 201)
        #expect(try server.request("GET", "/cart").bodyText == "one item")
        #expect(try server.request("POST", "/cart").status == 404, "the POST answers only in Started")

        let listed = try server.request("GET", "/__admin/scenarios")
        #expect(listed.bodyText.contains(#""name":"cart","state":"filled","possibleStates":["Started","filled"]"#), "\(listed.bodyText)")
        #expect(try server.request("POST", "/__admin/scenarios/reset").status == 200)
        #expect(try server.request("GET", "/cart").bodyText == "empty")
        #expect(try server.request("PUT", "/__admin/scenarios/cart/state", json: #"{"state": "filled"}"#).status == 200)
        #expect(try server.request("GET", "/cart").bodyText == "one item")
        #expect(try server.request("PUT", "/__admin/scenarios/cart/state", json: #"{"state": "gone"}"#).status == 422)
        #expect(try server.request("PUT", "/__admin/scenarios/nope/state", json: #"{"state": "x"}"#).status == 404)
        #expect(try server.request("PUT", "/__admin/scenarios/cart/state").status == 200, "no body: back to Started")
        #expect(try server.request("GET", "/cart").bodyText == "empty")
    }

    /// Twenty requests at once against a scenario whose first answer moves it on: exactly one gets it.
    @Test func concurrentRequestsNeverBothSeeTheStateTheFirstMovesOn() throws {
        let server = try AppServer()
        defer { server.stop() }
        let first =
            #"{"scenarioName": "once", "requiredScenarioState": "Started", "newScenarioState": "taken", "request": {"url": "/token"}, "response": {"body": "first"}}"#
        let later =
            #"{"scenarioName": "once", "requiredScenarioState": "taken", "request": {"url": "/token"}, "response": {"body": "later"}}"#
        #expect(try server.request("POST", "/__admin/mappings", json: first).status == 201)
        #expect(try server.request("POST", "/__admin/mappings", json: later).status == 201)
        let count = 20
        let answers = AnswerList()
        let port = server.port
        let start = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for _ in 0..<count {
            done.enter()
            Thread.detachNewThread {
                start.wait()
                do {
                    let client = try RawClient(port: port)
                    try client.send("GET /token HTTP/1.1\r\nHost: localhost\r\n\r\n")
                    answers.append(try client.readResponse().bodyText)
                } catch {
                    answers.append("error: \(error)")
                }
                done.leave()
            }
        }
        for _ in 0..<count { start.signal() }
        #expect(done.wait(timeout: .now() + 60) == .success)
        #expect(answers.all.filter { $0 == "first" }.count == 1, "\(answers.all)")
        #expect(answers.all.filter { $0 == "later" }.count == count - 1, "\(answers.all)")
    }

    final class AnswerList: @unchecked Sendable {  // guarded by lock
        private let lock = NSLock()
        private var items: [String] = []
        func append(_ item: String) { lock.withLock { items.append(item) } }
        var all: [String] { lock.withLock { items } }
    }
}
