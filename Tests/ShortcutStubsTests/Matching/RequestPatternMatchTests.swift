import Testing

@testable import ShortcutStubs

@Suite("Request patterns against requests")
struct RequestPatternMatchTests {
    private func matches(_ pattern: String, _ request: StubRequest) throws -> Bool { try Fixture.pattern(pattern).match(request).isMatch }

    @Test(arguments: [
        (#""method": "GET""#, "GET", true),
        (#""method": "GET""#, "get", false),
        (#""method": "GET""#, "POST", false),
        (#""method": "ANY""#, "DELETE", true),
        (#""urlPath": "/a""#, "PATCH", true),
        (#""method": "GET_OR_HEAD""#, "HEAD", true),
        (#""method": "GET_OR_HEAD""#, "POST", false),
    ])
    func method(pattern: String, method: String, matched: Bool) throws {
        #expect(try matches(pattern, Fixture.request(method, "/a")) == matched)
    }

    /// URL rows: WireMock matches the raw URL, so an encoded path does not equal its decoded form.
    @Test(arguments: [
        (#""url": "/your/url?and=query""#, "/your/url?and=query", true),
        (#""url": "/your/url""#, "/your/url?and=query", false),
        (#""url": "/your/url?and=query""#, "/your/url?query=and", false),
        (#""urlPath": "/your/url""#, "/your/url?and=query", true),
        (#""urlPath": "/your/url""#, "/your/url/", false),
        (#""urlPath": "/a b""#, "/a%20b", false),
        (#""urlPath": "/a%20b""#, "/a%20b", true),
        (#""urlPattern": "/your/([a-z]*)\\?and=query""#, "/your/url?and=query", true),
        (#""urlPattern": "/your/[a-z]*""#, "/your/url?and=query", false),
        (#""urlPathPattern": "/your/([a-z]*)""#, "/your/url?and=query", true),
        (#""urlPathPattern": "/your/([a-z]*)""#, "/your/url1", false),
        (#""urlPathTemplate": "/contacts/{contactId}""#, "/contacts/12345?x=1", true),
        (#""urlPathTemplate": "/contacts/{contactId}""#, "/contacts/12345/addresses", false),
        (#""method": "GET""#, "/anything/at/all?x", true),
    ])
    func url(pattern: String, target: String, matched: Bool) throws {
        #expect(try matches(pattern, Fixture.request("GET", target)) == matched)
    }

    @Test func templateBindsPathParametersForTemplating() throws {
        let report = try Fixture.pattern(
            #""urlPathTemplate": "/contacts/{contactId}/addresses/{addressId}", "pathParameters": {"contactId": {"equalTo": "12345"}}"#
        ).match(Fixture.request("GET", "/contacts/12345/addresses/99876"))
        #expect(report.isMatch)
        #expect(report.pathParameters == ["contactId": "12345", "addressId": "99876"])
        let miss = try Fixture.pattern(
            #""urlPathTemplate": "/contacts/{contactId}", "pathParameters": {"contactId": {"matches": "[0-9]+"}}"#
        )
        .match(Fixture.request("GET", "/contacts/abc"))
        #expect(!miss.isMatch)
        #expect(miss.failures.map(\.label) == ["Path parameter: contactId"])
    }

    @Test func headersAreCaseInsensitiveAndAbsentMeansAbsent() throws {
        let pattern = #""headers": {"content-type": {"contains": "json"}, "X-Debug": {"absent": true}}"#
        #expect(try matches(pattern, Fixture.request("GET", "/", headers: [("Content-Type", "application/json")])))
        #expect(try !matches(pattern, Fixture.request("GET", "/", headers: [("Content-Type", "application/json"), ("x-debug", "1")])))
        #expect(try !matches(pattern, Fixture.request("GET", "/")))
    }

    @Test func queryParametersAreMatchedDecoded() throws {
        let pattern = #""queryParameters": {"search term": {"equalTo": "WireMock rocks"}, "page": {"absent": true}}"#
        #expect(try matches(pattern, Fixture.request("GET", "/?search+term=WireMock%20rocks")))
        #expect(try !matches(pattern, Fixture.request("GET", "/?search+term=WireMock%20rocks&page=2")))
    }

    @Test func aMissingCookieMatchesOnlyAbsent() throws {
        #expect(try matches(#""cookies": {"session": {"absent": true}}"#, Fixture.request("GET", "/")))
        #expect(try !matches(#""cookies": {"session": {"doesNotContain": "x"}}"#, Fixture.request("GET", "/")))
        let withCookie = Fixture.request("GET", "/", headers: [("Cookie", "session=abc12345def")])
        #expect(try matches(#""cookies": {"session": {"matches": ".*12345.*"}}"#, withCookie))
        #expect(try !matches(#""cookies": {"session": {"absent": true}}"#, withCookie))
    }

    @Test func formParametersComeFromAFormBody() throws {
        let pattern = #""formParameters": {"tool": {"equalTo": "WireMock"}}"#
        let form = [("Content-Type", "application/x-www-form-urlencoded")]
        #expect(try matches(pattern, Fixture.request("POST", "/", headers: form, body: "tool=WireMock&x=1")))
        #expect(try !matches(pattern, Fixture.request("POST", "/", headers: form, body: "tool=Other")))
        #expect(try !matches(pattern, Fixture.request("POST", "/", headers: [("Content-Type", "text/plain")], body: "tool=WireMock")))
    }

    @Test func everyBodyPatternMustMatch() throws {
        let pattern = #""bodyPatterns": [{"contains": "total"}, {"matchesJsonPath": "$.total"}]"#
        #expect(try matches(pattern, Fixture.request("POST", "/", body: #"{"total": 3}"#)))
        #expect(try !matches(pattern, Fixture.request("POST", "/", body: #"{"totals": 3}"#)))
        #expect(try matches(#""bodyPatterns": [{"absent": true}]"#, Fixture.request("POST", "/")))
        #expect(
            try matches(
                #""bodyPatterns": [{"binaryEqualTo": "AQID"}]"#, StubRequest(method: "POST", target: "/", headers: [], body: [1, 2, 3])))
        #expect(
            try !matches(
                #""bodyPatterns": [{"binaryEqualTo": "AQID"}]"#, StubRequest(method: "POST", target: "/", headers: [], body: [1, 2])))
    }

    @Test(arguments: [
        ("Basic amVmZkBleGFtcGxlLmNvbTpqZWZmdGVlbmplZmZ0eWplZmY=", true),
        ("basic amVmZkBleGFtcGxlLmNvbTpqZWZmdGVlbmplZmZ0eWplZmY=", true),
        ("Basic amVmZkBleGFtcGxlLmNvbTp3cm9uZw==", false),
        ("Bearer token", false),
    ])
    func basicAuthIsTheAuthorizationHeader(authorization: String, matched: Bool) throws {
        let pattern = #""basicAuthCredentials": {"username": "jeff@example.com", "password": "jeffteenjefftyjeff"}"#
        #expect(try matches(pattern, Fixture.request("GET", "/", headers: [("Authorization", authorization)])) == matched)
    }

    @Test func basicAuthNeverReportsThePassword() throws {
        let report = try Fixture.pattern(#""basicAuthCredentials": {"username": "jeff", "password": "s3cret"}"#)
            .match(Fixture.request("GET", "/", headers: [("Authorization", "Basic Ym9iOmh1bnRlcjI=")]))
        let line = try #require(report.failures.first)
        #expect(line.label == "Basic auth")
        #expect(line.expected == #"username "jeff" (password not shown)"#)
        #expect(line.actual == #"username "bob""#)
        #expect(!line.expected.contains("s3cret") && !line.actual.contains("hunter2"))
        let absent = try Fixture.pattern(#""basicAuthCredentials": {"username": "jeff", "password": "s3cret"}"#).match(
            Fixture.request("GET", "/"))
        #expect(absent.failures.first?.actual == "(absent)")
    }

    @Test func reportListsEveryCriterionWithLabels() throws {
        let pattern = try Fixture.pattern(
            #"""
            "method": "POST", "urlPathTemplate": "/u/{id}", "pathParameters": {"id": {"equalTo": "1"}},
            "headers": {"Accept": {"contains": "json"}}, "queryParameters": {"expand": {"equalTo": "all"}},
            "formParameters": {"user": {"equalTo": "jo"}}, "cookies": {"session": {"absent": true}},
            "bodyPatterns": [{"contains": "user"}], "basicAuthCredentials": {"username": "a", "password": "b"}
            """#
        )
        let report = pattern.match(Fixture.request("POST", "/u/1?expand=all", headers: [("Accept", "application/json")]))
        #expect(
            report.criteria.map(\.label) == [
                "Method", "URL", "Path parameter: id", "Header: Accept", "Basic auth", "Query: expand", "Form: user", "Cookie: session",
                "Body",
            ])
        #expect(report.failures.map(\.label) == ["Basic auth", "Form: user", "Body"])
        #expect(report.criteria[3].expected == #"contains "json""#)
        #expect(report.criteria[3].actual == "application/json")
        #expect(report.criteria[6].actual == "(absent)")
        #expect(report.criteria[8].actual == "(empty)")
    }

    @Test func quickMatchStopsAtTheFirstFailure() throws {
        let pattern = try Fixture.pattern(#""method": "POST", "urlPath": "/a", "headers": {"X": {"equalTo": "1"}}"#)
        let report = pattern.match(in: MatchContext(Fixture.request("GET", "/a")), stopAtFirstFailure: true)
        #expect(report.criteria.map(\.label) == ["Method"])
        #expect(!pattern.matches(Fixture.request("GET", "/a")))
    }

    /// WireMock's weights: URL 10 and method 3 over 39 when either fails, else the groups over 46.
    @Test func distanceIsWireMocks() throws {
        let pattern = try Fixture.pattern(#""method": "GET", "url": "/abcd", "headers": {"X": {"equalTo": "1"}, "Y": {"equalTo": "2"}}"#)
        #expect(pattern.match(Fixture.request("GET", "/abcd", headers: [("X", "1"), ("Y", "2")])).distance == 0)
        #expect(pattern.match(Fixture.request("GET", "/abce", headers: [("X", "1"), ("Y", "2")])).distance == 10 * 0.2 / 39)
        #expect(pattern.match(Fixture.request("POST", "/abce")).distance == (10 * 0.2 + 3) / 39)
        #expect(pattern.match(Fixture.request("GET", "/abcd", headers: [("X", "1")])).distance == 0.5 / 46)
    }
}
