import ShortcutJSON
import ShortcutStubs
import Testing

@Suite("JSONPath filters")
struct JSONPathFilterTests {
    private typealias F = JSONTestFixtures

    /// Each operator with numbers and strings, the logic operators, and paths inside filters, over the bookstore.
    static let bookstoreRows: [JSONPathRow] = [
        JSONPathRow("$.store.book[?(@.price == 8.95)]", "[\(F.book0)]"),
        JSONPathRow("$.store.book[?(@.price != 8.95)].price", "[12.99, 8.99, 22.99]"),
        JSONPathRow("$.store.book[?(@.price < 8.99)].price", "[8.95]"),
        JSONPathRow("$.store.book[?(@.price <= 8.99)].price", "[8.95, 8.99]"),
        JSONPathRow("$.store.book[?(@.price > 12.99)].price", "[22.99]"),
        JSONPathRow("$.store.book[?(@.price >= 12.99)].price", "[12.99, 22.99]"),
        JSONPathRow("$.store.book[?(@.category == 'reference')]", "[\(F.book0)]"),
        JSONPathRow(#"$.store.book[?(@.category == "reference")]"#, "[\(F.book0)]"),
        JSONPathRow("$.store.book[?('reference' == @.category)]", "[\(F.book0)]"),
        JSONPathRow("$.store.book[?(@.category != 'fiction')]", "[\(F.book0)]"),
        JSONPathRow("$.store.book[?(@.author < 'F')].author", #"["Evelyn Waugh"]"#),
        JSONPathRow("$.store.book[?(@.author <= 'Evelyn Waugh')].author", #"["Evelyn Waugh"]"#),
        JSONPathRow("$.store.book[?(@.author > 'I')].author", #"["Nigel Rees", "J. R. R. Tolkien"]"#),
        JSONPathRow("$.store.book[?(@.title >= 'Sword of Honour')].price", "[12.99, 22.99]"),
        JSONPathRow("$.store.book[?(@.price < '10')]", "[]"),
        JSONPathRow("$.store.book[?(@.author > 5)]", "[]"),
        JSONPathRow("$.store.book[?(@.price == '8.95')].price", "[8.95]"),
        JSONPathRow("$.store.book[?(@.isbn != '0-553-21311-3')].price", "[8.95, 12.99, 22.99]"),
        JSONPathRow("$.store.book[?(@.isbn == null)]", "[]"),
        JSONPathRow("$.store.book[?(!@.isbn)].price", "[8.95, 12.99]"),
        JSONPathRow("$.store.book[?(@.category == 'fiction' && @.price > 10)].price", "[12.99, 22.99]"),
        JSONPathRow("$.store.book[?(@.price < 9 || @.price > 20)].price", "[8.95, 8.99, 22.99]"),
        JSONPathRow("$.store.book[?(@.price < 9 || @.price > 20 && @.isbn)].price", "[8.95, 8.99, 22.99]"),
        JSONPathRow("$.store.book[?((@.price < 9 || @.price > 20) && @.category == 'fiction')].price", "[8.99, 22.99]"),
        JSONPathRow("$.store.book[?(!(@.price < 10))].price", "[12.99, 22.99]"),
        JSONPathRow("$.store.book[?(!(@.price < 10) && !@.isbn)].price", "[12.99]"),
        JSONPathRow("$.store.book[?(@['category'] == 'reference')].price", "[8.95]"),
        JSONPathRow("$..book[?(@.price > $.expensive)].price", "[12.99, 22.99]"),
        JSONPathRow("$.store.book[?(@.price > 10)].title", #"["Sword of Honour", "The Lord of the Rings"]"#),
        JSONPathRow("$.store.bicycle[?(@.color == 'red')]", "[\(F.bicycle)]"),
        JSONPathRow("$.store.bicycle[?(@.color == 'blue')]", "[]"),
        JSONPathRow("$.store[?(@.bicycle.color == 'red')].bicycle.price", "[19.95]"),
        JSONPathRow("$[?(@.expensive == 10)].expensive", "[10]"),
        JSONPathRow("$..[?(@.price > 19)]", "[\(F.book3), \(F.bicycle)]"),
        JSONPathRow("$..[?(@.color)]", "[\(F.bicycle)]"),
        JSONPathRow("$.store[?(@.book.length() == 4)].bicycle.color", #"["red"]"#),
        JSONPathRow("$.store[?(@.book.size() > 4)]", "[]"),
        JSONPathRow("$.store.book[?(@.length() == 5)].price", "[8.99, 22.99]"),
        JSONPathRow("$.expensive[?(@ == 10)]", "[]"),
    ]

    /// Literal types and comparisons across types.
    static let typeRows: [(document: String, path: String, selects: String)] = [
        (#"[{"f": true}, {"f": false}, {"f": "true"}]"#, "$[?(@.f == true)]", #"[{"f": true}]"#),
        (#"[{"f": true}, {"f": false}, {"f": "true"}]"#, "$[?(@.f != true)]", #"[{"f": false}, {"f": "true"}]"#),
        (#"[{"f": true}, {"f": false}]"#, "$[?(@.f == false)]", #"[{"f": false}]"#),
        (#"[{"v": null}, {"v": 0}, {}]"#, "$[?(@.v == null)]", #"[{"v": null}]"#),
        (#"[{"v": null}, {"v": 0}, {}]"#, "$[?(@.v != null)]", #"[{"v": 0}, {}]"#),
        (#"[{"v": null}, {"v": 0}, {}]"#, "$[?(@.v)]", #"[{"v": null}, {"v": 0}]"#),
        (#"[{"v": null}, {"v": 0}, {}]"#, "$[?(!@.v)]", "[{}]"),
        (#"[{"n": 1.0}, {"n": 1}, {"n": "1"}, {"n": 10}, {"n": "one"}]"#, "$[?(@.n == 1)]", #"[{"n": 1.0}, {"n": 1}, {"n": "1"}]"#),
        (#"[{"n": 100}, {"n": 99}]"#, "$[?(@.n == 1e2)]", #"[{"n": 100}]"#),
        (#"[{"n": 100}, {"n": 99}]"#, "$[?(@.n == 1.0E+2)]", #"[{"n": 100}]"#),
        (#"[{"n": -1}, {"n": 0}, {"n": 2}]"#, "$[?(@.n > -0.5)]", #"[{"n": 0}, {"n": 2}]"#),
        (#"[{"n": -1}, {"n": 0}, {"n": 2}]"#, "$[?(@.n == -1)]", #"[{"n": -1}]"#),
        (#"[{"n": 1}, {"n": "2"}]"#, "$[?(@.n < 3)]", #"[{"n": 1}]"#),
        (#"[1, 2, 3, 4]"#, "$[?(@ > 2)]", "[3, 4]"),
        (#"["b", "a", "c"]"#, "$[?(@ >= 'b')]", #"["b", "c"]"#),
        (#"["B", "a"]"#, "$[?(@ < 'a')]", #"["B"]"#),
        (#"[{"a": {"b": {"c": 1}}}, {"a": {"b": {"c": 2}}}]"#, "$[?(@.a.b.c == 1)]", #"[{"a": {"b": {"c": 1}}}]"#),
        (#"[{"a": {"b": 1}}, {"a": {"b": 2}}]"#, "$[?(@['a']['b'] == 2)]", #"[{"a": {"b": 2}}]"#),
        (#"[{"i": ["x", "y"]}, {"i": ["y", "z"]}]"#, "$[?(@.i[0] == 'y')]", #"[{"i": ["y", "z"]}]"#),
        (#"[{"i": ["x", "y"]}, {"i": ["y", "z"]}]"#, "$[?(@.i[-1] == 'y')]", #"[{"i": ["x", "y"]}]"#),
        (#"[{"i": [1]}, {"i": [1, 2]}]"#, "$[?(@.i.length() == 2)]", #"[{"i": [1, 2]}]"#),
        (#"[{"i": [1]}, {"i": [1, 2]}]"#, "$[?(@.i.size() > 1)]", #"[{"i": [1, 2]}]"#),
        (#"[{"i": [1]}, {"i": [1, 2]}]"#, "$[?(@.i == [1])]", "unsupported"),
        (#"{"want": [1, 2], "items": [{"t": [1, 2]}, {"t": [2, 1]}]}"#, "$.items[?(@.t == $.want)]", #"[{"t": [1, 2]}]"#),
        (
            #"{"want": {"a": 1, "b": 2}, "items": [{"t": {"b": 2, "a": 1}}, {"t": {"a": 1}}]}"#, "$.items[?(@.t == $.want)]",
            #"[{"t": {"b": 2, "a": 1}}]"#
        ),
        (#"[{"s": "it's"}, {"s": "x"}]"#, #"$[?(@.s == 'it\'s')]"#, #"[{"s": "it's"}]"#),
        (#"[{"s": "tab\there"}]"#, #"$[?(@.s == 'tab\there')]"#, #"[{"s": "tab\there"}]"#),
        (#"[{"a": [{"b": 1}, {"b": 2}]}, {"a": [{"b": 3}]}]"#, "$[?(@.a[?(@.b == 2)])]", #"[{"a": [{"b": 1}, {"b": 2}]}]"#),
        (#"[{"a": [1, 2]}, {"a": []}]"#, "$[?(@.a[*])]", #"[{"a": [1, 2]}]"#),
    ]

    @Test("each operator over numbers and strings, with && || ! and parentheses", arguments: bookstoreRows)
    func bookstoreRow(_ row: JSONPathRow) throws {
        #expect(try JSONValue.array(JSONPath(row.path).select(in: F.bookstore())) == F.parse(row.selects))
    }

    @Test("literal types, number forms and comparisons across types", arguments: typeRows)
    func typeRow(_ row: (document: String, path: String, selects: String)) throws {
        guard row.selects != "unsupported" else {
            #expect(throws: JSONPathError.self) { try JSONPath(row.path) }
            return
        }
        #expect(try JSONValue.array(JSONPath(row.path).select(in: F.parse(row.document))) == F.parse(row.selects))
    }

    @Test("=~ matches the whole text through the given regex engine, flags inline")
    func regexFilters() throws {
        let document = try F.bookstore()
        let rees = try JSONPath("$..book[?(@.author =~ /.*REES/i)]", regex: F.regex)
        #expect(try rees.select(in: document) == [F.parse(F.book0)])
        let caseSensitive = try JSONPath("$..book[?(@.author =~ /.*REES/)]", regex: F.regex)
        #expect(try caseSensitive.select(in: document).isEmpty)
        let partial = try JSONPath("$..book[?(@.author =~ /Nigel/)]", regex: F.regex)
        #expect(try partial.select(in: document).isEmpty)
        let number = try JSONPath("$..book[?(@.price =~ /8\\..*/)].price", regex: F.regex)
        #expect(try number.select(in: document) == [.number(8.95), .number(8.99)])
        let flipped = try JSONPath("$..book[?(/M.*/ =~ @.title)].title", regex: F.regex)
        #expect(try flipped.select(in: document) == [.string("Moby Dick")])
        let tags = try JSONPath("$[?(@.tags =~ /b.*/)].id", regex: F.regex)
        #expect(try tags.select(in: F.parse(#"[{"id": 1, "tags": ["a", "bc"]}, {"id": 2, "tags": ["a"]}]"#)) == [.number(1)])
        let missing = try JSONPath("$..book[?(@.isbn =~ /.*/)].price", regex: F.regex)
        #expect(try missing.select(in: document) == [.number(8.99), .number(22.99)])
    }

    @Test("the WireMock documentation's filter examples")
    func wireMockExamples() throws {
        let equality = try JSONPath("$.things[?(@.name == 'RequiredThing')]")
        #expect(try equality.select(in: F.parse(#"{"things": {"name": "RequiredThing"}}"#)).count == 1)
        #expect(try equality.select(in: F.parse(#"{"things": [{"name": "RequiredThing"}, {"name": "Wiremock"}]}"#)).count == 1)
        #expect(try equality.select(in: F.parse(#"{"price": 15}"#)).isEmpty)
        #expect(try equality.select(in: F.parse(#"{"things": {"name": "Wiremock"}}"#)).isEmpty)
        let size = try JSONPath("$[?(@.things.size() == 2)]")
        #expect(try size.select(in: F.parse(#"{"things": [{"name": "RequiredThing"}, {"name": "Wiremock"}]}"#)).count == 1)
        #expect(try size.select(in: F.parse(#"{"things": [{"name": "RequiredThing"}]}"#)).isEmpty)
    }
}
