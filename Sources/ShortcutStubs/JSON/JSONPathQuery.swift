import ShortcutJSON

/// A compiled JSONPath: where it starts and its steps, as `JSONPathParser` read them.
struct JSONPathQuery: Sendable {
    /// `$` (the document) rather than `@` (the filter's current value). A top-level path always starts at the
    /// document, whichever it names.
    var fromRoot: Bool
    var segments: [JSONPathSegment]

    /// Jayway's "definite" path: one that names at most one value, so its result is that value rather than a
    /// list. No `..`, `*`, slice, filter or index list; several names only as the last step (Jayway merges them
    /// into one object there).
    var isDefinite: Bool {
        if countsChildrenOfScan { return true }
        for (position, segment) in segments.enumerated() {
            switch segment {
            case .length: continue
            case .descendant: return false
            case .child(let selector):
                switch selector {
                case .names(let names): if names.count > 1 && position != segments.count - 1 { return false }
                case .indexes(let indexes): if indexes.count != 1 { return false }
                case .slice, .wildcard, .filter: return false
                }
            }
        }
        return true
    }

    /// Jayway rewrites `$..x.length()` as `length($..x.*)`: the count of all children of everything `$..x`
    /// selects, one number. (Elsewhere `length()` applies to each selected value.)
    var countsChildrenOfScan: Bool {
        guard case .descendant = segments.first, case .length = segments.last else { return false }
        return true
    }
}

/// One step of a path.
enum JSONPathSegment: Sendable {
    /// `.name`, `[…]`: applies to the current values.
    case child(JSONPathSelector)
    /// `..name`, `..*`, `..[…]`: applies to the current values and every container below them, in document
    /// order (a container before its contents).
    case descendant(JSONPathSelector)
    /// `.length()` or `.size()`: an array's element count or an object's member count; `null` for anything else
    /// (as Jayway 2.x).
    case length
}

/// What a step picks out of one value.
enum JSONPathSelector: Sendable {
    /// Object members by name; several names as the last step are merged into one object (Jayway).
    case names([String])
    /// Array elements by index, negative from the end.
    case indexes([Int])
    /// `[start:end]`, end exclusive, negative bounds from the end.
    case slice(start: Int?, end: Int?)
    /// Every element or member value.
    case wildcard
    /// The elements of an array (or an object itself) for which the filter holds.
    case filter(JSONPathFilter)
}

/// A filter's condition.
indirect enum JSONPathFilter: Sendable {
    /// `a || b || …`
    case any([JSONPathFilter])
    /// `a && b && …`
    case all([JSONPathFilter])
    /// `!a`
    case not(JSONPathFilter)
    /// `@.a`: the path selects something (a `null` member counts, as in Jayway).
    case exists(JSONPathQuery)
    /// `left op right`
    case compare(JSONPathOperand, JSONPathOperator, JSONPathOperand)
}

/// One side of a comparison.
enum JSONPathOperand: Sendable {
    /// `@…` or `$…`; a definite path yields its value (or nothing), an indefinite one an array of its results.
    case query(JSONPathQuery)
    /// `'text'`, `"text"`, a number, `true`, `false`, `null`.
    case literal(JSONValue)
    /// `/pattern/flags`, kept as a Java-style pattern with the flags inline (`(?i)…`).
    case regex(String)
}

/// A comparison operator.
enum JSONPathOperator: Sendable {
    case equal
    case notEqual
    case less
    case lessOrEqual
    case greater
    case greaterOrEqual
    case matches
}
