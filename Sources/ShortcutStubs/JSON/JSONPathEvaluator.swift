import ShortcutJSON

/// Runs a compiled path over one document, counting every node it touches against `JSONPathLimits` so a deep
/// scan, a filter per element or a filter path from `$` cannot run away. One evaluator per `select`.
struct JSONPathEvaluator {
    let root: JSONValue
    let limits: JSONPathLimits
    let regex: JSONRegexMatcher?
    var visited = 0

    init(root: JSONValue, limits: JSONPathLimits, regex: JSONRegexMatcher?) {
        self.root = root
        self.limits = limits
        self.regex = regex
    }

    /// What `query` selects, starting at the document or (for `@` in a filter) at `current`.
    mutating func evaluate(_ query: JSONPathQuery, current: JSONValue) throws(JSONPathError) -> [JSONValue] {
        let start = query.fromRoot ? root : current
        try visit()
        if query.countsChildrenOfScan {
            var count = 0
            for value in try run(query.segments.dropLast(), from: start) {
                switch value {
                case .array(let elements): count += elements.count
                case .object(let members): count += members.count
                default: break
                }
            }
            return [.number(Double(count))]
        }
        return try run(query.segments[...], from: start)
    }

    mutating func run(_ segments: ArraySlice<JSONPathSegment>, from start: JSONValue) throws(JSONPathError) -> [JSONValue] {
        var current = [start]
        for position in segments.indices {
            let isLast = position == segments.endIndex - 1
            var next: [JSONValue] = []
            for value in current {
                try apply(segments[position], to: value, isLast: isLast, into: &next)
            }
            current = next
        }
        return current
    }

    mutating func apply(_ segment: JSONPathSegment, to value: JSONValue, isLast: Bool, into out: inout [JSONValue])
        throws(JSONPathError)
    {
        switch segment {
        case .length:
            switch value {
            case .array(let elements): try add(.number(Double(elements.count)), to: &out)
            case .object(let members): try add(.number(Double(members.count)), to: &out)
            default: try add(.null, to: &out)  // Jayway 2.x: length() of anything else is null
            }
        case .child(let selector):
            try select(selector, in: value, isLast: isLast, scanning: false, into: &out)
        case .descendant(let selector):
            // Depth-first with an explicit stack, so a deep document cannot exhaust the call stack; children
            // are pushed in reverse so they are visited in document order.
            var stack = [value]
            while let container = stack.popLast() {
                try visit()
                try select(selector, in: container, isLast: isLast, scanning: true, into: &out)
                switch container {
                case .array(let elements):
                    for element in elements.reversed() where JSONMatchText.isContainer(element) { stack.append(element) }
                case .object(let members):
                    for (_, member) in members.reversed() where JSONMatchText.isContainer(member) { stack.append(member) }
                default:
                    break
                }
            }
        }
    }

    mutating func select(
        _ selector: JSONPathSelector, in value: JSONValue, isLast: Bool, scanning: Bool, into out: inout [JSONValue]
    ) throws(JSONPathError) {
        switch selector {
        case .names(let names):
            guard case .object(let members) = value else { return }
            if names.count > 1 && isLast {
                // Jayway merges the named members of a last step into one object; a scan takes only objects
                // that have them all.
                var merged: [(String, JSONValue)] = []
                for name in names {
                    if let member = Self.member(name, in: members) { merged.append((name, member)) }
                }
                if scanning && merged.count != names.count { return }
                try add(.object(merged), to: &out)
            } else {
                for name in names {
                    if let member = Self.member(name, in: members) { try add(member, to: &out) }
                }
            }
        case .indexes(let indexes):
            guard case .array(let elements) = value else { return }
            for index in indexes {
                let effective = index < 0 ? elements.count + index : index
                if effective >= 0 && effective < elements.count { try add(elements[effective], to: &out) }
            }
        case .slice(let start, let end):
            guard case .array(let elements) = value else { return }
            for index in Self.sliceRange(start: start, end: end, count: elements.count) {
                try add(elements[index], to: &out)
            }
        case .wildcard:
            switch value {
            case .array(let elements):
                for element in elements { try add(element, to: &out) }
            case .object(let members):
                for (_, member) in members { try add(member, to: &out) }
            default:
                break
            }
        case .filter(let filter):
            switch value {
            case .object:
                // Jayway applies a filter to an object as to a one-element list: the object itself.
                if try accepts(filter, value) { try add(value, to: &out) }
            case .array(let elements):
                // In a scan the elements are visited in their turn; Jayway does not filter them twice.
                if scanning { return }
                for element in elements where try accepts(filter, element) { try add(element, to: &out) }
            default:
                break
            }
        }
    }

    /// `[start:end]` as array indexes: end exclusive, negative bounds counted from the end, clamped.
    static func sliceRange(start: Int?, end: Int?, count: Int) -> Range<Int> {
        func resolve(_ bound: Int) -> Int { min(max(bound < 0 ? count + bound : bound, 0), count) }
        let lower = start.map(resolve) ?? 0
        let upper = end.map(resolve) ?? count
        return lower < upper ? lower..<upper : 0..<0
    }

    /// The member named `name`; with repeated names the last one, as Java's JSON maps keep.
    static func member(_ name: String, in members: [(String, JSONValue)]) -> JSONValue? {
        members.last { $0.0 == name }?.1
    }

    mutating func add(_ value: JSONValue, to out: inout [JSONValue]) throws(JSONPathError) {
        try visit()
        guard out.count < limits.maxSelectedValues else {
            throw .limit(
                "more than \(limits.maxSelectedValues) values selected; the limit is \(limits.maxSelectedValues) (maxSelectedValues)")
        }
        out.append(value)
    }

    mutating func visit() throws(JSONPathError) {
        visited += 1
        guard visited <= limits.maxNodesVisited else {
            throw .limit("more than \(limits.maxNodesVisited) nodes visited; the limit is \(limits.maxNodesVisited) (maxNodesVisited)")
        }
    }

}
