import ShortcutJSON
import ShortcutStubs
import Testing

/// A path over a document and what it must select, as a JSON array.
struct JSONPathRow: Sendable, CustomTestStringConvertible {
    var path: String
    var selects: String
    var testDescription: String { path }

    init(_ path: String, _ selects: String) {
        self.path = path
        self.selects = selects
    }
}

@Suite("JSONPath selection over Jayway's bookstore")
struct JSONPathSelectionTests {
    private typealias F = JSONTestFixtures

    /// Jayway README's path table, with the results its engine gives.
    static let readmeRows: [JSONPathRow] = [
        JSONPathRow("$.store.book[*].author", #"["Nigel Rees", "Evelyn Waugh", "Herman Melville", "J. R. R. Tolkien"]"#),
        JSONPathRow("$..author", #"["Nigel Rees", "Evelyn Waugh", "Herman Melville", "J. R. R. Tolkien"]"#),
        JSONPathRow("$.store.*", "[[\(F.book0), \(F.book1), \(F.book2), \(F.book3)], \(F.bicycle)]"),
        JSONPathRow("$.store..price", "[8.95, 12.99, 8.99, 22.99, 19.95]"),
        JSONPathRow("$..book[2]", "[\(F.book2)]"),
        JSONPathRow("$..book[-2]", "[\(F.book2)]"),
        JSONPathRow("$..book[0,1]", "[\(F.book0), \(F.book1)]"),
        JSONPathRow("$..book[:2]", "[\(F.book0), \(F.book1)]"),
        JSONPathRow("$..book[1:2]", "[\(F.book1)]"),
        JSONPathRow("$..book[-2:]", "[\(F.book2), \(F.book3)]"),
        JSONPathRow("$..book[2:]", "[\(F.book2), \(F.book3)]"),
        JSONPathRow("$..book[?(@.isbn)]", "[\(F.book2), \(F.book3)]"),
        JSONPathRow("$.store.book[?(@.price < 10)]", "[\(F.book0), \(F.book2)]"),
        JSONPathRow("$..book[?(@.price <= $['expensive'])]", "[\(F.book0), \(F.book2)]"),
        JSONPathRow("$..book.length()", "[4]"),
    ]

    /// Every other construct: names, brackets, indexes, slices, wildcards, scans, functions, misses.
    static let constructRows: [JSONPathRow] = [
        JSONPathRow("$", "[\(F.bookstoreText)]"),
        JSONPathRow("$.expensive", "[10]"),
        JSONPathRow("@.expensive", "[10]"),
        JSONPathRow("store.bicycle.color", #"["red"]"#),
        JSONPathRow("  $.expensive  ", "[10]"),
        JSONPathRow("$['store']['bicycle']['color']", #"["red"]"#),
        JSONPathRow(#"$["store"]["bicycle"]["color"]"#, #"["red"]"#),
        JSONPathRow("$[ 'store' ].bicycle", "[\(F.bicycle)]"),
        JSONPathRow("$.['expensive']", "[10]"),
        JSONPathRow("$.store.bicycle['color','price']", #"[{"color": "red", "price": 19.95}]"#),
        JSONPathRow("$.store.bicycle['price', 'color', 'gears']", #"[{"price": 19.95, "color": "red"}]"#),
        JSONPathRow("$.store.book[0]['author','title']", #"[{"author": "Nigel Rees", "title": "Sayings of the Century"}]"#),
        JSONPathRow("$.store['bicycle','book']..price", "[19.95, 8.95, 12.99, 8.99, 22.99]"),
        JSONPathRow("$.store.book[-1].title", #"["The Lord of the Rings"]"#),
        JSONPathRow("$.store.book[-4].title", #"["Sayings of the Century"]"#),
        JSONPathRow("$.store.book[-5]", "[]"),
        JSONPathRow("$.store.book[4]", "[]"),
        JSONPathRow("$.store.book[3, 0].price", "[22.99, 8.95]"),
        JSONPathRow("$.store.book[0:1].price", "[8.95]"),
        JSONPathRow("$.store.book[1:-1].price", "[12.99, 8.99]"),
        JSONPathRow("$.store.book[-3:-1].price", "[12.99, 8.99]"),
        JSONPathRow("$.store.book[:-1].price", "[8.95, 12.99, 8.99]"),
        JSONPathRow("$.store.book[-10:1].price", "[8.95]"),
        JSONPathRow("$.store.book[2:2]", "[]"),
        JSONPathRow("$.store.book[3:1]", "[]"),
        JSONPathRow("$.store.book[10:]", "[]"),
        JSONPathRow("$.store.book[:10].price", "[8.95, 12.99, 8.99, 22.99]"),
        JSONPathRow("$.store.bicycle.*", #"["red", 19.95]"#),
        JSONPathRow("$.store.bicycle[*]", #"["red", 19.95]"#),
        JSONPathRow("$.store.book[*].price", "[8.95, 12.99, 8.99, 22.99]"),
        JSONPathRow("$..[0].title", #"["Sayings of the Century"]"#),
        JSONPathRow("$..['color']", #"["red"]"#),
        JSONPathRow("$..book..title", #"["Sayings of the Century", "Sword of Honour", "Moby Dick", "The Lord of the Rings"]"#),
        JSONPathRow("$..bicycle.*", #"["red", 19.95]"#),
        JSONPathRow("$.store.book.length()", "[4]"),
        JSONPathRow("$.store.bicycle.size()", "[2]"),
        JSONPathRow("$.expensive.length()", "[null]"),
        JSONPathRow("$.store.book[*].length()", "[4, 4, 5, 5]"),
        JSONPathRow("$..nothing.length()", "[0]"),
        JSONPathRow("$.missing.length()", "[]"),
        JSONPathRow("$.missing", "[]"),
        JSONPathRow("$.missing.deeper", "[]"),
        JSONPathRow("$.store.book.author", "[]"),
        JSONPathRow("$.store.bicycle[0]", "[]"),
        JSONPathRow("$.store.bicycle[0:1]", "[]"),
        JSONPathRow("$.expensive[*]", "[]"),
        JSONPathRow("$.expensive.*", "[]"),
        JSONPathRow("$..missing", "[]"),
    ]

    @Test("Jayway README rows select what Jayway selects", arguments: readmeRows)
    func readmeRow(_ row: JSONPathRow) throws {
        let path = try JSONPath(row.path)
        #expect(try JSONValue.array(path.select(in: F.bookstore())) == F.parse(row.selects))
    }

    @Test("each construct selects the values in document order", arguments: constructRows)
    func constructRow(_ row: JSONPathRow) throws {
        let path = try JSONPath(row.path)
        #expect(try JSONValue.array(path.select(in: F.bookstore())) == F.parse(row.selects))
    }

    @Test("a deep scan with a wildcard gives every value, each container's children before its grandchildren")
    func deepScanEverything() throws {
        let selected = try JSONPath("$..*").select(in: F.bookstore())
        #expect(selected.count == 28)
        let first = try F.parse("{\"book\": [\(F.book0), \(F.book1), \(F.book2), \(F.book3)], \"bicycle\": \(F.bicycle)}")
        #expect(selected.first == first)
        #expect(selected[1] == .number(10))
        #expect(selected.last == .number(19.95))
        #expect(try JSONPath("$..[*]").select(in: F.bookstore()) == selected)
    }

    @Test("a deep scan starts at the current value and includes it")
    func deepScanIncludesStart() throws {
        let document = try F.parse(#"{"id": 1, "child": {"id": 2, "child": {"id": 3}}, "list": [{"id": 4}]}"#)
        #expect(try JSONPath("$..id").select(in: document) == [.number(1), .number(2), .number(3), .number(4)])
        #expect(try JSONPath("$.child..id").select(in: document) == [.number(2), .number(3)])
    }

    @Test("a repeated member name reads its last value, as Java's JSON maps do")
    func repeatedName() throws {
        let document = try F.parse(#"{"a": 1, "a": 2}"#)
        #expect(try JSONPath("$.a").select(in: document) == [.number(2)])
    }

    @Test("names in brackets may hold any character, with escapes")
    func bracketNames() throws {
        let document = try F.parse(#"{"a b": 1, "it's": 2, "q\"uote": 3, "ü.x": 4, "back\\slash": 5, "é": 6}"#)
        #expect(try JSONPath("$['a b']").select(in: document) == [.number(1)])
        #expect(try JSONPath(#"$['it\'s']"#).select(in: document) == [.number(2)])
        #expect(try JSONPath(#"$["it's"]"#).select(in: document) == [.number(2)])
        #expect(try JSONPath(#"$["q\"uote"]"#).select(in: document) == [.number(3)])
        #expect(try JSONPath("$['ü.x']").select(in: document) == [.number(4)])
        #expect(try JSONPath(#"$['back\\slash']"#).select(in: document) == [.number(5)])
        #expect(try JSONPath(#"$['\u00e9']"#).select(in: document) == [.number(6)])
    }

    @Test("definite paths are those Jayway returns one value for")
    func definiteness() throws {
        for path in ["$", "$.a", "$['a']", "$.a[0]", "$.a[-1].b", "$.a['b','c']", "$.a.length()", "$..a.length()", "a.b"] {
            #expect(try JSONPath(path).isDefinite, "\(path)")
        }
        for path in ["$..a", "$.a[*]", "$.*", "$.a[0,1]", "$.a[0:1]", "$.a[?(@.b)]", "$['a','b'].c", "$.a[*].length()"] {
            #expect(try !JSONPath(path).isDefinite, "\(path)")
        }
    }

    @Test("read gives a definite path's value, or notFound, and an indefinite path's list")
    func reading() throws {
        let document = try F.parse(#"{"a": [1, 2], "n": null}"#)
        #expect(try JSONPath("$.a").read(in: document) == .single(.array([.number(1), .number(2)])))
        #expect(try JSONPath("$.n").read(in: document) == .single(.null))
        #expect(try JSONPath("$.b").read(in: document) == .notFound)
        #expect(try JSONPath("$.a[*]").read(in: document) == .list([.number(1), .number(2)]))
        #expect(try JSONPath("$.b[*]").read(in: document) == .list([]))
    }

    @Test("the expression is kept as written")
    func expressionKept() throws {
        #expect(try JSONPath(" $.a ").expression == " $.a ")
    }
}
