import ShortcutJSON
import Testing

@testable import ShortcutStubs

@Suite("Snapshot: the response each stub replays")
struct SnapshotResponseTests {
    private typealias X = RecordingFixture

    private static let allBytes = (0...255).map { UInt8($0) }

    /// One exchange's mapping JSON, the stub read back from it, and the bytes that stub serves.
    private func replay(
        _ exchange: RecordedExchange, spec: RecordSpec = .defaults, extractsBodies: Bool = false
    ) throws -> (mapping: JSONValue, stub: StubMapping, served: [UInt8]?, files: [(name: String, bytes: [UInt8])]) {
        let stubs = X.snapshot([exchange], spec: spec, extractsBodies: extractsBodies)
        let stub = try #require(try X.readBack(stubs).first)
        return (try X.only(stubs), stub, X.servedBytes(stub, files: stubs.files), stubs.files)
    }

    @Test func statusAndHeadersAreKept() throws {
        let (mapping, stub, _, _) = try replay(
            X.exchange(
                "GET", "/a", status: 404,
                responseHeaders: [("Content-Type", "text/plain"), ("Set-Cookie", "a=1"), ("X-Id", "7"), ("set-cookie", "b=2")]))
        #expect(mapping["response"]?["status"] == .number(404))
        // A repeated name is one list, under its first spelling, where it first appeared.
        #expect(
            mapping["response"]?["headers"]
                == .object([
                    ("Content-Type", .string("text/plain")), ("Set-Cookie", .array([.string("a=1"), .string("b=2")])),
                    ("X-Id", .string("7")),
                ]))
        #expect(stub.response.status == 404)
        #expect(
            stub.response.headers.map { "\($0.name): \($0.value)" } == [
                "Content-Type: text/plain", "Set-Cookie: a=1", "Set-Cookie: b=2", "X-Id: 7",
            ])
    }

    @Test func framingAndUnsendableFieldsAreLeftOut() throws {
        let (mapping, _, _, _) = try replay(
            X.exchange(
                "GET", "/a",
                responseHeaders: [
                    ("Content-Length", "5"), ("transfer-encoding", "chunked"), ("Bad Name", "x"), ("X-Split", "a\r\nInjected: b"),
                    ("ETag", "\"v1\""),
                ], responseBody: Array("hello".utf8)))
        #expect(mapping["response"]?["headers"] == .object([("ETag", .string("\"v1\""))]))
    }

    @Test func noHeadersAndNoBodyWriteNeither() throws {
        let (mapping, stub, served, _) = try replay(X.exchange("DELETE", "/a", status: 204))
        #expect(mapping["response"] == .object([("status", .number(204))]))
        #expect(stub.response.body == .none)
        #expect(served == [])
    }

    @Test(arguments: [
        ("text/plain; charset=utf-8", "h\u{E9}llo \u{1F600}\r\n\u{0}\t</script>\"\\"),
        ("application/json", #"{"a": [1, 2.50, "\u00e9"], "b": null}"#),
        ("application/problem+xml", "<a>\u{E9}</a>"),
        ("application/javascript", "var a = 1;"),
        ("application/x-www-form-urlencoded", "a=1&b=%20"),
        ("text/html", "<p>Hi</p>"),
        ("TEXT/CSV", "a,b\n1,2"),
        ("", "no type at all"),
    ])
    func utf8TextOfATextualTypeIsABodyString(contentType: String, text: String) throws {
        let headers: [(name: String, value: String)] = contentType.isEmpty ? [] : [("Content-Type", contentType)]
        let (mapping, stub, served, _) = try replay(X.exchange("GET", "/a", responseHeaders: headers, responseBody: Array(text.utf8)))
        #expect(mapping["response"]?["body"] == .string(text))
        #expect(stub.response.body == .text(text))
        #expect(served == Array(text.utf8))
    }

    @Test(arguments: [
        ("image/png", [0x89, 0x50, 0x4E, 0x47]),
        ("application/octet-stream", Array("plain ascii".utf8)),
        ("application/pdf", Array("%PDF-1.4".utf8)),
        ("text/plain", [0x68, 0xFF, 0x69]),
        ("application/json", [0x7B, 0xC0, 0x80, 0x7D]),
        ("", [0xFE, 0xFF]),
        ("application/octet-stream", allBytes),
    ])
    func anythingElseIsBase64(contentType: String, bytes: [UInt8]) throws {
        let headers: [(name: String, value: String)] = contentType.isEmpty ? [] : [("Content-Type", contentType)]
        let (mapping, stub, served, _) = try replay(X.exchange("GET", "/a", responseHeaders: headers, responseBody: bytes))
        #expect(mapping["response"]?["base64Body"] == .string(Base64.encode(bytes)))
        #expect(mapping["response"]?["body"] == nil)
        #expect(stub.response.body == .binary(bytes))
        #expect(served == bytes)
    }

    @Test func everyTwoByteSequenceReplaysExactly() throws {
        // Valid UTF-8 or not, each body is served as the very bytes recorded.
        var exchanges: [RecordedExchange] = []
        for first in stride(from: 0, through: 255, by: 5) {
            for second in stride(from: 0, through: 255, by: 3) {
                exchanges.append(X.exchange("GET", "/b/\(first)/\(second)", responseBody: [UInt8(first), UInt8(second), 0xE2, 0x82, 0xAC]))
            }
        }
        let stubs = X.snapshot(exchanges)
        let read = try X.readBack(stubs)
        #expect(read.count == exchanges.count)
        for (stub, exchange) in zip(read, exchanges) { #expect(X.servedBytes(stub, files: stubs.files) == exchange.responseBody) }
    }

    @Test func bodiesStayInTheMappingWhenNotExtracting() throws {
        let spec = try X.spec(#"{"extractBodyCriteria": {"textSizeThreshold": 0, "binarySizeThreshold": 0}}"#)
        let (mapping, _, _, files) = try replay(X.exchange("GET", "/a", responseBody: Array("x".utf8)), spec: spec, extractsBodies: false)
        #expect(mapping["response"]?["body"] == .string("x"))
        #expect(files.isEmpty)
    }

    @Test func withoutCriteriaEveryNonEmptyBodyIsExtracted() throws {
        let stubs = X.snapshot(
            [
                X.exchange("GET", "/t", responseBody: Array("x".utf8)), X.exchange("GET", "/b", responseBody: [0xFF]),
                X.exchange("GET", "/e"),
            ], extractsBodies: true)
        #expect(stubs.files.map(\.name) == ["get-t-00000001.txt", "get-b-00000002.bin"])
        #expect(stubs.files.map(\.bytes) == [Array("x".utf8), [0xFF]])
        #expect(
            stubs.mappings.map { $0["response"]?["bodyFileName"] } == [.string("get-t-00000001.txt"), .string("get-b-00000002.bin"), nil])
    }

    @Test(arguments: [
        // (content type, body size, threshold, extracted): a body is extracted once it is over its threshold.
        ("text/plain", 2047, "2kb", false),
        ("text/plain", 2048, "2kb", false),
        ("text/plain", 2049, "2kb", true),
        ("application/json", 10, "10", false),
        ("application/json", 11, "10", true),
        ("image/png", 1024, "1 Kb", false),
        ("image/png", 1025, "1 Kb", true),
        ("image/png", 0, "0", false),
        ("image/png", 1, "0", true),
    ])
    func aBodyOverItsThresholdGoesToAFile(contentType: String, size: Int, threshold: String, extracted: Bool) throws {
        let isText = !contentType.hasPrefix("image/")
        let field = isText ? "textSizeThreshold" : "binarySizeThreshold"
        // The other kind's threshold is 0, so only the one under test decides.
        let spec = try X.spec(#"{"extractBodyCriteria": {"\#(field)": "\#(threshold)"}}"#)
        let body = [UInt8](repeating: UInt8(ascii: "a"), count: size)
        let (mapping, stub, served, files) = try replay(
            X.exchange("GET", "/a", responseHeaders: [("Content-Type", contentType)], responseBody: body), spec: spec, extractsBodies: true)
        #expect((mapping["response"]?["bodyFileName"] != nil) == extracted)
        #expect(files.count == (extracted ? 1 : 0))
        #expect(served == body)
        if extracted { #expect(stub.response.body == .file(files[0].name)) }
    }

    @Test func eachKindOfBodyHasItsOwnThreshold() throws {
        let spec = try X.spec(#"{"extractBodyCriteria": {"textSizeThreshold": "4", "binarySizeThreshold": "2"}}"#)
        let stubs = X.snapshot(
            [
                X.exchange("GET", "/text", responseHeaders: [("Content-Type", "text/plain")], responseBody: Array("abc".utf8)),
                X.exchange("GET", "/binary", responseHeaders: [("Content-Type", "image/gif")], responseBody: Array("abc".utf8)),
                // Text of a textual type that is not UTF-8 is binary, and takes the binary threshold.
                X.exchange("GET", "/broken", responseHeaders: [("Content-Type", "text/plain")], responseBody: [0x61, 0xFF, 0x62]),
            ], spec: spec, extractsBodies: true)
        #expect(stubs.mappings.map { $0["response"]?["bodyFileName"] != nil } == [false, true, true])
        #expect(stubs.files.map(\.name) == ["get-binary-00000002.bin", "get-broken-00000003.txt"])
    }

    @Test(arguments: [
        ("application/json; charset=utf-8", "json"),
        ("application/hal+json", "json"),
        ("application/xml", "xml"),
        ("text/xml", "xml"),
        ("text/html;charset=UTF-8", "html"),
        ("text/plain", "txt"),
        ("text/csv", "txt"),
        ("application/javascript", "txt"),
        ("", "txt"),
        ("image/png", "bin"),
        ("application/octet-stream", "bin"),
    ])
    func aBodyFileIsNamedByTheMappingIdAndType(contentType: String, fileExtension: String) throws {
        let headers: [(name: String, value: String)] = contentType.isEmpty ? [] : [("Content-Type", contentType)]
        let (mapping, _, served, files) = try replay(
            X.exchange("GET", "/v1/Users/42?x=1", responseHeaders: headers, responseBody: Array("{}".utf8)), extractsBodies: true)
        let name = "get-v1-users-42-00000001.\(fileExtension)"
        #expect(mapping["response"]?["bodyFileName"] == .string(name))
        #expect(files.map(\.name) == [name])
        #expect(served == Array("{}".utf8))
    }

    @Test func bodyFileNamesNeverCollide() throws {
        // Ids that share their first 8 characters: the second file takes the whole id, a repeated id a counter.
        let ids = ["abcdef12-0000-4000-8000-000000000001", "abcdef12-0000-4000-8000-000000000002", "abcdef12-0000-4000-8000-000000000002"]
        var next = 0
        let exchange = X.exchange("GET", "/a", responseBody: Array("x".utf8))
        let stubs = SnapshotGenerator.stubs(from: [exchange, exchange, exchange], spec: .defaults, extractsBodies: true) {
            defer { next += 1 }
            return ids[next]
        }
        #expect(
            stubs.files.map(\.name) == [
                "get-a-abcdef12.txt", "get-a-abcdef12-0000-4000-8000-000000000002.txt", "get-a-abcdef12-0000-4000-8000-000000000002-2.txt",
            ])
    }

    @Test func everyGeneratedMappingReads() throws {
        // A mix of every shape the generator writes, read back as a store would, each serving its bytes.
        let spec = try X.spec(
            #"{"captureHeaders": {"Accept": {"caseInsensitive": true}}, "extractBodyCriteria": {"textSizeThreshold": "8"}}"#)
        let exchanges = [
            X.exchange(
                "GET", "/a?q=1", requestHeaders: [("Accept", "*/*")], responseHeaders: [("Content-Type", "text/plain")],
                responseBody: Array("short".utf8)),
            X.exchange(
                "GET", "/a?q=1", requestHeaders: [("Accept", "*/*")], responseHeaders: [("Content-Type", "text/plain")],
                responseBody: Array("a longer body".utf8)),
            X.exchange(
                "POST", "/json", requestHeaders: [("Content-Type", "application/json")], requestBody: Array(#"{"a":1}"#.utf8), status: 201,
                responseHeaders: [("Content-Type", "application/json"), ("Location", "/json/1")], responseBody: Array(#"{"id":1}"#.utf8)),
            X.exchange(
                "PUT", "/bin", requestBody: [0, 0xFF], responseHeaders: [("Content-Type", "image/png")], responseBody: Self.allBytes),
            X.exchange("OPTIONS", "*", status: 204, responseHeaders: [("Allow", "GET"), ("Allow", "POST")]),
        ]
        let stubs = X.snapshot(exchanges, spec: spec, extractsBodies: true)
        let read = try X.readBack(stubs)
        #expect(read.count == exchanges.count)
        for (stub, exchange) in zip(read, exchanges) {
            #expect(X.servedBytes(stub, files: stubs.files) == exchange.responseBody)
            #expect(stub.request.matches(exchange.stubRequest))
            #expect(stub.response.status == exchange.status)
        }
        #expect(stubs.files.count == 2)
    }
}
