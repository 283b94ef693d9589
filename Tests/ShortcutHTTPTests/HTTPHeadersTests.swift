import Testing
@testable import ShortcutHTTP

/// `HTTPHeaders` keeps track of fields that may not be sent, however the list is changed.
@Suite struct HTTPHeadersTests {
    @Test func firstInvalidNameFollowsEveryChange() {
        var headers: HTTPHeaders = ["Location": "/a"]
        #expect(headers.firstInvalidName == nil)
        headers["X-Bad"] = "a\r\nSet-Cookie: x"
        #expect(headers.firstInvalidName == "X-Bad")
        headers.add(name: "X-Fine", value: "ok")
        #expect(headers.firstInvalidName == "X-Bad")
        headers["x-bad"] = "now fine"
        #expect(headers.firstInvalidName == nil)
        headers.add(name: "Bad Name", value: "v")
        #expect(headers.firstInvalidName == "Bad Name")
        headers.remove("bad name")
        #expect(headers.firstInvalidName == nil)
        #expect(HTTPHeaders([("A", "\u{0}")]).firstInvalidName == "A")
        #expect(HTTPHeaders([("A", "tab\tok")]).firstInvalidName == nil)
    }
}
