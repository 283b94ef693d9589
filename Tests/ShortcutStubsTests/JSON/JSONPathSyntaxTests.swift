import ShortcutStubs
import Testing

/// An expression that must be refused, where, and with which words in the message.
struct JSONPathRefusalRow: Sendable, CustomTestStringConvertible {
    var expression: String
    var kind: JSONPathError.Kind
    var offset: Int
    var says: String
    var testDescription: String { expression }

    init(_ expression: String, _ kind: JSONPathError.Kind, at offset: Int, _ says: String) {
        self.expression = expression
        self.kind = kind
        self.offset = offset
        self.says = says
    }
}

@Suite("JSONPath syntax errors and refusals")
struct JSONPathSyntaxTests {
    static let rows: [JSONPathRefusalRow] = [
        JSONPathRefusalRow("", .syntax, at: 0, "empty"),
        JSONPathRefusalRow("   ", .syntax, at: 3, "empty"),
        JSONPathRefusalRow("$.", .syntax, at: 1, "ends with '.'"),
        JSONPathRefusalRow("$..", .syntax, at: 1, "ends with '..'"),
        JSONPathRefusalRow("$...a", .syntax, at: 3, "'...'"),
        JSONPathRefusalRow("$.a.", .syntax, at: 3, "ends with '.'"),
        JSONPathRefusalRow("$x", .syntax, at: 1, "unexpected 'x'"),
        JSONPathRefusalRow("$.a b", .syntax, at: 4, "brackets"),
        JSONPathRefusalRow("$.ü b", .syntax, at: 5, "brackets"),
        JSONPathRefusalRow("$. a", .syntax, at: 2, "cannot start with a space"),
        JSONPathRefusalRow("$.a]", .syntax, at: 3, "unexpected ']'"),
        JSONPathRefusalRow("$[", .syntax, at: 1, "'[' is not closed"),
        JSONPathRefusalRow("$[1", .syntax, at: 1, "'[' is not closed"),
        JSONPathRefusalRow("$[1 2]", .syntax, at: 4, "expected ']'"),
        JSONPathRefusalRow("$[]", .syntax, at: 2, "empty brackets"),
        JSONPathRefusalRow("$[a]", .syntax, at: 2, "expected a quoted name"),
        JSONPathRefusalRow("$['a", .syntax, at: 2, "not closed"),
        JSONPathRefusalRow("$['a',]", .syntax, at: 6, "quoted name after ','"),
        JSONPathRefusalRow("$['a' 'b']", .syntax, at: 6, "expected ']'"),
        JSONPathRefusalRow(#"$['a\q']"#, .syntax, at: 4, "invalid escape"),
        JSONPathRefusalRow(#"$['\u12']"#, .syntax, at: 3, "invalid \\u escape"),
        JSONPathRefusalRow(#"$['\ud800']"#, .syntax, at: 3, "unpaired surrogate"),
        JSONPathRefusalRow("$[-]", .syntax, at: 3, "digits after '-'"),
        JSONPathRefusalRow("$[1,]", .syntax, at: 4, "index after ','"),
        JSONPathRefusalRow("$[99999999999]", .syntax, at: 2, "out of range"),
        JSONPathRefusalRow("$[:]", .syntax, at: 2, "start or an end"),
        JSONPathRefusalRow("$[1:2:3]", .unsupported, at: 5, "slice steps"),
        JSONPathRefusalRow("$[?@.a]", .syntax, at: 3, "expected '(' after '?'"),
        JSONPathRefusalRow("$[?(@.a == 1]", .syntax, at: 12, "expected ')'"),
        JSONPathRefusalRow("$[?(@.a == 1)", .syntax, at: 1, "'[' is not closed"),
        JSONPathRefusalRow("$[?(@.a == 1", .syntax, at: 3, "not closed"),
        JSONPathRefusalRow("$[?(@.a == )]", .syntax, at: 11, "expected @, $"),
        JSONPathRefusalRow("$[?(@.a = 1)]", .syntax, at: 8, "use '=='"),
        JSONPathRefusalRow("$[?(@.a == 1 & @.b)]", .syntax, at: 13, "'&&'"),
        JSONPathRefusalRow("$[?(@.a == 1 | @.b)]", .syntax, at: 13, "'||'"),
        JSONPathRefusalRow("$[?('x')]", .syntax, at: 4, "a literal alone"),
        JSONPathRefusalRow("$[?((@.a)]", .syntax, at: 9, "expected ')'"),
        JSONPathRefusalRow("$[?(@.a == tru)]", .syntax, at: 11, "expected @, $"),
        JSONPathRefusalRow("$[?(@.a == 1.)]", .syntax, at: 13, "digits after '.'"),
        JSONPathRefusalRow("$[?(@.a == 'x)]", .syntax, at: 11, "not closed"),
        JSONPathRefusalRow("$[?(@.a === 1)]", .unsupported, at: 8, "type-safe"),
        JSONPathRefusalRow("$[?(@.a in ['x'])]", .unsupported, at: 8, "'in'"),
        JSONPathRefusalRow("$[?(@.a nin ['x'])]", .unsupported, at: 8, "'nin'"),
        JSONPathRefusalRow("$[?(@.a == [1])]", .unsupported, at: 11, "JSON array and object literals"),
        JSONPathRefusalRow("$[?(@.a =~ /x/)]", .unsupported, at: 11, "need a regex engine"),
        JSONPathRefusalRow("$.min()", .unsupported, at: 2, "min()"),
        JSONPathRefusalRow("$.length(1)", .unsupported, at: 9, "arguments"),
        JSONPathRefusalRow("$.length().a", .unsupported, at: 10, "must end the path"),
        JSONPathRefusalRow("$..length()", .unsupported, at: 3, "cannot follow '..'"),
    ]

    @Test("malformed or unsupported expressions are refused with the offset of the problem", arguments: rows)
    func refused(_ row: JSONPathRefusalRow) {
        let error = #expect(throws: JSONPathError.self) { try JSONPath(row.expression) }
        #expect(error?.kind == row.kind)
        #expect(error?.offset == row.offset)
        #expect(error?.description.contains(row.says) == true, "\(String(describing: error))")
    }

    @Test("regex refusals: a misplaced regex, or one the regex engine refuses")
    func regexRefusals() {
        let cases: [(String, JSONPathError.Kind, Int, String)] = [
            (#"$[?(@.a =~ /(.)\1/)]"#, .unsupported, 11, "refused"),
            ("$[?(@.a == /x/)]", .syntax, 11, "only be used with '=~'"),
            ("$[?(@.a =~ 'x')]", .syntax, 8, "one /regex/"),
            ("$[?(@.a =~ /x/q)]", .syntax, 14, "unknown regex flag"),
            ("$[?(@.a =~ /x)]", .syntax, 11, "not closed"),
        ]
        for (expression, kind, offset, says) in cases {
            let error = #expect(throws: JSONPathError.self) { try JSONPath(expression, regex: JSONTestFixtures.regex) }
            #expect(error?.kind == kind, "\(expression)")
            #expect(error?.offset == offset, "\(expression)")
            #expect(error?.description.contains(says) == true, "\(String(describing: error))")
        }
    }

    @Test("an error's description is one line naming the offset")
    func descriptionShape() {
        let syntax = #expect(throws: JSONPathError.self) { try JSONPath("$[?(@.a = 1)]") }
        #expect(syntax?.description == "JSONPath syntax error at offset 8: use '==' to compare")
        let unsupported = #expect(throws: JSONPathError.self) { try JSONPath("$.min()") }
        #expect(
            unsupported?.description
                == "JSONPath feature not supported at offset 2: function min() is not supported; only length() and size() are")
    }

    @Test("whitespace is allowed inside brackets and filters")
    func whitespace() throws {
        let document = try JSONTestFixtures.parse(#"{"a": [{"b": 1}, {"b": 2}, {"b": 3}]}"#)
        #expect(try JSONPath("$.a[ 0 , 2 ].b").select(in: document) == [.number(1), .number(3)])
        #expect(try JSONPath("$.a[ 1 : ].b").select(in: document) == [.number(2), .number(3)])
        #expect(try JSONPath("$.a[ ?( @.b>1&&@.b<3 ) ].b").select(in: document) == [.number(2)])
        #expect(try JSONPath("$.a[?(\n@.b ==\t3\n)].b").select(in: document) == [.number(3)])
    }
}
