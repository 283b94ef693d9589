import ShortcutJSON
import Testing

@testable import ShortcutStubs

@Suite("Snapshot: the request each stub matches")
struct SnapshotRequestTests {
    private typealias X = RecordingFixture

    @Test func aGETBecomesTheExactURLAndMethod() throws {
        let stubs = X.snapshot([X.exchange("GET", "/v1/users/42?expand=roles&x=%20", responseBody: Array("hi".utf8))])
        let mapping = try X.only(stubs)
        #expect(mapping["request"] == .object([("url", .string("/v1/users/42?expand=roles&x=%20")), ("method", .string("GET"))]))
        #expect(mapping["id"] == .string(X.id(1)))
        #expect(mapping["uuid"] == .string(X.id(1)))
        #expect(mapping["name"] == .string("get-v1-users-42"))
        #expect(mapping["persistent"] == .bool(true))
        #expect(mapping["scenarioName"] == nil)
        let stub = try #require(try X.readBack(stubs).first)
        #expect(stub.id == X.id(1))
        #expect(stub.request.matches(Fixture.request("GET", "/v1/users/42?expand=roles&x=%20")))
        #expect(!stub.request.matches(Fixture.request("GET", "/v1/users/42?expand=roles")))
        #expect(!stub.request.matches(Fixture.request("HEAD", "/v1/users/42?expand=roles&x=%20")))
    }

    @Test func notPersistedLeavesPersistentOut() throws {
        var spec = RecordSpec()
        spec.persist = false
        let mapping = try X.only(X.snapshot([X.exchange("GET", "/a")], spec: spec))
        #expect(mapping["persistent"] == nil)
        #expect(try X.readBack(X.snapshot([X.exchange("GET", "/a")], spec: spec)).first?.persistent == nil)
    }

    @Test(arguments: [
        ("GET", "/v1/users/42", "get-v1-users-42"),
        ("GET", "/v1/users/42?expand=roles", "get-v1-users-42"),
        ("POST", "/", "post"),
        ("DELETE", "/Orders/ABC_123/", "delete-orders-abc-123"),
        ("GET", "/a%20b//c", "get-a-20b-c"),
        ("GET", "/caf\u{E9}/\u{1F600}", "get-caf"),
        ("M-SEARCH", "*", "m-search"),
        ("!", "/", "request"),
        ("GET", "/" + String(repeating: "abcdefghi/", count: 10), "get-abcdefghi-abcdefghi-abcdefghi-abcdefghi-abcdefghi-abcdef"),
        ("GET", "/" + String(repeating: "a", count: 55) + "/bcd", "get-" + String(repeating: "a", count: 55)),
    ])
    func namesComeFromTheMethodAndPath(method: String, url: String, name: String) throws {
        let mapping = try X.only(X.snapshot([X.exchange(method, url)]))
        #expect(mapping["name"] == .string(name))
        #expect(name.utf8.count <= 60)
        _ = try X.readBack(X.snapshot([X.exchange(method, url)]))
    }

    @Test func filtersChooseTheExchangesAndKeepTheirOrder() throws {
        let spec = try X.spec(#"{"filters": {"urlPathPattern": "/api/.*", "method": "GET"}}"#)
        let stubs = X.snapshot(
            [
                X.exchange("GET", "/api/b"), X.exchange("GET", "/static/app.js"), X.exchange("POST", "/api/b"),
                X.exchange("GET", "/api/a?x=1"),
            ], spec: spec)
        #expect(stubs.mappings.map { $0["request"]?["url"] } == [.string("/api/b"), .string("/api/a?x=1")])
        #expect(stubs.ids == [X.id(1), X.id(2)])
    }

    @Test func filtersSeeTheRequestHeadersAndBody() throws {
        let spec = try X.spec(
            #"{"filters": {"headers": {"X-Record": {"equalTo": "yes"}}, "bodyPatterns": [{"contains": "keep"}]}}"#)
        let stubs = X.snapshot(
            [
                X.exchange("POST", "/a", requestHeaders: [("x-record", "yes")], requestBody: Array("keep me".utf8)),
                X.exchange("POST", "/b", requestHeaders: [("X-Record", "no")], requestBody: Array("keep me".utf8)),
                X.exchange("POST", "/c", requestHeaders: [("X-Record", "yes")], requestBody: Array("drop me".utf8)),
            ], spec: spec)
        #expect(stubs.mappings.map { $0["request"]?["url"] } == [.string("/a")])
    }

    @Test func capturedHeadersPresentInTheRequestAreMatched() throws {
        let spec = try X.spec(#"{"captureHeaders": {"Accept": {}, "X-Tenant": {"caseInsensitive": true}, "Authorization": {}}}"#)
        let exchange = X.exchange(
            "GET", "/a", requestHeaders: [("accept", "application/json"), ("X-TENANT", "Acme"), ("X-Tenant", "Other"), ("Host", "h")])
        let stubs = X.snapshot([exchange], spec: spec)
        let mapping = try X.only(stubs)
        // Names as the spec gives them, first values, and a header the request lacks left out.
        #expect(
            mapping["request"]?["headers"]?.description
                == #"{"Accept":{"equalTo":"application/json"},"X-Tenant":{"equalTo":"Acme","caseInsensitive":true}}"#)
        let stub = try #require(try X.readBack(stubs).first)
        #expect(stub.request.matches(exchange.stubRequest))
        #expect(stub.request.matches(Fixture.request("GET", "/a", headers: [("Accept", "application/json"), ("x-tenant", "ACME")])))
        #expect(!stub.request.matches(Fixture.request("GET", "/a", headers: [("Accept", "APPLICATION/JSON"), ("X-Tenant", "Acme")])))
        #expect(!stub.request.matches(Fixture.request("GET", "/a", headers: [("Accept", "application/json")])))
    }

    @Test func noCapturedHeaderPresentMeansNoHeadersField() throws {
        let spec = try X.spec(#"{"captureHeaders": {"Accept": {}}}"#)
        #expect(try X.only(X.snapshot([X.exchange("GET", "/a")], spec: spec))["request"]?["headers"] == nil)
    }

    @Test(arguments: [
        ("application/json", #"{"b": [1, 2], "a": "x"}"#),
        ("application/vnd.api+json; charset=utf-8", #"[1, {"k": null}]"#),
        ("TEXT/JSON", "42"),
    ])
    func aJSONBodyIsMatchedAsJSONIgnoringOrderAndExtras(contentType: String, body: String) throws {
        let exchange = X.exchange("POST", "/a", requestHeaders: [("Content-Type", contentType)], requestBody: Array(body.utf8))
        let stubs = X.snapshot([exchange])
        let pattern = try #require(try X.only(stubs)["request"]?["bodyPatterns"])
        #expect(
            pattern
                == .array([
                    .object([("equalToJson", .string(body)), ("ignoreArrayOrder", .bool(true)), ("ignoreExtraElements", .bool(true))])
                ]))
        let stub = try #require(try X.readBack(stubs).first)
        #expect(stub.request.bodyPatterns.map(\.operatorName) == ["equalToJson"])
        #expect(stub.request.matches(exchange.stubRequest))
    }

    @Test func aJSONBodyMatchesReorderedAndExtendedDocuments() throws {
        let exchange = X.exchange(
            "POST", "/a", requestHeaders: [("Content-Type", "application/json")], requestBody: Array(#"{"a": [1, 2], "b": "x"}"#.utf8))
        let stub = try #require(try X.readBack(X.snapshot([exchange])).first)
        #expect(stub.request.matches(Fixture.request("POST", "/a", body: #"{"extra": true, "b": "x", "a": [2, 1]}"#)))
        #expect(!stub.request.matches(Fixture.request("POST", "/a", body: #"{"a": [1, 2], "b": "y"}"#)))
    }

    @Test(arguments: [
        ("application/json", "{not json"),
        ("text/plain", #"{"a": 1}"#),
        ("application/x-www-form-urlencoded", "a=1&b=%20"),
        ("", "plain text \u{1F600}\u{0}\r\n"),
    ])
    func otherTextIsMatchedExactly(contentType: String, body: String) throws {
        let headers: [(name: String, value: String)] = contentType.isEmpty ? [] : [("Content-Type", contentType)]
        let exchange = X.exchange("PUT", "/a", requestHeaders: headers, requestBody: Array(body.utf8))
        let stubs = X.snapshot([exchange])
        #expect(try X.only(stubs)["request"]?["bodyPatterns"] == .array([.object([("equalTo", .string(body))])]))
        let stub = try #require(try X.readBack(stubs).first)
        #expect(stub.request.matches(exchange.stubRequest))
        #expect(!stub.request.matches(Fixture.request("PUT", "/a", headers: headers.map { ($0.name, $0.value) }, body: body + " ")))
    }

    @Test func aBodyThatIsNotUTF8IsMatchedByItsBytes() throws {
        let bytes: [UInt8] = [0xFF, 0x00, 0x7B, 0xC3]
        let exchange = X.exchange(
            "POST", "/upload", requestHeaders: [("Content-Type", "application/json")], requestBody: bytes)
        let stubs = X.snapshot([exchange])
        #expect(try X.only(stubs)["request"]?["bodyPatterns"] == .array([.object([("binaryEqualTo", .string("/wB7ww=="))])]))
        let stub = try #require(try X.readBack(stubs).first)
        #expect(stub.request.matches(exchange.stubRequest))
        #expect(!stub.request.matches(X.exchange("POST", "/upload", requestBody: [0xFF, 0x00, 0x7B, 0xC4]).stubRequest))
    }

    @Test func anEmptyBodyIsNotMatched() throws {
        #expect(try X.only(X.snapshot([X.exchange("POST", "/a")]))["request"]?["bodyPatterns"] == nil)
    }

    @Test func anExchangeNoMappingCouldSayIsLeftOut() throws {
        let stubs = X.snapshot([
            X.exchange("G ET", "/a"), X.exchange("", "/b"), X.exchange("GET", "/c", status: 600), X.exchange("GET", "/d", status: 99),
            X.exchange("GET", "/e", status: 599), X.exchange("GET", "/f", status: 100),
        ])
        #expect(stubs.mappings.map { $0["request"]?["url"] } == [.string("/e"), .string("/f")])
        #expect(stubs.ids == [X.id(1), X.id(2)])
    }
}
