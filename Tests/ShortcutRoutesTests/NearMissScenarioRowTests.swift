import Foundation
import Testing

/// Issue 48, point 8: a 404 in a scenario's wrong state showed every criterion matching and no reason; the
/// near-miss report now has a `Scenario` row, the state required beside the state the scenario is in.
@Suite struct NearMissScenarioRowTests {
    @Test func aScenariosRequiredStateIsARowOfTheNearMiss() throws {
        let server = try AppServer()
        defer { server.stop() }
        let stub =
            #"{"scenarioName": "login", "requiredScenarioState": "Logged in", "request": {"method": "GET", "url": "/v1/feed"}, "response": {"body": "feed"}}"#
        #expect(try server.request("POST", "/__admin/mappings", json: stub).status == 201)
        let text = try server.request("GET", "/v1/feed")
        #expect(text.status == 404)
        #expect(
            text.bodyText.contains(#"Scenario "login" in state "Logged in""#) && text.bodyText.contains(#"state "Started""#),
            "\(text.bodyText)")
        #expect(text.bodyText.contains("Scenario does not match"), "\(text.bodyText)")
        let json = try server.request("GET", "/v1/feed", headers: ["Accept": "application/json"])
        #expect(json.bodyText.contains("Scenario") && json.bodyText.contains("Started"), "\(json.bodyText)")
        #expect(try server.request("PUT", "/__admin/scenarios/login/state", json: #"{"state": "Logged in"}"#).status == 200)
        #expect(try server.request("GET", "/v1/feed").bodyText == "feed")
    }
}
