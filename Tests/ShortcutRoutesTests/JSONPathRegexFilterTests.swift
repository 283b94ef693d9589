import Foundation
import Testing

/// Issue 48, point 3: JSONPath filters with `=~ /regex/flags` (Jayway's, which WireMock's `matchesJsonPath` and
/// `jsonPath` helper use) were refused with a 422; they run on the stub engine's linear-time regex.
@Suite struct JSONPathRegexFilterTests {
    @Test func aMatchesJsonPathWithARegexFilterIsTakenAndMatches() throws {
        let server = try AppServer()
        defer { server.stop() }
        let stub =
            #"{"request": {"method": "POST", "url": "/orders", "bodyPatterns": [{"matchesJsonPath": "$.items[?(@.sku =~ /AB-[0-9]+/)]"}]}, "response": {"body": "hit"}}"#
        let added = try server.request("POST", "/__admin/mappings", json: stub)
        #expect(added.status == 201, "\(added.bodyText)")
        #expect(try server.request("POST", "/orders", json: #"{"items": [{"sku": "AB-12"}]}"#).bodyText == "hit")
        #expect(try server.request("POST", "/orders", json: #"{"items": [{"sku": "AB-12x"}]}"#).status == 404, "a whole match")
        let flagged =
            #"{"request": {"method": "POST", "url": "/people", "bodyPatterns": [{"matchesJsonPath": "$[?(@.name =~ /ada.*/i)]"}]}, "response": {"body": "ada"}}"#
        #expect(try server.request("POST", "/__admin/mappings", json: flagged).status == 201)
        #expect(try server.request("POST", "/people", json: #"[{"name": "Ada Lovelace"}]"#).bodyText == "ada")
        let refused = #"{"request": {"bodyPatterns": [{"matchesJsonPath": "$[?(@.a =~ /(.)\\1/)]"}]}, "response": {}}"#
        let answer = try server.request("POST", "/__admin/mappings", json: refused)
        #expect(answer.status == 422, "a backreference is still refused, naming the field: \(answer.bodyText)")
    }

    @Test func theJsonPathHelperTakesARegexFilter() throws {
        let server = try AppServer()
        defer { server.stop() }
        let stub =
            #"{"request": {"url": "/pick"}, "response": {"body": "{{jsonPath request.body '$.items[?(@.sku =~ /AB-.*/)].sku'}}", "transformers": ["response-template"]}}"#
        #expect(try server.request("POST", "/__admin/mappings", json: stub).status == 201)
        let answer = try server.request("POST", "/pick", json: #"{"items": [{"sku": "AB-1"}, {"sku": "XY-2"}]}"#)
        #expect(answer.status == 200 && answer.bodyText.contains("AB-1") && !answer.bodyText.contains("XY-2"), "\(answer.bodyText)")
    }
}
