import Testing

@testable import ShortcutLinks

/// Apple's example file from "Supporting associated domains" and the applinks docs, with the
/// substitution variables example added (`$(lang)_$(region)` and a declared `$(food)`).
let appleExample = """
    {
      "applinks": {
        "substitutionVariables": { "food": ["burrito", "pizza", "sushi", "samosa"] },
        "details": [{
          "appIDs": ["ABCDE12345.com.example.app", "ABCDE12345.com.example.app2"],
          "components": [
            { "#": "no_universal_links", "exclude": true, "comment": "fragment no_universal_links stays in Safari" },
            { "/": "/buy/*", "comment": "paths starting with /buy/" },
            { "/": "/help/website/*", "exclude": true },
            { "/": "/help/*", "?": { "articleNumber": "????" } },
            { "/": "/$(lang)_$(region)/$(food)/" }
          ]
        }]
      },
      "webcredentials": { "apps": ["ABCDE12345.com.example.app"] },
      "appclips": { "apps": ["ABCED12345.com.example.MyApp.Clip"] }
    }
    """

func matcher(_ json: String) throws -> LinkMatcher {
    let report = AASAChecker.check(Array(json.utf8), file: "test.json")
    let file = try #require(report.file, "\(report.problems)")
    return try LinkMatcher(file: file)
}

func trace(_ json: String, _ url: String) throws -> LinkTrace {
    try matcher(json).trace(LinkURL(parsing: url))
}

/// A file of one entry with `components`.
func components(_ list: String, defaults: String = "") -> String {
    """
    {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], \(defaults.isEmpty ? "" : "\"defaults\": \(defaults),") "components": [\(list)]}]}}
    """
}

@Suite struct LinkMatcherTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let url: String
        let opens: Bool
        /// The deciding rule, relative to `applinks.details[0]`; nil when nothing decided.
        let decidedBy: String?
        var testDescription: String { url }
    }

    @Test(arguments: [
        Case(url: "https://example.com/buy/shoes", opens: true, decidedBy: "components[1]"),
        Case(url: "https://example.com/buy/", opens: true, decidedBy: "components[1]"),
        Case(url: "https://example.com/buy", opens: false, decidedBy: nil),  // trailing slash: /buy/* needs "/buy/"
        Case(url: "https://example.com/buy/shoes#no_universal_links", opens: false, decidedBy: "components[0]"),
        Case(url: "https://example.com/help/website/faq", opens: false, decidedBy: "components[2]"),
        Case(url: "https://example.com/help/article?articleNumber=1234", opens: true, decidedBy: "components[3]"),
        Case(url: "https://example.com/help/article?x=1&articleNumber=1234", opens: true, decidedBy: "components[3]"),
        Case(url: "https://example.com/help/article?articleNumber=123", opens: false, decidedBy: nil),
        Case(url: "https://example.com/help/article", opens: false, decidedBy: nil),
        Case(url: "https://example.com/en_US/pizza/", opens: true, decidedBy: "components[4]"),
        Case(url: "https://example.com/fr_CA/sushi/", opens: true, decidedBy: "components[4]"),
        Case(url: "https://example.com/en_UK/pizza/", opens: false, decidedBy: nil),  // UK is not an ISO region code
        Case(url: "https://example.com/en_US/pasta/", opens: false, decidedBy: nil),
        Case(url: "https://example.com/xx_US/pizza/", opens: false, decidedBy: nil),
        Case(url: "https://example.com", opens: false, decidedBy: nil),
        Case(url: "http://example.com/buy/shoes", opens: false, decidedBy: nil),  // universal links are https only
    ])
    func appleExampleDecides(_ row: Case) throws {
        let result = try trace(appleExample, row.url)
        #expect(result.opensApp == row.opens)
        #expect(result.decidedBy == row.decidedBy.map { "applinks.details[0].\($0)" })
        if row.opens { #expect(result.app == "ABCDE12345.com.example.app") }
    }

    @Test func everyRuleUpToTheDecidingOneIsInTheTrace() throws {
        let result = try trace(appleExample, "https://example.com/help/article?articleNumber=1234")
        let steps = try #require(result.entries.first).steps
        #expect(steps.map(\.verdict) == [.noMatch, .noMatch, .noMatch, .match])
        #expect(steps[0].reason == "fragment \"\" does not match \"no_universal_links\"")
        #expect(steps[1].reason == "path \"/help/article\" does not match \"/buy/*\"")
        #expect(
            result.result
                == "opens in ABCDE12345.com.example.app (the first installed of ABCDE12345.com.example.app, ABCDE12345.com.example.app2)")
    }

    struct PatternCase: Sendable, CustomTestStringConvertible {
        let component: String
        let url: String
        let opens: Bool
        var testDescription: String { "\(component) \(url)" }
    }

    @Test(arguments: [
        // * any run (none too), ? exactly one, ?* one or more
        PatternCase(component: #"{"/": "/a/*"}"#, url: "https://e.com/a/", opens: true),
        PatternCase(component: #"{"/": "/a/?"}"#, url: "https://e.com/a/", opens: false),
        PatternCase(component: #"{"/": "/a/?"}"#, url: "https://e.com/a/x", opens: true),
        PatternCase(component: #"{"/": "/a/?"}"#, url: "https://e.com/a/xy", opens: false),
        PatternCase(component: #"{"/": "/a/?*"}"#, url: "https://e.com/a/", opens: false),
        PatternCase(component: #"{"/": "/a/?*"}"#, url: "https://e.com/a/xyz", opens: true),
        PatternCase(component: #"{"/": "*"}"#, url: "https://e.com", opens: true),  // empty path is "/"
        PatternCase(component: #"{"/": "/"}"#, url: "https://e.com", opens: true),
        PatternCase(component: #"{"/": "/*/b"}"#, url: "https://e.com/x/y/b", opens: true),  // * crosses "/"
        // case per caseSensitive (default true), also for variables
        PatternCase(component: #"{"/": "/Buy/*"}"#, url: "https://e.com/buy/x", opens: false),
        PatternCase(component: #"{"/": "/Buy/*", "caseSensitive": false}"#, url: "https://e.com/bUY/x", opens: true),
        PatternCase(component: #"{"/": "/$(upper)", "caseSensitive": false}"#, url: "https://e.com/q", opens: true),
        PatternCase(component: #"{"/": "/$(upper)"}"#, url: "https://e.com/q", opens: false),
        PatternCase(component: #"{"/": "/$(digit)$(digit)"}"#, url: "https://e.com/42", opens: true),
        PatternCase(component: #"{"/": "/$(xdigit)"}"#, url: "https://e.com/g", opens: false),
        // percentEncoded (default true): the pattern meets the URL as sent; false decodes the URL first
        PatternCase(component: #"{"/": "/a%2Fb"}"#, url: "https://e.com/a%2Fb", opens: true),
        PatternCase(component: #"{"/": "/a/b"}"#, url: "https://e.com/a%2Fb", opens: false),
        PatternCase(component: #"{"/": "/a/b", "percentEncoded": false}"#, url: "https://e.com/a%2Fb", opens: true),
        PatternCase(component: #"{"/": "/café", "percentEncoded": false}"#, url: "https://e.com/caf%C3%A9", opens: true),
        PatternCase(component: #"{"/": "/café"}"#, url: "https://e.com/caf%C3%A9", opens: false),
        PatternCase(component: #"{"/": "/caf%C3%A9"}"#, url: "https://e.com/café", opens: true),  // typed unicode is sent encoded
        PatternCase(component: #"{"/": "/caf?", "percentEncoded": false}"#, url: "https://e.com/café", opens: true),  // ? is one character
        PatternCase(component: #"{"/": "/%FF", "percentEncoded": false}"#, url: "https://e.com/%FF", opens: true),  // not UTF-8: kept
        // query: string pattern or dictionary; every key required, extra items allowed
        PatternCase(component: #"{"?": "id=*"}"#, url: "https://e.com/?id=7", opens: true),
        PatternCase(component: #"{"?": "?*"}"#, url: "https://e.com/", opens: false),
        PatternCase(component: #"{"?": {"a": "1", "b": "*"}}"#, url: "https://e.com/?b=&a=1", opens: true),
        PatternCase(component: #"{"?": {"a": "1", "b": "*"}}"#, url: "https://e.com/?a=1", opens: false),
        PatternCase(component: #"{"?": {"q": "a b"}, "percentEncoded": false}"#, url: "https://e.com/?q=a%20b", opens: true),
        // fragment
        PatternCase(component: ##"{"#": "tab-?"}"##, url: "https://e.com/#tab-2", opens: true),
        PatternCase(component: ##"{"#": "tab-?"}"##, url: "https://e.com/", opens: false),
        // exclude stops with no match even when a later rule would match
        PatternCase(component: #"{"/": "/x", "exclude": true}, {"/": "*"}"#, url: "https://e.com/x", opens: false),
        PatternCase(component: #"{"/": "/x", "exclude": true}, {"/": "*"}"#, url: "https://e.com/y", opens: true),
    ])
    func patternRules(_ row: PatternCase) throws {
        #expect(try trace(components(row.component), row.url).opensApp == row.opens)
    }

    @Test func defaultsApplyToEveryComponentUnlessOneSaysOtherwise() throws {
        let file = components(#"{"/": "/A", "caseSensitive": true}, {"/": "/B"}"#, defaults: #"{"caseSensitive": false}"#)
        #expect(try trace(file, "https://e.com/a").opensApp == false)
        #expect(try trace(file, "https://e.com/b").opensApp == true)
    }

    @Test func legacyPathsWithNOTExclude() throws {
        let file = #"{"applinks": {"apps": [], "details": [{"appID": "ABCDE12345.com.example.app", "paths": ["NOT /private/*", "*"]}]}}"#
        let excluded = try trace(file, "https://e.com/private/1")
        #expect(!excluded.opensApp)
        #expect(excluded.decidedBy == "applinks.details[0].paths[0]")
        #expect(try trace(file, "https://e.com/public").decidedBy == "applinks.details[0].paths[1]")
    }

    @Test func anExclusionInOneEntryLeavesTheNextEntrysApp() throws {
        let file = #"""
            {"applinks": {"details": [
              {"appIDs": ["ABCDE12345.com.example.one"], "components": [{"/": "/shared/*", "exclude": true}]},
              {"appIDs": ["ABCDE12345.com.example.two"], "components": [{"/": "/shared/*"}]}]}}
            """#
        let result = try trace(file, "https://e.com/shared/x")
        #expect(result.app == "ABCDE12345.com.example.two")
        #expect(result.decidedBy == "applinks.details[1].components[0]")
        #expect(result.entries.count == 2)
    }

    @Test func aLongRunOfStarsAndVariablesStaysLinear() throws {
        let stars = String(repeating: "*", count: 50_000)
        let pattern = try LinkPattern("/" + stars + "x")
        #expect(!pattern.matches("/" + String(repeating: "a", count: 2_000)))
        #expect(pattern.matches("/" + String(repeating: "a", count: 2_000) + "x"))
    }

    @Test func urlsAreRefusedWithAReason() {
        #expect(throws: LinkURL.Failure.self) { try LinkURL(parsing: "example.com/buy") }
        #expect(throws: LinkURL.Failure(description: "the URL is 8193 bytes; the limit is 8192")) {
            try LinkURL(parsing: "https://e.com/" + String(repeating: "a", count: 8193 - 14))
        }
        #expect((try? LinkURL(parsing: "https://e.com/" + String(repeating: "a", count: 8192 - 14))) != nil)
        #expect(throws: LinkURL.Failure.self) { try LinkURL(parsing: "https://e.com/a\nb") }
    }

    @Test func urlPartsAreKeptEncoded() throws {
        let url = try LinkURL(parsing: "HTTPS://user@Example.COM:443/a%2Fb/ü?x=1&y#frag")
        #expect(url.scheme == "https")
        #expect(url.host == "example.com")
        #expect(url.path == "/a%2Fb/%C3%BC")
        #expect(url.query == "x=1&y")
        #expect(url.queryItems.map(\.name) == ["x", "y"])
        #expect(url.fragment == "frag")
    }
}
