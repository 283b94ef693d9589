import ShortcutJSON
import ShortcutStubs

/// Documents and helpers shared by the JSON engine tests.
enum JSONTestFixtures {
    /// Parses test JSON; a fixture that is not JSON is a bug in the test.
    static func parse(_ text: String) throws -> JSONValue {
        try JSONParser.parse(Array(text.utf8), maxDepth: 512)
    }

    /// The document of Jayway JsonPath's README, whose path table the JSONPath tests follow.
    static let bookstoreText = """
        {
            "store": {
                "book": [
                    {"category": "reference", "author": "Nigel Rees", "title": "Sayings of the Century", "price": 8.95},
                    {"category": "fiction", "author": "Evelyn Waugh", "title": "Sword of Honour", "price": 12.99},
                    {"category": "fiction", "author": "Herman Melville", "title": "Moby Dick", "isbn": "0-553-21311-3",
                     "price": 8.99},
                    {"category": "fiction", "author": "J. R. R. Tolkien", "title": "The Lord of the Rings",
                     "isbn": "0-395-19395-8", "price": 22.99}
                ],
                "bicycle": {"color": "red", "price": 19.95}
            },
            "expensive": 10
        }
        """

    static func bookstore() throws -> JSONValue { try parse(bookstoreText) }

    /// The four books as JSON texts, to build expected results from.
    static let book0 = #"{"category": "reference", "author": "Nigel Rees", "title": "Sayings of the Century", "price": 8.95}"#
    static let book1 = #"{"category": "fiction", "author": "Evelyn Waugh", "title": "Sword of Honour", "price": 12.99}"#
    static let book2 =
        #"{"category": "fiction", "author": "Herman Melville", "title": "Moby Dick", "isbn": "0-553-21311-3", "price": 8.99}"#
    static let book3 =
        #"{"category": "fiction", "author": "J. R. R. Tolkien", "title": "The Lord of the Rings", "isbn": "0-395-19395-8", "price": 22.99}"#
    static let bicycle = #"{"color": "red", "price": 19.95}"#

    /// A small whole-string regex for tests, standing in for the stub engine's: literals, `.`, `[a-z]` classes,
    /// `*` and `+`, `\` escapes, a leading `(?i)`. It refuses (nil) any pattern containing a backreference `\1`.
    static let regex: JSONRegexMatcher = { pattern, text in
        if pattern.contains("\\1") { return nil }
        var body = Substring(pattern)
        var ignoreCase = false
        if body.hasPrefix("(?i)") {
            ignoreCase = true
            body = body.dropFirst(4)
        }
        let atoms = JSONTestRegexAtom.parse(Array(body))
        let subject = Array(ignoreCase ? text.lowercased() : text)
        return JSONTestRegexAtom.matches(atoms[...], subject[...], ignoreCase: ignoreCase)
    }
}

/// One piece of a `JSONTestFixtures.regex` pattern.
struct JSONTestRegexAtom {
    enum Kind {
        case any
        case literal(Character)
        case ranges([ClosedRange<Character>])
    }

    var kind: Kind
    var repeats: Bool = false
    var atLeastOnce: Bool = false

    static func parse(_ pattern: [Character]) -> [JSONTestRegexAtom] {
        var atoms: [JSONTestRegexAtom] = []
        var index = 0
        while index < pattern.count {
            let character = pattern[index]
            index += 1
            switch character {
            case "*", "+":
                if !atoms.isEmpty {
                    atoms[atoms.count - 1].repeats = true
                    atoms[atoms.count - 1].atLeastOnce = character == "+"
                }
            case ".":
                atoms.append(JSONTestRegexAtom(kind: .any))
            case "\\" where index < pattern.count:
                atoms.append(JSONTestRegexAtom(kind: .literal(pattern[index])))
                index += 1
            case "[":
                var ranges: [ClosedRange<Character>] = []
                while index < pattern.count && pattern[index] != "]" {
                    if index + 2 < pattern.count && pattern[index + 1] == "-" {
                        ranges.append(pattern[index]...pattern[index + 2])
                        index += 3
                    } else {
                        ranges.append(pattern[index]...pattern[index])
                        index += 1
                    }
                }
                index += 1
                atoms.append(JSONTestRegexAtom(kind: .ranges(ranges)))
            default:
                atoms.append(JSONTestRegexAtom(kind: .literal(character)))
            }
        }
        return atoms
    }

    func accepts(_ character: Character, ignoreCase: Bool) -> Bool {
        switch kind {
        case .any: return true
        case .literal(let literal): return (ignoreCase ? Character(literal.lowercased()) : literal) == character
        case .ranges(let ranges):
            return ranges.contains { $0.contains(character) || (ignoreCase && $0.contains(Character(character.uppercased()))) }
        }
    }

    static func matches(_ atoms: ArraySlice<JSONTestRegexAtom>, _ text: ArraySlice<Character>, ignoreCase: Bool) -> Bool {
        guard let atom = atoms.first else { return text.isEmpty }
        let rest = atoms.dropFirst()
        if !atom.repeats {
            guard let character = text.first, atom.accepts(character, ignoreCase: ignoreCase) else { return false }
            return matches(rest, text.dropFirst(), ignoreCase: ignoreCase)
        }
        var remaining = text
        var taken = 0
        while true {
            if taken >= (atom.atLeastOnce ? 1 : 0) && matches(rest, remaining, ignoreCase: ignoreCase) { return true }
            guard let character = remaining.first, atom.accepts(character, ignoreCase: ignoreCase) else { return false }
            remaining = remaining.dropFirst()
            taken += 1
        }
    }
}
