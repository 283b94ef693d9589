import ShortcutJSON
import ShortcutStubs
import Testing

@testable import ShortcutRecords

/// A scenario stub's match and the state change it makes are one step (issue 41): while a request is between
/// the two, the scenario lock is held, so no other request can read the state it is about to move on.
@Suite struct StubServiceScenarioTests {
    static func mapping(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

    @Test func theStateChangeHappensUnderTheLockTheMatchTookItsStateUnder() throws {
        let stubs = StubService()
        try stubs.add(
            Self.mapping(
                #"{"scenarioName": "s", "requiredScenarioState": "Started", "newScenarioState": "next", "request": {"url": "/a"}, "response": {"body": "1"}}"#
            ))
        try stubs.add(
            Self.mapping(#"{"scenarioName": "s", "requiredScenarioState": "next", "request": {"url": "/a"}, "response": {"body": "2"}}"#))
        var heldDuringTheChange: Bool?
        stubs.afterScenarioMatch = {
            let free = stubs.scenarioLock.tryLock()
            if free { stubs.scenarioLock.unlock() }
            heldDuringTheChange = !free
        }
        let request = StubRequest(method: "GET", target: "/a", headers: [])
        #expect(stubs.match(request).map { $0.mapping.response.body } == .text("1"))
        #expect(heldDuringTheChange == true, "the state was read and moved under separate holds of the lock")
        stubs.afterScenarioMatch = nil
        #expect(stubs.match(request).map { $0.mapping.response.body } == .text("2"))
        #expect(stubs.scenarios == [StubService.Scenario(name: "s", state: "next", possibleStates: ["Started", "next"])])
    }
}
