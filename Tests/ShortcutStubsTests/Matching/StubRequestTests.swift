import ShortcutStubs
import Testing

@Suite("The request as the matcher sees it")
struct StubRequestTests {
    @Test func keepsTheURLRawAndDecodesTheQuery() {
        let request = Fixture.request("GET", "/a%20b/c?name=J%C3%BCrgen+M&tag=x&tag=y&empty=&flag")
        #expect(request.url == "/a%20b/c?name=J%C3%BCrgen+M&tag=x&tag=y&empty=&flag")
        #expect(request.path == "/a%20b/c")
        #expect(request.rawQuery == "name=J%C3%BCrgen+M&tag=x&tag=y&empty=&flag")
        #expect(request.queryValues("name") == ["Jürgen M"])
        #expect(request.queryValues("tag") == ["x", "y"])
        #expect(request.queryValues("empty") == [""])
        #expect(request.queryValues("flag") == [""])
        #expect(request.queryValues("missing") == nil)
    }

    @Test(arguments: [
        ("http://localhost:8080/a/b?c=1", "/a/b?c=1"),
        ("https://example.com", "/"),
        ("HTTP://example.com?q=1", "/?q=1"),
        ("/plain", "/plain"),
    ])
    func reducesAnAbsoluteTargetToPathAndQuery(target: String, url: String) {
        #expect(Fixture.request("GET", target).url == url)
    }

    @Test(arguments: [
        ("a+b", "a b"),
        ("%41%42", "AB"),
        ("100%", "100%"),
        ("%zz", "%zz"),
        ("2024-05-01T10:00:00+02:00", "2024-05-01T10:00:00+02:00"),
        ("2024-05-01T10:00Z", "2024-05-01T10:00Z"),
        ("2024-13-01T10:00:00+02:00", "2024-13-01T10:00:00 02:00"),
        ("1+1", "1 1"),
    ])
    func decodesLikeJavasURLDecoderExceptDateTimes(raw: String, decoded: String) {
        #expect(FormDecoding.decode(Substring(raw)) == decoded)
    }

    @Test func headerNamesAreCaseInsensitiveAndRepeatsKept() {
        let request = Fixture.request("GET", "/", headers: [("Accept", "text/html"), ("X-Tag", "a"), ("x-tag", "b")])
        #expect(request.headerValues("accept") == ["text/html"])
        #expect(request.headerValues("X-TAG") == ["a", "b"])
        #expect(request.headerValues("Missing") == nil)
    }

    @Test func cookiesComeFromEveryCookieField() {
        let request = Fixture.request("GET", "/", headers: [("Cookie", "session=abc123; theme=\"dark\""), ("cookie", "session=second")])
        #expect(request.cookieValues("session") == ["abc123", "second"])
        #expect(request.cookieValues("theme") == ["dark"])
        #expect(request.cookieValues("none") == nil)
    }

    @Test func formParametersOnlyForAFormBody() {
        let form = Fixture.request(
            "POST", "/", headers: [("Content-Type", "application/x-www-form-urlencoded; charset=UTF-8")], body: "user=jo+e&tag=1&tag=2")
        #expect(form.formParameters == [NamedValue("user", "jo e"), NamedValue("tag", "1"), NamedValue("tag", "2")])
        let json = Fixture.request("POST", "/", headers: [("Content-Type", "application/json")], body: "user=x")
        #expect(json.formParameters.isEmpty)
    }

    @Test func bodyAsTextAndJSON() throws {
        let request = Fixture.request("POST", "/", body: #"{"a": 1}"#)
        #expect(request.bodyText == #"{"a": 1}"#)
        #expect(try request.bodyJSON().get() == .object([("a", .number(1))]))
        #expect((try? Fixture.request("POST", "/", body: "nope").bodyJSON().get()) == nil)
    }
}
