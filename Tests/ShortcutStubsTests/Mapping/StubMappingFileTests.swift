import ShortcutStubs
import Testing

@Suite("Mapping documents: one mapping or {\"mappings\": [...]}")
struct StubMappingFileTests {
    private func parse(_ text: String, limits: MappingLimits = .standard) throws(MappingError) -> [StubMapping] {
        try StubMappingFile.parse(Array(text.utf8), path: "mappings/x.json", limits: limits)
    }

    private func refusal(_ text: String, limits: MappingLimits = .standard) -> String? {
        do {
            _ = try parse(text, limits: limits)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func readsOneMapping() throws {
        #expect(try parse(#"{"request": {"url": "/a"}}"#).count == 1)
    }

    @Test func readsAListWithWireMocksMeta() throws {
        let mappings = try parse(#"{"mappings": [{"request": {"url": "/a"}}, {"request": {"url": "/b"}}], "meta": {"total": 2}}"#)
        #expect(mappings.map(\.request.url.summary) == [#"url "/a""#, #"url "/b""#])
        #expect(try parse(#"{"mappings": []}"#).isEmpty)
    }

    @Test func namesTheFailingMappingByIndex() {
        #expect(
            refusal(#"{"mappings": [{"request": {"url": "/a"}}, {"request": {"multipartPatterns": []}}]}"#)
                == "mappings/x.json: mappings[1].request.multipartPatterns: not supported by shortcut-serve (see docs/stubs.md)")
        #expect(refusal(#"{"mappings": {}}"#) == "mappings/x.json: mappings: must be an array, not an object")
        #expect(refusal(#"{"mappings": [], "extra": 1}"#) == "mappings/x.json: extra: unknown field (expected one of mappings, meta)")
    }

    @Test(arguments: [
        ("{\n  \"request\": {\n    \"url\": \"/a\",\n  }\n}", "mappings/x.json: line 4, column 3: malformed JSON: expected a member name"),
        ("{\"request\": }", "mappings/x.json: line 1, column 13: malformed JSON: unexpected character '}'"),
        ("{\"name\": \"é\", x}", "mappings/x.json: line 1, column 15: malformed JSON: expected a member name"),
        ("", "mappings/x.json: line 1, column 1: malformed JSON: unexpected end of input"),
    ])
    func malformedJSONSaysLineAndColumn(text: String, message: String) {
        #expect(refusal(text) == message)
    }

    @Test func mappingsPerDocumentAreBoundedAtTheLimit() throws {
        var limits = MappingLimits()
        limits.maxMappingsPerDocument = 3
        let three = #"{"mappings": [{}, {}, {}]}"#
        #expect(try parse(three, limits: limits).count == 3)
        #expect(refusal(#"{"mappings": [{}, {}, {}, {}]}"#, limits: limits) == "mappings/x.json: mappings: 4 mappings; the limit is 3")
    }

    @Test func documentBytesAreBoundedAtTheLimit() throws {
        let text = #"{"request": {"url": "/a"}}"#
        var limits = MappingLimits()
        limits.maxDocumentBytes = text.utf8.count
        #expect(try parse(text, limits: limits).count == 1)
        limits.maxDocumentBytes -= 1
        #expect(
            refusal(text, limits: limits)
                == "mappings/x.json: the document is \(text.utf8.count) bytes; the limit is \(text.utf8.count - 1)")
    }

    @Test func depthIsBoundedAtTheLimit() throws {
        // The mapping object is depth 0, metadata 1, "a" 2: n nested arrays inside reach depth 2 + n.
        func document(arrays: Int) -> String {
            #"{"metadata": {"a": "# + String(repeating: "[", count: arrays) + String(repeating: "]", count: arrays) + "}}"
        }
        var limits = MappingLimits()
        limits.maxJSONDepth = 10
        #expect(try parse(document(arrays: 8), limits: limits).count == 1)
        #expect(refusal(document(arrays: 9), limits: limits)?.hasSuffix("malformed JSON: nested deeper than 10") == true)
    }
}
