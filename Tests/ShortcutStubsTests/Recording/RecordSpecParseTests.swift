import ShortcutStubs
import Testing

@Suite("Reading WireMock record specs")
struct RecordSpecParseTests {
    @Test func anEmptySpecHasWireMocksDefaults() throws {
        let spec = try RecordingFixture.spec("{}")
        #expect(spec.targetBaseUrl == nil)
        #expect(spec.filters == nil)
        #expect(spec.captureHeaders.isEmpty)
        #expect(spec.extractBodyCriteria == nil)
        #expect(spec.persist)
        #expect(spec.repeatsAsScenarios)
        #expect(spec.outputFormat == .full)
    }

    @Test func readsEveryField() throws {
        // WireMock's record-playback page's full example, minus the fields it refuses.
        let spec = try RecordingFixture.spec(
            #"""
            {
              "targetBaseUrl": "http://examples.wiremockapi.cloud/",
              "filters": {"urlPathPattern": "/api/.*", "method": "GET"},
              "captureHeaders": {"Accept": {}, "Content-Type": {"caseInsensitive": true}},
              "extractBodyCriteria": {"textSizeThreshold": "2048", "binarySizeThreshold": "10240"},
              "persist": false,
              "repeatsAsScenarios": false,
              "outputFormat": "IDS"
            }
            """#, requiresTarget: true)
        #expect(spec.targetBaseUrl == "http://examples.wiremockapi.cloud/")
        let filters = try #require(spec.filters)
        #expect(filters.matches(Fixture.request("GET", "/api/users?page=2")))
        #expect(!filters.matches(Fixture.request("POST", "/api/users")))
        #expect(!filters.matches(Fixture.request("GET", "/other")))
        #expect(
            spec.captureHeaders == [CapturedHeader(name: "Accept"), CapturedHeader(name: "Content-Type", caseInsensitive: true)])
        #expect(spec.extractBodyCriteria == BodyExtractionCriteria(textSizeThreshold: 2048, binarySizeThreshold: 10240))
        #expect(!spec.persist)
        #expect(!spec.repeatsAsScenarios)
        #expect(spec.outputFormat == .ids)
    }

    @Test(arguments: [
        #"{"urlPattern": "/a\\?x=[0-9]+"}"#,
        #"{"url": "/a?x=1"}"#,
        #"{"urlPath": "/a"}"#,
        #"{"headers": {"X-Env": {"equalTo": "test"}}}"#,
        #"{"queryParameters": {"x": {"matches": "[0-9]"}}}"#,
        #"{"urlPathPattern": "/a", "allowNonProxied": false}"#,
    ])
    func filtersAreARequestPattern(filters: String) throws {
        let pattern = try #require(try RecordingFixture.spec(#"{"filters": \#(filters)}"#).filters)
        #expect(pattern.matches(Fixture.request("GET", "/a?x=1", headers: [("X-Env", "test")])))
        #expect(!pattern.matches(Fixture.request("GET", "/b?y=z")))
    }

    @Test func aTargetIsRequiredOnlyToStart() throws {
        #expect(try RecordingFixture.spec(#"{"persist": false}"#).targetBaseUrl == nil)
        #expect(try RecordingFixture.spec(#"{"targetBaseUrl": "https://api.example.com"}"#).targetBaseUrl == "https://api.example.com")
        #expect(
            try RecordingFixture.spec(#"{"targetBaseUrl": "HTTP://api:8080/v2"}"#, requiresTarget: true).targetBaseUrl
                == "HTTP://api:8080/v2")
        #expect(
            try RecordingFixture.specRefusal("{}", requiresTarget: true)
                == "targetBaseUrl: required to start recording (the API to proxy to, e.g. http://localhost:8080)")
    }

    @Test(arguments: [
        ("FULL", RecordOutputFormat.full),
        ("IDS", .ids),
        ("ids", .ids),
        ("Full", .full),
    ])
    func readsOutputFormatInAnyCase(text: String, format: RecordOutputFormat) throws {
        #expect(try RecordingFixture.spec(#"{"outputFormat": "\#(text)"}"#).outputFormat == format)
    }

    @Test(arguments: [
        (#""0""#, 0),
        (#""1""#, 1),
        (#""10240""#, 10240),
        ("10240", 10240),
        ("0", 0),
        ("1099511627776", 1 << 40),
        (#""1b""#, 1),
        (#""1 B""#, 1),
        (#""2kb""#, 2048),
        (#""1 Kb""#, 1024),
        (#""1KB""#, 1024),
        (#""0kb""#, 0),
        (#""3mb""#, 3 << 20),
        (#""1 Mb""#, 1 << 20),
        (#""1gb""#, 1 << 30),
        (#""1024 GB""#, 1 << 40),
        (#""1073741824 kb""#, 1 << 40),
        (#"" 2kb ""#, 2048),
        (#""007""#, 7),
    ])
    func readsSizesInWireMocksUnits(size: String, bytes: Int) throws {
        let spec = try RecordingFixture.spec(#"{"extractBodyCriteria": {"textSizeThreshold": \#(size), "binarySizeThreshold": \#(size)}}"#)
        #expect(spec.extractBodyCriteria == BodyExtractionCriteria(textSizeThreshold: bytes, binarySizeThreshold: bytes))
    }

    @Test func aThresholdLeftOutIsZero() throws {
        let text = try RecordingFixture.spec(#"{"extractBodyCriteria": {"textSizeThreshold": "1kb"}}"#)
        #expect(text.extractBodyCriteria == BodyExtractionCriteria(textSizeThreshold: 1024, binarySizeThreshold: 0))
        let none = try RecordingFixture.spec(#"{"extractBodyCriteria": {}}"#)
        #expect(none.extractBodyCriteria == BodyExtractionCriteria(textSizeThreshold: 0, binarySizeThreshold: 0))
    }

    static let notSupported = "not supported by shortcut-serve (see docs/stubs.md)"
    static let notASize = "is not a size (a whole number, then optionally b, kb, mb or gb: '2kb', '1 Mb', '10240')"

    @Test(arguments: [
        ("[]", "a record spec must be a JSON object, not an array"),
        (#""start""#, "a record spec must be a JSON object, not a string"),
        (
            #"{"persistt": true}"#,
            "persistt: unknown field (expected one of targetBaseUrl, filters, captureHeaders, extractBodyCriteria, persist, "
                + "repeatsAsScenarios, outputFormat)"
        ),
        (#"{"requestBodyPattern": {"matcher": "equalToJson"}}"#, "requestBodyPattern: \(notSupported)"),
        (#"{"transformers": ["response-template"]}"#, "transformers: \(notSupported)"),
        (#"{"transformerParameters": {"a": 1}}"#, "transformerParameters: \(notSupported)"),
        (#"{"targetBaseUrl": 8080}"#, "targetBaseUrl: must be a string, not a number"),
        (#"{"targetBaseUrl": "ftp://example.com"}"#, #"targetBaseUrl: "ftp://example.com" must be an absolute http:// or https:// URL"#),
        (#"{"targetBaseUrl": "example.com"}"#, #"targetBaseUrl: "example.com" must be an absolute http:// or https:// URL"#),
        (#"{"targetBaseUrl": "https://"}"#, #"targetBaseUrl: "https://" has no host"#),
        (#"{"targetBaseUrl": "http:///v1"}"#, #"targetBaseUrl: "http:///v1" has no host"#),
        (
            #"{"targetBaseUrl": "http://api/v1?key=1"}"#,
            #"targetBaseUrl: "http://api/v1?key=1" must be a base URL, without a query or fragment"#
        ),
        (#"{"targetBaseUrl": "http://a b"}"#, #"targetBaseUrl: "http://a b" may not hold spaces or control characters"#),
        (#"{"targetBaseUrl": "http://a\r\nX: y"}"#, #"targetBaseUrl: "http://a\r\nX: y" may not hold spaces or control characters"#),
        (#"{"filters": "/api"}"#, "filters: must be an object, not a string"),
        (#"{"filters": {"ids": ["00000000-0000-4000-8000-000000000000"]}}"#, "filters.ids: \(notSupported)"),
        (#"{"filters": {"allowNonProxied": true}}"#, "filters.allowNonProxied: \(notSupported)"),
        (#"{"filters": {"allowNonProxied": "no"}}"#, "filters.allowNonProxied: must be true or false, not a string"),
        (
            #"{"filters": {"urlPaht": "/a"}}"#,
            "filters.urlPaht: unknown field (expected one of method, url, urlPath, urlPattern, urlPathPattern, urlPathTemplate, "
                + "pathParameters, queryParameters, headers, cookies, formParameters, bodyPatterns, basicAuthCredentials, basicAuth)"
        ),
        (
            #"{"filters": {"url": "/a", "urlPath": "/a"}}"#,
            "filters: only one of url, urlPath, urlPattern, urlPathPattern, urlPathTemplate may be given (found url and urlPath)"
        ),
        (#"{"filters": {"method": "G ET"}}"#, "filters.method: 'G ET' is not a method name (an HTTP token such as GET, or ANY)"),
        (
            #"{"filters": {"headers": {"Accept": {"equalsTo": "a"}}}}"#,
            "filters.headers.Accept: unknown matcher 'equalsTo' (expected one of "
                + "equalTo, contains, doesNotContain, matches, doesNotMatch, absent, anything, and, or, not, equalToJson, matchesJsonPath)"
        ),
        (#"{"filters": {"host": {"equalTo": "a"}}}"#, "filters.host: \(notSupported)"),
        (#"{"captureHeaders": ["Accept"]}"#, "captureHeaders: must be an object, not an array"),
        (#"{"captureHeaders": {"Accept": true}}"#, "captureHeaders.Accept: must be an object, not a boolean"),
        (#"{"captureHeaders": {"Accept": {}, "accept": {}}}"#, "captureHeaders.accept: given twice (names are case-insensitive)"),
        (
            #"{"captureHeaders": {"Bad Name": {}}}"#,
            #"captureHeaders["Bad Name"]: byte 0x20 at offset 3 of the name is not a token character (a name is an RFC 9110 token)"#
        ),
        (#"{"captureHeaders": {"": {}}}"#, #"captureHeaders[""]: the name is empty (a name is an HTTP token)"#),
        (
            #"{"captureHeaders": {"Accept": {"caseInsensitive": "yes"}}}"#,
            "captureHeaders.Accept.caseInsensitive: must be true or false, not a string"
        ),
        (
            #"{"captureHeaders": {"Accept": {"ignoreCase": true}}}"#,
            "captureHeaders.Accept.ignoreCase: unknown field (expected one of caseInsensitive)"
        ),
        (#"{"extractBodyCriteria": 2048}"#, "extractBodyCriteria: must be an object, not a number"),
        (
            #"{"extractBodyCriteria": {"maxSize": 1}}"#,
            "extractBodyCriteria.maxSize: unknown field (expected one of textSizeThreshold, binarySizeThreshold)"
        ),
        (#"{"extractBodyCriteria": {"textSizeThreshold": "2tb"}}"#, "extractBodyCriteria.textSizeThreshold: '2tb' \(notASize)"),
        (#"{"extractBodyCriteria": {"textSizeThreshold": "1.5kb"}}"#, "extractBodyCriteria.textSizeThreshold: '1.5kb' \(notASize)"),
        (#"{"extractBodyCriteria": {"textSizeThreshold": "-1"}}"#, "extractBodyCriteria.textSizeThreshold: '-1' \(notASize)"),
        (#"{"extractBodyCriteria": {"textSizeThreshold": "kb"}}"#, "extractBodyCriteria.textSizeThreshold: 'kb' \(notASize)"),
        (#"{"extractBodyCriteria": {"textSizeThreshold": ""}}"#, "extractBodyCriteria.textSizeThreshold: '' \(notASize)"),
        (#"{"extractBodyCriteria": {"textSizeThreshold": "2 k b"}}"#, "extractBodyCriteria.textSizeThreshold: '2 k b' \(notASize)"),
        (#"{"extractBodyCriteria": {"textSizeThreshold": "2kbs"}}"#, "extractBodyCriteria.textSizeThreshold: '2kbs' \(notASize)"),
        (#"{"extractBodyCriteria": {"textSizeThreshold": "\u0662kb"}}"#, "extractBodyCriteria.textSizeThreshold: '\u{662}kb' \(notASize)"),
        (
            #"{"extractBodyCriteria": {"binarySizeThreshold": "1025gb"}}"#,
            "extractBodyCriteria.binarySizeThreshold: '1025gb' is over the limit of 1 TiB (1099511627776 bytes)"
        ),
        (
            #"{"extractBodyCriteria": {"binarySizeThreshold": "1099511627777"}}"#,
            "extractBodyCriteria.binarySizeThreshold: '1099511627777' is over the limit of 1 TiB (1099511627776 bytes)"
        ),
        (
            #"{"extractBodyCriteria": {"binarySizeThreshold": "99999999999999999999999 gb"}}"#,
            "extractBodyCriteria.binarySizeThreshold: '99999999999999999999999 gb' is over the limit of 1 TiB (1099511627776 bytes)"
        ),
        (
            #"{"extractBodyCriteria": {"binarySizeThreshold": 1099511627777}}"#,
            "extractBodyCriteria.binarySizeThreshold: 1099511627777 is out of range (0...1099511627776)"
        ),
        (
            #"{"extractBodyCriteria": {"binarySizeThreshold": -1}}"#,
            "extractBodyCriteria.binarySizeThreshold: -1 is out of range (0...1099511627776)"
        ),
        (
            #"{"extractBodyCriteria": {"binarySizeThreshold": 1.5}}"#,
            "extractBodyCriteria.binarySizeThreshold: must be a whole number, not a number"
        ),
        (
            #"{"extractBodyCriteria": {"binarySizeThreshold": true}}"#,
            #"extractBodyCriteria.binarySizeThreshold: must be a size such as "2kb" or a number of bytes, not a boolean"#
        ),
        (#"{"persist": "yes"}"#, "persist: must be true or false, not a string"),
        (#"{"repeatsAsScenarios": 1}"#, "repeatsAsScenarios: must be true or false, not a number"),
        (#"{"outputFormat": "SUMMARY"}"#, "outputFormat: 'SUMMARY' is not an output format (expected FULL or IDS)"),
        (#"{"outputFormat": 1}"#, "outputFormat: must be a string, not a number"),
    ])
    func refusesWithThePathAndWhy(json: String, message: String) throws {
        #expect(try RecordingFixture.specRefusal(json) == message)
    }
}
