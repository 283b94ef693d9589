import ShortcutStubs
import Testing

@Suite("Near misses: the closest stubs, as text and JSON")
struct NearMissReportTests {
    private func report(_ stubs: [StubMapping], _ request: StubRequest, count: Int = 3) -> NearMissReport {
        NearMissReport(request: request, stubs: stubs, count: count)
    }

    @Test func ranksStubsByDistanceKeepingTheGivenOrderForTies() throws {
        let exactPath = try Fixture.stub(#""method": "GET", "urlPath": "/users/1", "headers": {"Accept": {"equalTo": "json"}}"#)
        let nearPath = try Fixture.stub(#""method": "GET", "urlPath": "/users/2""#)
        let farPath = try Fixture.stub(#""method": "GET", "urlPath": "/somewhere/else/entirely""#)
        let twin = try Fixture.stub(#""method": "GET", "urlPath": "/users/2""#)
        let nearMisses = report([farPath, nearPath, twin, exactPath], Fixture.request("GET", "/users/1")).nearMisses
        #expect(nearMisses.map(\.mapping.id) == [exactPath.id, nearPath.id, twin.id])
        #expect(nearMisses.map(\.report.distance) == nearMisses.map(\.report.distance).sorted())
    }

    @Test func countBoundsTheList() throws {
        let stubs = try (0..<5).map { try Fixture.stub(#""urlPath": "/\#($0)""#) }
        #expect(report(stubs, Fixture.request("GET", "/x")).nearMisses.count == 3)
        #expect(report(stubs, Fixture.request("GET", "/x"), count: 1).nearMisses.count == 1)
        #expect(report(stubs, Fixture.request("GET", "/x"), count: 0).nearMisses.isEmpty)
        #expect(report([], Fixture.request("GET", "/x")).nearMisses.isEmpty)
    }

    /// The text names the failing criterion for each kind of matcher.
    @Test(
        arguments: [
            (#""method": "POST", "urlPath": "/a""#, "GET", "/a", [], "", "HTTP method does not match"),
            (#""url": "/thing""#, "GET", "/thin", [], "", "URL does not match"),
            (
                #""headers": {"X-My-Header": {"contains": "correct value"}}"#, "GET", "/", [("X-My-Header", "wrong value")], "",
                "Header does not match"
            ),
            (#""headers": {"X-My-Header": {"equalTo": "correct value"}}"#, "GET", "/", [], "", "Header is not present"),
            (
                #""queryParameters": {"q": {"includes": [{"equalTo": "1"}, {"equalTo": "2"}]}}"#, "GET", "/?q=1", [], "",
                "Query does not match"
            ),
            (
                #""cookies": {"Cookie_1": {"contains": "one value"}}"#, "GET", "/", [("Cookie", "Cookie_1=zero value")], "",
                "Cookie does not match"
            ),
            (
                #""formParameters": {"one": {"equalTo": "1"}}"#, "PUT", "/", [("Content-Type", "application/x-www-form-urlencoded")],
                "one=2", "Form data does not match"
            ),
            (#""bodyPatterns": [{"equalToJson": {"thing": 1}}]"#, "POST", "/", [], #"{"thing": 2}"#, "Body does not match"),
            (#""bodyPatterns": [{"matchesJsonPath": "$.thing"}]"#, "POST", "/", [], "{}", "Body does not match"),
            (#""bodyPatterns": [{"doesNotMatch": ".*secret.*"}]"#, "POST", "/", [], "a secret", "Body does not match"),
            (#""basicAuthCredentials": {"username": "u", "password": "p"}"#, "GET", "/", [], "", "Basic auth does not match"),
            (
                #""urlPathTemplate": "/u/{id}", "pathParameters": {"id": {"matches": "[0-9]+"}}"#, "GET", "/u/x", [], "",
                "Path parameter does not match"
            ),
        ] as [(String, String, String, [(String, String)], String, String)])
    func textNamesTheFailingCriterion(
        pattern: String, method: String, target: String, headers: [(String, String)], body: String, message: String
    ) throws {
        let text = report([try Fixture.stub(pattern)], Fixture.request(method, target, headers: headers, body: body)).text
        #expect(text.contains("Request was not matched"))
        #expect(text.contains("<<<<< " + message))
        #expect(text.components(separatedBy: "<<<<< ").count == 2)  // only the failing line is marked
    }

    @Test func textIsWireMocksTable() throws {
        let stub = try Fixture.stub(
            #""method": "POST", "url": "/thing", "#
                + #""headers": {"X-My-Header": {"contains": "correct value"}, "Accept": {"matches": "text/plain.*"}}"#,
            extra: #""name": "The post stub""#)
        let text = report([stub], Fixture.request("POST", "/thin", headers: [("X-My-Header", "wrong value"), ("Accept", "text/plain")]))
            .text(width: 89)
        // WireMock's not-found-diff-sample_ascii(-narrow).txt layout, our words for the matchers.
        let expected = """

                                            Request was not matched
                                            =======================

            -----------------------------------------------------------------------------------------
            | Closest stub                              | Request                                   |
            -----------------------------------------------------------------------------------------
                                                        |
            The post stub                               |
                                                        |
            POST                                        | POST
            url "/thing"                                | /thin                                <<<<< URL does not match
                                                        |
            Header: X-My-Header contains "correct       | X-My-Header: wrong value             <<<<< Header does not match
            value"                                      |
            Header: Accept matches "text/plain.*"       | Accept: text/plain
                                                        |
            -----------------------------------------------------------------------------------------

            """
        #expect(text == expected)
    }

    @Test func notesAndLongValuesWrap() throws {
        let stub = try Fixture.stub(#""bodyPatterns": [{"equalToJson": {"a": 1}}]"#)
        let text = report([stub], Fixture.request("POST", "/", body: String(repeating: "x", count: 130))).text
        #expect(text.contains("  * not JSON: "))
        let lines = text.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 119 + 30 })
        #expect(lines.filter { $0.contains("xxxxx") }.count == 3)
    }

    @Test func noStubsSaysSo() {
        #expect(report([], Fixture.request("GET", "/")).text.contains("No stub mappings are configured."))
    }

    @Test func jsonIsWireMocksShapeWithCriteria() throws {
        let stub = try Fixture.stub(#""method": "GET", "urlPath": "/a", "queryParameters": {"q": {"equalTo": "1"}}"#)
        let request = Fixture.request("GET", "/a?q=2&q=3", headers: [("Accept", "x"), ("accept", "y"), ("Cookie", "s=1")], body: "hi")
        let json = report([stub], request).jsonValue()
        guard case .array(let misses) = json["nearMisses"], let miss = misses.first else {
            Issue.record("no nearMisses array")
            return
        }
        #expect(miss["stubMapping"] == stub.jsonValue)
        #expect(miss["matchResult"] == .object([("distance", .number(1.0 / 46))]))
        let logged = try #require(miss["request"])
        #expect(logged["url"] == .string("/a?q=2&q=3"))
        #expect(logged["method"] == .string("GET"))
        #expect(logged["headers"]?["Accept"] == .array([.string("x"), .string("y")]))
        #expect(logged["cookies"]?["s"] == .string("1"))
        #expect(logged["queryParams"]?["q"]?["values"] == .array([.string("2"), .string("3")]))
        #expect(logged["body"] == .string("hi"))
        #expect(logged["bodyAsBase64"] == .string("aGk="))
        guard case .array(let criteria) = miss["criteria"] else {
            Issue.record("no criteria")
            return
        }
        #expect(criteria.map { $0["label"] } == [.string("Method"), .string("URL"), .string("Query: q")])
        #expect(criteria.last?["matched"] == .bool(false))
        #expect(criteria.last?["actual"] == .string("2, 3"))
        #expect(report([stub], request).jsonValue(includeCriteria: false).description.contains("criteria") == false)
    }
}
