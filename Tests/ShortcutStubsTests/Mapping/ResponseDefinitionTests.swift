import HTTPVocabulary
import ShortcutStubs
import Testing

@Suite("Reading WireMock responses")
struct ResponseDefinitionTests {
    private func response(_ json: String) throws -> ResponseDefinition { try Fixture.mapping(#"{"response": \#(json)}"#).response }

    private func refusal(_ json: String) throws -> String? { try Fixture.refusal(#"{"response": \#(json)}"#) }

    @Test func defaultsAreWireMocks() throws {
        let mapping = try Fixture.mapping("{}")
        #expect(mapping.response.status == 200)
        #expect(mapping.response.body == .none)
        #expect(mapping.response.headers.isEmpty)
        #expect(try response("{}").status == 200)
    }

    @Test func readsStatusMessageHeadersAndDelay() throws {
        let response = try response(
            #"{"status": 404, "statusMessage": "Nope", "fixedDelayMilliseconds": 250, "#
                + #""headers": {"Content-Type": "text/plain", "Set-Cookie": ["a=1", "b=2"]}}"#
        )
        #expect(response.status == 404)
        #expect(response.statusMessage == "Nope")
        #expect(
            response.headers == [
                HTTPField(name: "Content-Type", value: "text/plain"), HTTPField(name: "Set-Cookie", value: "a=1"),
                HTTPField(name: "Set-Cookie", value: "b=2"),
            ])
        #expect(response.fixedDelayMilliseconds == 250)
    }

    @Test(arguments: [
        (#"{"body": "Hello"}"#, ResponseDefinition.Body.text("Hello")),
        (#"{"jsonBody": {"a": [1, 2]}}"#, .json(.object([("a", .array([.number(1), .number(2)]))]))),
        (#"{"base64Body": "AQID"}"#, .binary([1, 2, 3])),
        (#"{"bodyFileName": "users/list.json"}"#, .file("users/list.json")),
    ])
    func readsBody(json: String, body: ResponseDefinition.Body) throws {
        #expect(try response(json).body == body)
    }

    @Test func templatingIsTheOneTransformer() throws {
        let templated = try response(
            #"{"body": "{{request.path}}", "transformers": ["response-template"], "transformerParameters": {"a": 1}}"#)
        #expect(templated.isTemplated)
        #expect(templated.transformerParameters == .object([("a", .number(1))]))
        #expect(try response(#"{"body": "x"}"#).isTemplated == false)
    }

    @Test(arguments: [
        (
            #"{"fault": "TIMEOUT"}"#,
            "response.fault: unknown fault 'TIMEOUT' (expected one of EMPTY_RESPONSE, MALFORMED_RESPONSE_CHUNK, "
                + "RANDOM_DATA_THEN_CLOSE, CONNECTION_RESET_BY_PEER)"
        ),
        (#"{"fault": 1}"#, "response.fault: must be a string, not a number"),
        (#"{"delayDistribution": {"type": "lognormal"}}"#, "response.delayDistribution: lognormal needs median (ms) and sigma"),
        (
            #"{"delayDistribution": {"type": "pareto", "alpha": 1}}"#,
            "response.delayDistribution.type: unknown delay distribution 'pareto' (expected one of lognormal, uniform, fixed)"
        ),
        (#"{"delayDistribution": {"median": 5}}"#, "response.delayDistribution: needs a type (one of lognormal, uniform, fixed)"),
        (
            #"{"delayDistribution": {"type": "uniform", "lower": 20, "upper": 10}}"#,
            "response.delayDistribution.upper: must not be below lower (20)"
        ),
        (
            #"{"delayDistribution": {"type": "uniform", "lower": 1, "upper": 2, "mean": 3}}"#,
            "response.delayDistribution.mean: unknown field (expected one of type, lower, upper)"
        ),
        (
            #"{"delayDistribution": {"type": "lognormal", "median": 90, "sigma": 11}}"#,
            "response.delayDistribution.sigma: 11.0 is out of range (0.0...10.0)"
        ),
        (
            #"{"delayDistribution": {"type": "lognormal", "median": 90, "sigma": 0.1, "maxValue": 300001}}"#,
            "response.delayDistribution.maxValue: 300001 is out of range (0...300000)"
        ),
        (#"{"chunkedDribbleDelay": {}}"#, "response.chunkedDribbleDelay: needs numberOfChunks and totalDuration (ms)"),
        (
            #"{"chunkedDribbleDelay": {"numberOfChunks": 0, "totalDuration": 100}}"#,
            "response.chunkedDribbleDelay.numberOfChunks: 0 is out of range (1...10000)"
        ),
        (
            #"{"chunkedDribbleDelay": {"numberOfChunks": 10001, "totalDuration": 100}}"#,
            "response.chunkedDribbleDelay.numberOfChunks: 10001 is out of range (1...10000)"
        ),
        (
            #"{"chunkedDribbleDelay": {"numberOfChunks": 2, "totalDuration": 300001}}"#,
            "response.chunkedDribbleDelay.totalDuration: 300001 is out of range (0...300000)"
        ),
        (#"{"proxyBaseUrl": "ftp://x"}"#, "response.proxyBaseUrl: must be an absolute http:// or https:// URL"),
        (#"{"proxyBaseUrl": "http:///a"}"#, "response.proxyBaseUrl: has no host"),
        (#"{"proxyBaseUrl": "http://x/?a=1"}"#, "response.proxyBaseUrl: must be a base URL, without a query or fragment"),
        (
            #"{"proxyBaseUrl": "http://x", "body": "b"}"#,
            "response.proxyBaseUrl: a proxy stub sends the upstream's body: give no body field beside it"
        ),
        (
            #"{"additionalProxyRequestHeaders": {}}"#,
            "response.additionalProxyRequestHeaders: applies to a proxy stub: give proxyBaseUrl too"
        ),
        (#"{"proxyBaseUrl": "http://x", "proxyUrlPrefixToRemove": "a"}"#, "response.proxyUrlPrefixToRemove: must start with '/'"),
        (
            #"{"proxyBaseUrl": "http://x", "removeProxyRequestHeaders": ["Bad Name"]}"#,
            "response.removeProxyRequestHeaders[0]: byte 0x20 at offset 3 of the name is not a token character (a name is an RFC 9110 token)"
        ),
        (
            #"{"stauts": 200}"#,
            "response.stauts: unknown field (expected one of status, statusMessage, headers, body, jsonBody, base64Body, bodyFileName, "
                + "fixedDelayMilliseconds, delayDistribution, chunkedDribbleDelay, fault, proxyBaseUrl, proxyUrlPrefixToRemove, "
                + "additionalProxyRequestHeaders, removeProxyRequestHeaders, transformers, transformerParameters, fromConfiguredStub)"
        ),
        (#"{"status": 99}"#, "response.status: 99 is out of range (100...599)"),
        (#"{"status": 200.5}"#, "response.status: must be a whole number, not a number"),
        (#"{"status": "200"}"#, "response.status: must be a whole number, not a string"),
        (
            #"{"body": "a", "jsonBody": {}}"#,
            "response: only one of body, jsonBody, base64Body, bodyFileName may be given (found body and jsonBody)"
        ),
        (#"{"base64Body": "***"}"#, "response.base64Body: is not base64"),
        (#"{"bodyFileName": "../secret"}"#, "response.bodyFileName: may not hold a '..' segment"),
        (#"{"bodyFileName": "/etc/passwd"}"#, "response.bodyFileName: must be relative to __files, not an absolute path"),
        (#"{"bodyFileName": ""}"#, "response.bodyFileName: may not be empty"),
        (
            #"{"transformers": ["response-template", "my-transformer"]}"#,
            "response.transformers[1]: transformer 'my-transformer' is not supported (only response-template)"
        ),
        (#"{"transformerParameters": []}"#, "response.transformerParameters: must be an object, not an array"),
        (#"{"headers": {"X-A": 1}}"#, "response.headers.X-A: must be a string or an array of strings, not a number"),
        (#"{"headers": {"X-A": ["a", 2]}}"#, "response.headers.X-A[1]: must be a string, not a number"),
        (
            #"{"headers": {"Bad Name": "a"}}"#,
            #"response.headers["Bad Name"]: byte 0x20 at offset 3 of the name is not a token character (a name is an RFC 9110 token)"#
        ),
        (
            #"{"headers": {"X-A": "a\r\nX-B: b"}}"#,
            "response.headers.X-A: byte 0x0D at offset 1 of the value is a control character "
                + "(a value holds visible characters, space and tab)"
        ),
        (
            #"{"statusMessage": "a\nb"}"#,
            "response.statusMessage: byte 0x0A at offset 1 of the value is a control character "
                + "(a value holds visible characters, space and tab)"
        ),
    ])
    func refuses(json: String, message: String) throws {
        #expect(try refusal(json) == message)
    }

    @Test func fixedDelayIsBoundedAtTheLimit() throws {
        var limits = MappingLimits()
        limits.maxFixedDelayMilliseconds = 1_000
        let atLimit = try Fixture.mapping(#"{"response": {"fixedDelayMilliseconds": 1000}}"#, limits: limits)
        #expect(atLimit.response.fixedDelayMilliseconds == 1_000)
        #expect(throws: MappingError(path: "response.fixedDelayMilliseconds", reason: "1001 is out of range (0...1000)")) {
            try Fixture.mapping(#"{"response": {"fixedDelayMilliseconds": 1001}}"#, limits: limits)
        }
    }
}
