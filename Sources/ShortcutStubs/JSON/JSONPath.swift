// The JSONPath this engine reads: the part of Jayway JsonPath 2.9/2.10 (what WireMock 3 uses) that mappings
// write, with Jayway's results. Offsets in errors are UTF-8 bytes from 0.
//
//   $                      the document (`@` at the top is the same); a path without `$` gets `$.` in front
//   .name  ['name']  ["n"]  a member; brackets for any name (escapes \' \" \\ \/ \n \t \r \b \f \uXXXX)
//   ['a','b']              several members; as the last step Jayway merges them into ONE object {a:…, b:…}
//   [n]  [-n]  [n,m]       elements by index, negative from the end; out of range selects nothing
//   [start:end] [s:] [:e]  a slice, end exclusive, negative bounds from the end (Python's rule; Jayway 2.x
//                          mishandles negative bounds in [s:e], and ignores a step, which is refused here)
//   [*]  .*                every element or member value
//   ..name ..* ..[…]       deep scan: the current value and every array/object below it, a container before
//                          its contents (document order); `..[?(…)]` tests each object in the tree
//   [?(…)]                 filter: the elements of an array for which it holds, or an object itself if it
//                          holds for the object (Jayway)
//     @ @.a.b @['a'] @[0]  the candidate; $… the document
//     == !=                any values; a number equals a string reading as the same number (Jayway);
//                          arrays/objects by content; a missing operand equals nothing (so != holds)
//     < <= > >=            number with number, string with string (UTF-16 order, as Java); else false
//     =~ /re/flags         only with a `JSONRegexMatcher` (init's `regex:`), whole-string match, flags
//                          d i x m s u U passed inline as (?flags); refused without one
//     @.a  !@.a            exists (a null member exists); ! negates
//     && || ! ( )          logic, && binding tighter
//     'x' "x" 1 -2.5e3 true false null   literals
//   .length() .size()      count of an array's elements or an object's members, null for other values;
//                          `$..x.length()` counts the children of everything `$..x` selects (Jayway)
//
// Refused with a message: other functions (min(), keys() …), in/nin/subsetof/anyof/noneof/size/empty/contains,
// === and !==, JSON literals in filters, slice steps, `=~` without a regex engine.
// Bounded by JSONPathLimits: expression bytes, values per selection, nodes visited, filter nesting.

import ShortcutJSON

/// A compiled JSONPath expression (the Jayway subset documented at the top of this file), ready to run over
/// any number of documents. Compiling checks syntax, supported features and the expression limits.
package struct JSONPath: Sendable {
    /// The expression as written.
    package let expression: String
    /// The bounds every evaluation runs under.
    package let limits: JSONPathLimits
    let query: JSONPathQuery
    let regex: JSONRegexMatcher?

    /// Compiles `expression`. `regex` enables `=~ /re/` filters (nil refuses them); patterns are checked
    /// with it now, so a refused regex fails here rather than on every request.
    package init(_ expression: String, limits: JSONPathLimits = .standard, regex: JSONRegexMatcher? = nil) throws(JSONPathError) {
        self.query = try JSONPathParser.parse(expression, limits: limits, regex: regex)
        self.expression = expression
        self.limits = limits
        self.regex = regex
    }

    /// Jayway's "definite" path: it names at most one value (no `..`, `*`, slices, filters or index lists), so
    /// Jayway returns that value rather than a list. WireMock's matching depends on the difference.
    package var isDefinite: Bool { query.isDefinite }

    /// Every value the expression selects, in document order (an index or name list in the order written).
    /// Throws only when a work limit is reached.
    package func select(in document: JSONValue) throws(JSONPathError) -> [JSONValue] {
        var visited = 0
        return try select(in: document, visited: &visited, maxNodesVisited: limits.maxNodesVisited)
    }

    /// What Jayway's `JsonPath.read` returns: a definite path's one value (or nothing), an indefinite path's
    /// list (possibly empty).
    package func read(in document: JSONValue) throws(JSONPathError) -> JSONPathReading {
        var visited = 0
        return try read(in: document, visited: &visited, maxNodesVisited: limits.maxNodesVisited)
    }

    /// `read(in:)` for a caller with its own work budget (a response template's): adds the nodes visited to
    /// `visited`, also when it throws, and stops past `maxNodesVisited` when that is lower than the limits'.
    package func read(in document: JSONValue, visited: inout Int, maxNodesVisited: Int) throws(JSONPathError) -> JSONPathReading {
        let selected = try select(in: document, visited: &visited, maxNodesVisited: maxNodesVisited)
        guard isDefinite else { return .list(selected) }
        return selected.first.map(JSONPathReading.single) ?? .notFound
    }

    private func select(in document: JSONValue, visited: inout Int, maxNodesVisited: Int) throws(JSONPathError) -> [JSONValue] {
        var bounds = limits
        bounds.maxNodesVisited = min(limits.maxNodesVisited, maxNodesVisited)
        var evaluator = JSONPathEvaluator(root: document, limits: bounds, regex: regex)
        defer { visited += evaluator.visited }
        return try evaluator.evaluate(query, current: document)
    }
}

/// The result of a path as Jayway hands it to WireMock.
package enum JSONPathReading: Sendable, Equatable {
    /// A definite path that selects nothing (Jayway throws `PathNotFoundException`).
    case notFound
    /// A definite path's value.
    case single(JSONValue)
    /// An indefinite path's results, in order.
    case list([JSONValue])
}
