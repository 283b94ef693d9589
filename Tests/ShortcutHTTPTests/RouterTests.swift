import Testing

@testable import ShortcutHTTP

/// The router as a pure table: no server, no sockets.
@Suite struct RouterTests {
    /// A handler that answers with its own name, so a match shows which route won.
    static func named(_ name: String) -> HTTPHandler { { _ in .ok(.text(name)) } }

    static func winner(_ router: Router, _ path: String, method: HTTPMethod = .GET) -> String? {
        guard case .handler(let handler, let params, _) = router.match(method, path: path) else { return nil }
        var request = HTTPRequest(method: method, target: path)
        request.params = params
        return String(decoding: handler(request).body, as: UTF8.self)
    }

    static let patterns = ["/p/:id", "/p/new", "/p/*", "/p/**", "/p/:id/edit", "/s", "/", "/a/**"]

    @Test(arguments: [
        ("/p/new", "/p/new"), ("/p/42", "/p/:id"), ("/p/42/edit", "/p/:id/edit"), ("/p/42/x", "/p/**"),
        ("/p/a/b/c", "/p/**"), ("/s", "/s"), ("/", "/"), ("/a", "/a/**"), ("/a/b/c", "/a/**"),
    ])
    func literalBeatsParamBeatsWildcardBeatsRest(path: String, expected: String) {
        // Whatever the registration order, the same route wins.
        for order in [Self.patterns, Self.patterns.reversed(), Self.patterns.shuffled()] {
            var router = Router()
            for pattern in order { router.add(.GET, pattern, Self.named(pattern)) }
            #expect(Self.winner(router, path) == expected, "\(path) with order \(order)")
        }
    }

    @Test func unknownPathsAreNotFound() {
        var router = Router()
        router.add(.GET, "/s", Self.named("/s"))
        for path in ["/x", "/s/", "/s/1", "//s"] {
            if case .notFound = router.match(.GET, path: path) {} else { Issue.record("\(path) should be 404") }
        }
    }

    @Test func wrongMethodListsTheAllowedOnes() {
        var router = Router()
        router.add(.GET, "/p/:id", Self.named("get"))
        router.add(.DELETE, "/p/:id", Self.named("delete"))
        guard case .methodNotAllowed(let allowed) = router.match(.POST, path: "/p/1") else {
            Issue.record("expected 405")
            return
        }
        #expect(allowed == [.DELETE, .GET, .HEAD])
    }

    @Test func headFallsBackToGetAndAnyMethodMatchesAll() {
        var router = Router()
        router.add(.GET, "/g", Self.named("get"))
        router.add(nil, "/any", Self.named("any"))
        #expect(Self.winner(router, "/g", method: .HEAD) == "get")
        for method in [HTTPMethod.GET, .POST, .PUT, .DELETE, .PATCH, HTTPMethod("PURGE")] {
            #expect(Self.winner(router, "/any", method: method) == "any")
        }
    }

    @Test func capturesArePercentDecodedAndFoundWithOrWithoutTheColon() {
        var router = Router()
        router.add(.GET, "/p/:id/:part") { request in .ok(.text("\(request.params["id"] ?? "-")|\(request.params[":part"] ?? "-")")) }
        router.add(.GET, "/f/**") { request in .ok(.text(request.params["**"] ?? "-")) }
        #expect(Self.winner(router, "/p/a%20b/c%2Fd") == "a b|c/d")
        #expect(Self.winner(router, "/f/x/y%21") == "x/y!")
        if case .badPath = router.match(.GET, path: "/p/%zz/x") {} else { Issue.record("bad escape must be a bad path") }
        if case .badPath = router.match(.GET, path: "/p/%ff/x") {} else { Issue.record("invalid UTF-8 must be a bad path") }
    }

    @Test func backtracksWhenThePreferredBranchLeadsNowhere() {
        var router = Router()
        router.add(.GET, "/a/b/c", Self.named("literal"))
        router.add(.GET, "/a/:x/d", Self.named("param"))
        #expect(Self.winner(router, "/a/b/d") == "param")
        #expect(Self.winner(router, "/a/b/c") == "literal")
    }

    @Test func segmentsSplitOnSlashesKeepingEmptyOnes() {
        #expect(Router.segments(of: "/") == [])
        #expect(Router.segments(of: "/a/b") == ["a", "b"])
        #expect(Router.segments(of: "/a/") == ["a", ""])
        #expect(Router.segments(of: "//a") == ["", "a"])
        #expect(Router.segments(of: "/é/ü") == ["é", "ü"])
    }

    /// The per-request split-and-decode agrees with splitting, then decoding each segment.
    @Test(arguments: [
        "/", "", "/a/b", "/a/", "//a", "/é/ü", "a/b", "/%41%2Fb/c%20d", "/x/%E2%82%AC", "/%", "/a/%4",
        "/ok/%ZZ/x", "/%FF", "/caf%C3%A9/", "/v3/bench3k",
    ])
    func decodedSegmentsAgreeWithSplitThenDecode(path: String) {
        let raw = Router.segments(of: path)
        let (segments, malformed) = Router.decodedSegments(of: path)
        if let bad = raw.firstIndex(where: { PercentDecoding.decode($0) == nil }) {
            #expect(malformed == String(raw[bad]))
            #expect(segments == raw[..<bad].map { PercentDecoding.decode($0)! })
        } else {
            #expect(malformed == nil)
            #expect(segments == raw.map { PercentDecoding.decode($0)! })
        }
    }

    @Test func replacingAndRemovingRoutes() {
        var router = Router()
        router.add(.GET, "/x", Self.named("one"))
        router.add(.GET, "/x", Self.named("two"))
        #expect(Self.winner(router, "/x") == "two")
        router.remove(.GET, "/x")
        if case .notFound = router.match(.GET, path: "/x") {} else { Issue.record("removed route still matches") }
    }

    /// Issue 27: the journal names the route that answered: the pattern it was registered at.
    @Test func aMatchNamesItsPattern() {
        var router = Router()
        for pattern in Self.patterns { router.add(.GET, pattern, Self.named(pattern)) }
        router.add(nil, "/any/:thing", Self.named("any"))
        for (path, pattern) in [("/p/42", "/p/:id"), ("/s", "/s"), ("/a/b/c", "/a/**"), ("/any/x", "/any/:thing"), ("/p/new", "/p/new")] {
            guard case .handler(_, _, let found) = router.match(.GET, path: path) else {
                Issue.record("\(path) matches")
                continue
            }
            #expect(found == pattern, "\(path)")
        }
        guard case .handler(_, _, let head) = router.match(.HEAD, path: "/p/42") else {
            Issue.record("HEAD falls back to GET")
            return
        }
        #expect(head == "/p/:id")
    }
}
