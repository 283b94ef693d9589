/// A pattern of Apple's universal-link syntax, compiled: `*` matches any run of characters (none too),
/// `?` exactly one, so `?*` one or more; `$(name)` one of a substitution variable's values (which may
/// hold `*` and `?`); every other character matches itself. A pattern matches the whole text.
///
/// Compiled to a small automaton and run over the text once, so `$(lang)_$(region)` (184 × 249
/// alternatives) or a row of stars costs time linear in the text, never a backtracking blow-up.
package struct LinkPattern: Sendable {
    /// Why a pattern cannot be compiled.
    package enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// `$(` without its `)`.
        case unterminatedVariable(String)
        /// `$(name)` that neither the file nor Apple defines.
        case unknownVariable(String)

        package var description: String {
            switch self {
            case .unterminatedVariable(let text): "'\(text)' opens a substitution variable with '$(' and never closes it with ')'"
            case .unknownVariable(let name):
                "$(\(name)) is not a substitution variable: the predefined ones are "
                    + SubstitutionVariables.predefinedNames.map { "$(\($0))" }.joined(separator: " ")
                    + ", others are declared in applinks.substitutionVariables"
            }
        }
    }

    private enum Node: Sendable {
        case literal(Character, next: Int)
        case one(next: Int)
        /// Consumes any character and stays; also passes on to `next` without consuming.
        case star(next: Int)
        /// Passes on to each, without consuming (a variable's alternatives).
        case split([Int])
        case accept
    }

    /// The pattern as written.
    package let source: String
    /// Whether letters must match in case (`caseSensitive`, default true).
    package let caseSensitive: Bool
    private var nodes: [Node] = [.accept]
    private var start = 0

    /// Compiles `source`; `variables` are the file's own (they shadow predefined ones of the same name).
    package init(_ source: String, caseSensitive: Bool = true, variables: [String: [String]] = [:]) throws(Failure) {
        self.source = source
        self.caseSensitive = caseSensitive
        var pieces: [Piece] = []
        var rest = Substring(source)
        while let first = rest.first {
            if first == "$", rest.dropFirst().first == "(" {
                guard let close = rest.firstIndex(of: ")") else { throw .unterminatedVariable(source) }
                let name = String(rest[rest.index(rest.startIndex, offsetBy: 2)..<close])
                guard let values = variables[name] ?? SubstitutionVariables.predefined[name] else { throw .unknownVariable(name) }
                pieces.append(.variable(values))
                rest = rest[rest.index(after: close)...]
            } else {
                pieces.append(.character(first))
                rest = rest.dropFirst()
            }
        }
        // Built back to front: each node knows the node after it, so a variable's alternatives all lead on
        // to the same continuation without extra jump nodes.
        var next = 0
        for piece in pieces.reversed() {
            switch piece {
            case .character(let character): next = add(character, next: next)
            case .variable(let values):
                var starts: [Int] = []
                for value in values {
                    var valueNext = next
                    for character in value.reversed() { valueNext = add(character, next: valueNext) }
                    starts.append(valueNext)
                }
                nodes.append(.split(starts))
                next = nodes.count - 1
            }
        }
        start = next
    }

    private enum Piece {
        case character(Character)
        case variable([String])
    }

    private mutating func add(_ character: Character, next: Int) -> Int {
        switch character {
        case "*":
            // `**` matches what `*` does: one node, so a row of stars costs one state, not thousands.
            if case .star = nodes[next] { return next }
            nodes.append(.star(next: next))
        case "?": nodes.append(.one(next: next))
        default: nodes.append(.literal(fold(character), next: next))
        }
        return nodes.count - 1
    }

    private func fold(_ character: Character) -> Character {
        guard !caseSensitive else { return character }
        let lower = character.lowercased()
        return lower.count == 1 ? Character(lower) : character
    }

    /// Whether the pattern matches all of `text`.
    package func matches(_ text: String) -> Bool {
        var active = [Bool](repeating: false, count: nodes.count)
        var current: [Int] = []
        enter(start, &current, &active)
        for raw in text {
            let character = fold(raw)
            var seen = [Bool](repeating: false, count: nodes.count)
            var next: [Int] = []
            for state in current {
                switch nodes[state] {
                case .literal(let expected, let to) where expected == character: enter(to, &next, &seen)
                case .one(let to): enter(to, &next, &seen)
                case .star: enter(state, &next, &seen)
                default: break
                }
            }
            guard !next.isEmpty else { return false }
            current = next
        }
        return current.contains { if case .accept = nodes[$0] { true } else { false } }
    }

    /// Adds `state` and every state reachable from it without consuming a character. A loop, not
    /// recursion: a file of 100,000 stars must not overflow the stack.
    private func enter(_ state: Int, _ states: inout [Int], _ seen: inout [Bool]) {
        var pending = [state]
        while let state = pending.popLast() {
            guard !seen[state] else { continue }
            seen[state] = true
            states.append(state)
            switch nodes[state] {
            case .star(let next): pending.append(next)
            case .split(let targets): pending.append(contentsOf: targets.reversed())
            default: break
            }
        }
    }
}
