import ShortcutStubs
import Testing

@Suite("Reading WireMock request patterns")
struct RequestPatternParseTests {
    @Test func wireMockDocumentationExampleReads() throws {
        // WireMock's request-matching page, minus the XML and multipart matchers it refuses.
        let pattern = try Fixture.pattern(
            #"""
            "urlPath": "/everything", "method": "ANY",
            "headers": {"Accept": {"contains": "xml"}},
            "queryParameters": {"search_term": {"equalTo": "WireMock"}},
            "cookies": {"session": {"matches": ".*12345.*"}},
            "bodyPatterns": [{"equalToJson": {"total_results": 4}}],
            "basicAuthCredentials": {"username": "jeff@example.com", "password": "jeffteenjefftyjeff"}
            """#)
        #expect(pattern.method == .any)
        #expect(pattern.url.summary == #"urlPath "/everything""#)
        #expect(pattern.headers.map(\.name) == ["Accept"])
        #expect(pattern.queryParameters.map(\.name) == ["search_term"])
        #expect(pattern.cookies.map(\.name) == ["session"])
        #expect(pattern.bodyPatterns.count == 1)
        #expect(pattern.basicAuthCredentials == BasicCredentials(username: "jeff@example.com", password: "jeffteenjefftyjeff"))
    }

    @Test(arguments: [
        (#""url": "/a?b=1""#, #"url "/a?b=1""#),
        (#""urlPath": "/a""#, #"urlPath "/a""#),
        (#""urlPattern": "/a/.*""#, #"urlPattern "/a/.*""#),
        (#""urlPathPattern": "/a/[0-9]+""#, #"urlPathPattern "/a/[0-9]+""#),
        (#""urlPathTemplate": "/contacts/{contactId}""#, #"urlPathTemplate "/contacts/{contactId}""#),
        (#""method": "GET""#, "any URL"),
    ])
    func readsURLField(json: String, summary: String) throws {
        #expect(try Fixture.pattern(json).url.summary == summary)
    }

    @Test(arguments: ["GET", "POST", "ANY", "GET_OR_HEAD", "PROPFIND"])
    func readsMethod(name: String) throws {
        #expect(try Fixture.pattern(#""method": "\#(name)""#).method.name == name)
    }

    @Test(arguments: [
        (#""multipartPatterns": []"#, "request.multipartPatterns: not supported by shortcut-serve (see docs/stubs.md)"),
        (#""customMatcher": {"name": "x"}"#, "request.customMatcher: not supported by shortcut-serve (see docs/stubs.md)"),
        (#""host": {"equalTo": "a"}"#, "request.host: not supported by shortcut-serve (see docs/stubs.md)"),
        (#""scheme": "https""#, "request.scheme: not supported by shortcut-serve (see docs/stubs.md)"),
        (#""port": 80"#, "request.port: not supported by shortcut-serve (see docs/stubs.md)"),
        (#""clientIp": {"equalTo": "1.2.3.4"}"#, "request.clientIp: not supported by shortcut-serve (see docs/stubs.md)"),
        (
            #""url": "/a", "urlPath": "/a""#,
            "request: only one of url, urlPath, urlPattern, urlPathPattern, urlPathTemplate may be given (found url and urlPath)"
        ),
        (
            #""url": "/a", "urlPath": "/a", "urlPattern": "/a""#,
            "request: only one of url, urlPath, urlPattern, urlPathPattern, urlPathTemplate may be given "
                + "(found url, urlPath and urlPattern)"
        ),
        (
            #""urlPaht": "/a""#,
            "request.urlPaht: unknown field (expected one of method, url, urlPath, urlPattern, urlPathPattern, urlPathTemplate, "
                + "pathParameters, queryParameters, headers, cookies, formParameters, bodyPatterns, basicAuthCredentials, basicAuth)"
        ),
        (#""url": 3"#, "request.url: must be a string, not a number"),
        (#""method": "G ET""#, "request.method: 'G ET' is not a method name (an HTTP token such as GET, or ANY)"),
        (#""urlPathTemplate": "/a/{id}/{id}""#, "request.urlPathTemplate: the variable {id} appears twice"),
        (#""urlPathTemplate": "/a/{x}{y}""#, "request.urlPathTemplate: segment '{x}{y}' holds more than one variable (one per segment)"),
        (#""urlPathTemplate": "/a/**""#, "request.urlPathTemplate: the ** wildcard is not supported (use urlPathPattern)"),
        (#""urlPathTemplate": "/a/{b""#, "request.urlPathTemplate: '{' without '}' in segment '{b'"),
        (#""urlPathTemplate": "/a/{b c}""#, "request.urlPathTemplate: '{b c}' is not a variable name (letters, digits, '_' and '-')"),
        (#""urlPath": "/a", "pathParameters": {"id": {"equalTo": "1"}}"#, "request.pathParameters: needs urlPathTemplate"),
        (
            #""urlPathTemplate": "/a/{id}", "pathParameters": {"name": {"equalTo": "1"}}"#,
            "request.pathParameters.name: urlPathTemplate has no variable {name} (it has id)"
        ),
        (
            #""headers": {"Accept": {"equalTo": "a"}, "accept": {"equalTo": "b"}}"#,
            "request.headers.accept: given twice (names are case-insensitive)"
        ),
        (#""queryParameters": {"": {"equalTo": "b"}}"#, #"request.queryParameters[""]: a name may not be empty"#),
        (#""headers": []"#, "request.headers: must be an object, not an array"),
        (#""bodyPatterns": {}"#, "request.bodyPatterns: must be an array, not an object"),
        (#""basicAuthCredentials": {"username": "a"}"#, "request.basicAuthCredentials.password: required"),
        (
            #""basicAuthCredentials": {"username": "a", "password": "b", "realm": "c"}"#,
            "request.basicAuthCredentials.realm: unknown field (expected one of username, password)"
        ),
        (
            #""basicAuth": {"username": "a", "password": "b"}, "basicAuthCredentials": {"username": "a", "password": "b"}"#,
            "request: only one of basicAuthCredentials and basicAuth may be given"
        ),
        (
            #""headers": {"authorization": {"equalTo": "x"}}, "basicAuthCredentials": {"username": "a", "password": "b"}"#,
            "request.basicAuthCredentials: cannot be combined with a headers.Authorization matcher"
        ),
    ])
    func refuses(json: String, message: String) throws {
        #expect(try Fixture.requestRefusal(json) == message)
    }

    @Test func aURLRegexIsCompiledWhenRead() throws {
        let refusal = try #require(try Fixture.requestRefusal(#""urlPattern": "/a/(\\1)""#))
        #expect(refusal.hasPrefix("request.urlPattern: "))
    }

    @Test func basicAuthIsReadUnderEitherName() throws {
        let pattern = try Fixture.pattern(#""basicAuth": {"username": "u", "password": "p"}"#)
        #expect(pattern.basicAuthCredentials?.encoded == "dTpw")
    }

    @Test func pathParametersNameTemplateVariables() throws {
        let pattern = try Fixture.pattern(
            #""urlPathTemplate": "/contacts/{contactId}/addresses/{addressId}", "pathParameters": {"contactId": {"equalTo": "12345"}}"#)
        #expect(pattern.pathParameters.map(\.name) == ["contactId"])
    }
}
