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

    private func read(_ text: String) throws(MappingError) -> StubMappingFile.Contents {
        try StubMappingFile.read(Array(text.utf8), path: "mappings/x.json")
    }

    /// Issue 48 (2): five mappings, the 2nd and 4th refused: the other three load, and each refusal names the
    /// file, the mapping's place and the JSON pointer of the field at fault (`~` and `/` escaped in a name).
    @Test func aRefusedMappingLeavesItsSiblingsLoaded() throws {
        let text = """
            {"mappings": [
              {"request": {"url": "/1"}},
              {"request": {"url": "/2"}, "response": {"bodyFileName": "../secret.txt"}},
              {"request": {"url": "/3"}},
              {"request": {"url": "/4", "headers": {"a/b.c~d": {"matches": "("}}}},
              {"request": {"url": "/5"}}
            ]}
            """
        let contents = try read(text)
        #expect(contents.mappings.map(\.request.url.summary) == [#"url "/1""#, #"url "/3""#, #"url "/5""#])
        #expect(contents.entries.map(\.index) == [0, 2, 4] && contents.count == 5)
        #expect(contents.refusals.map(\.index) == [1, 3])
        #expect(
            contents.refusals.map(\.pointer) == ["/mappings/1/response/bodyFileName", "/mappings/3/request/headers/a~1b.c~0d/matches"])
        #expect(
            contents.refusals.map(\.description) == [
                "mappings/x.json: mapping 2 of 5 skipped, at /mappings/1/response/bodyFileName: may not hold a '..' segment",
                "mappings/x.json: mapping 4 of 5 skipped, at /mappings/3/request/headers/a~1b.c~0d/matches: "
                    + "regex refused at offset 0: unclosed group: ')' expected",
            ])
        // All or nothing, as before, where that is asked for: the first refusal, with its path in the document.
        #expect(refusal(text) == "mappings/x.json: mappings[1].response.bodyFileName: may not hold a '..' segment")
    }

    @Test func aFileThatIsNotJSONIsOneRefusalWithItsLine() {
        #expect(
            throws: MappingError(path: "", reason: "line 3, column 1: malformed JSON: unexpected character '}'", file: "mappings/x.json")
        ) {
            try read("{\"mappings\": [\n  {\"request\": \n}]}")
        }
    }

    @Test func aFileThatIsOneMappingIsAcceptedOrRefusedWhole() throws {
        let one = try read(#"{"request": {"url": "/a"}}"#)
        #expect(one.entries.map(\.index) == [nil] && one.count == 1 && one.refusals.isEmpty)
        #expect(
            throws: MappingError(path: "response.bodyFileName", reason: "may not hold a '..' segment", file: "mappings/x.json")
        ) {
            try read(#"{"request": {"url": "/a"}, "response": {"bodyFileName": "a/../../b"}}"#)
        }
    }

    @Test(arguments: [
        (#"mappings[2].response.bodyFileName"#, "/mappings/2/response/bodyFileName"),
        (#"request.bodyPatterns[0].matchesJsonPath.expression"#, "/request/bodyPatterns/0/matchesJsonPath/expression"),
        (#"request.headers["X.Y"].equalTo"#, "/request/headers/X.Y/equalTo"),
        (#"mappings[0].request.queryParameters[""]"#, "/mappings/0/request/queryParameters/"),
        (#"metadata["a\"]b"].c"#, #"/metadata/a"]b/c"#),
        (#"metadata["~/"]"#, "/metadata/~0~1"),
        ("", ""),
    ])
    func aFieldsPathIsAJSONPointer(path: String, pointer: String) {
        #expect(MappingError(path: path, reason: "x").pointer == pointer)
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
