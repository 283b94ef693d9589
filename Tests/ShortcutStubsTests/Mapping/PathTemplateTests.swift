import ShortcutStubs
import Testing

@Suite("urlPathTemplate")
struct PathTemplateTests {
    @Test(arguments: [
        ("/contacts/{contactId}/addresses/{addressId}", "/contacts/12345/addresses/99876", ["contactId": "12345", "addressId": "99876"]),
        ("/users/{id}", "/users/a%20b", ["id": "a%20b"]),
        ("/files/{name}.json", "/files/report.json", ["name": "report"]),
        ("/v{version}/status", "/v2/status", ["version": "2"]),
        ("/static", "/static", [:]),
    ])
    func bindsOneSegmentPerVariable(template: String, path: String, bound: [String: String]) throws {
        #expect(try PathTemplate(template).match(Substring(path)) == bound)
    }

    @Test(arguments: [
        ("/users/{id}", "/users/1/2"),
        ("/users/{id}", "/users/"),
        ("/users/{id}", "/users"),
        ("/files/{name}.json", "/files/.json"),
        ("/files/{name}.json", "/files/report.xml"),
        ("/static", "/Static"),
    ])
    func refusesPathsThatDoNotFit(template: String, path: String) throws {
        #expect(try PathTemplate(template).match(Substring(path)) == nil)
    }

    @Test func measuresDistanceWithoutVariables() throws {
        #expect(try PathTemplate("/contacts/{id}/x{n}y").withoutVariables == "/contacts/_/x_y")
        #expect(try PathTemplate("/a/{b}/{c}").variableNames == ["b", "c"])
    }
}
