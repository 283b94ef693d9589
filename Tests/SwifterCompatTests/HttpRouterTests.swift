import SwifterCompat
import Testing

/// Swifter's routing contract, as a table with no server: which route answers, with which captures.
@Suite struct HttpRouterTests {
    /// A router whose handlers answer with their own pattern (as a `.raw` phrase), so a lookup shows which matched.
    func router(_ routes: [(String?, String)]) -> HttpRouter {
        let router = HttpRouter()
        for (method, pattern) in routes {
            router.register(method, path: pattern) { _ in .raw(200, pattern, nil, nil) }
        }
        return router
    }

    func matched(_ router: HttpRouter, _ method: String?, _ path: String) -> (pattern: String, params: [String: String])? {
        guard let (params, handler) = router.route(method, path: path) else { return nil }
        return (handler(HttpRequest()).reasonPhrase, params)
    }

    @Test(arguments: ["/t", "/t/", "t", "//t", "/t?x=1"])
    func emptySegmentsAndTheQueryAreIgnored(path: String) {
        #expect(matched(router([(nil, "/t")]), "GET", path)?.pattern == "/t")
    }

    @Test func matchingIsCaseSensitive() {
        #expect(matched(router([(nil, "/t")]), "GET", "/T") == nil)
    }

    @Test func aCaptureTakesOneSegmentWithItsColonKeyAndDecodedValue() {
        let table = router([("GET", "/x/:id")])
        #expect(matched(table, "GET", "/x/42")?.params == [":id": "42"])
        #expect(matched(table, "GET", "/x/..%2F..%2Fetc%2Fpasswd")?.params == [":id": "../../etc/passwd"])
        #expect(matched(table, "GET", "/x/1/2") == nil, "a trailing capture takes one segment (Swifter 1.4.7)")
        #expect(matched(table, "GET", "/x") == nil)
    }

    @Test func literalsCompareDecoded() {
        #expect(matched(router([(nil, "/a b")]), "GET", "/a%20b")?.pattern == "/a b")
        #expect(matched(router([(nil, "/a")]), "GET", "/%zz") == nil, "an undecodable segment matches nothing")
    }

    @Test func aCaptureBeatsAStaticSiblingOnTheLastSegment() {
        let table = router([("GET", "/p/static"), ("GET", "/p/:v")])
        #expect(matched(table, "GET", "/p/static")?.pattern == "/p/:v")
        #expect(matched(table, "GET", "/p/static")?.params == [":v": "static"])
    }

    @Test func aStaticRouteAnswersWhenTheCaptureBranchLeadsNowhere() {
        let table = router([("GET", "/a/:x/b"), ("GET", "/a/c/d")])
        let found = matched(table, "GET", "/a/c/d")
        #expect(found?.pattern == "/a/c/d")
        #expect(found?.params == [:], "a failed branch leaves no captures behind")
        #expect(matched(table, "GET", "/a/q/b")?.params == [":x": "q"])
    }

    @Test func twoCaptureNamesAtOnePositionAreBothTriedInRegistrationOrder() {
        let table = router([("GET", "/v/:a/x"), ("GET", "/v/:b/y")])
        #expect(matched(table, "GET", "/v/1/x")?.params == [":a": "1"])
        #expect(matched(table, "GET", "/v/1/y")?.params == [":b": "1"])
    }

    @Test func aStarTakesExactlyOneSegment() {
        let table = router([(nil, "/s/*/end")])
        #expect(matched(table, "GET", "/s/any/end")?.pattern == "/s/*/end")
        #expect(matched(table, "GET", "/s/end") == nil)
        #expect(matched(table, "GET", "/s/a/b/end") == nil)
    }

    @Test func aTrailingDoubleStarTakesOneSegmentOrMore() {
        let table = router([(nil, "/d/**")])
        #expect(matched(table, "GET", "/d/1")?.pattern == "/d/**")
        #expect(matched(table, "GET", "/d/1/2/3")?.pattern == "/d/**")
        #expect(matched(table, "GET", "/d") == nil)
        #expect(matched(table, "GET", "/d/") == nil)
    }

    @Test func aDoubleStarInTheMiddleSkipsToALaterLiteral() {
        let table = router([(nil, "/a/**/c")])
        #expect(matched(table, "GET", "/a/1/2/c")?.pattern == "/a/**/c")
        #expect(matched(table, "GET", "/a/1/2/3/c")?.pattern == "/a/**/c")
        // Swifter looks for the literal from two segments past `**`'s first: one skipped segment is not enough.
        #expect(matched(table, "GET", "/a/1/c") == nil)
        #expect(matched(table, "GET", "/a/1/2/x") == nil)
    }

    @Test func theMethodsRoutesComeBeforeTheAnyMethodOnes() {
        let table = router([(nil, "/r"), ("POST", "/r")])
        #expect(matched(table, "POST", "/r")?.pattern == "/r")
        let both = HttpRouter()
        both.register(nil, path: "/r") { _ in .raw(200, "any", nil, nil) }
        both.register("POST", path: "/r") { _ in .raw(200, "post", nil, nil) }
        #expect(matched(both, "POST", "/r")?.pattern == "post")
        #expect(matched(both, "GET", "/r")?.pattern == "any")
        #expect(matched(both, nil, "/r")?.pattern == "any", "no method: only the any-method routes")
    }

    @Test func headIsNotMappedToGetByTheRouter() {
        let table = router([("GET", "/onlyget")])
        #expect(matched(table, "HEAD", "/onlyget") == nil)
        #expect(matched(table, "GET", "/onlyget") != nil)
    }

    @Test func theRootRoute() {
        let table = router([(nil, "/")])
        #expect(matched(table, "GET", "/")?.pattern == "/")
        #expect(matched(table, "GET", "") != nil)
        #expect(table.routes() == [""])
    }

    @Test func registeringAgainReplacesAndNilRemoves() {
        let table = HttpRouter()
        table.register(nil, path: "/r") { _ in .raw(200, "first", nil, nil) }
        table.register(nil, path: "/r") { _ in .raw(200, "second", nil, nil) }
        #expect(matched(table, "GET", "/r")?.pattern == "second")
        table.register(nil, path: "/r", handler: nil)
        #expect(matched(table, "GET", "/r") == nil)
        #expect(table.routes() == [])
    }

    @Test func routesListsPatternsWithoutMethodsGroupedByMethodInRegistrationOrder() {
        let table = router([("GET", "/a/:id"), (nil, "/"), ("POST", "/b"), (nil, "/c/**"), ("GET", "/a/x")])
        #expect(table.routes() == ["/a/:id", "/a/x", "", "/c/**", "/b"])
    }
}
