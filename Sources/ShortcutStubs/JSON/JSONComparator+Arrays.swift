import ShortcutJSON

/// Arrays: in order, or as multisets by maximum pairing.
extension JSONComparator {
    /// Element by element; JsonUnit's length rule: equal lengths, or with extra elements ignored at least as many.
    mutating func compareInOrder(_ expected: [JSONValue], _ actual: [JSONValue], depth: Int, recording: Bool) -> Bool {
        var equal = true
        if !lengthAcceptable(expected.count, actual.count) {
            guard recording else { return false }
            equal = false
            reportLength(expected.count, actual.count)
            for element in expected.dropFirst(actual.count) { weight += JSONMatchText.deepSize(element) }
            if !ignoreExtraElements {
                for element in actual.dropFirst(expected.count) { weight += JSONMatchText.deepSize(element) }
            }
        }
        for position in 0..<min(expected.count, actual.count) {
            location.append(.index(position))
            let same = compare(expected[position], actual[position], depth: depth + 1, recording: recording)
            location.removeLast()
            if !same {
                equal = false
                if !recording || stopped != nil { return false }
            }
        }
        return equal
    }

    /// As multisets (see `JSONEquality`). With one element different on each side and equal lengths, the two are
    /// compared in detail, as JsonUnit does, so the difference says what differs inside them.
    mutating func compareIgnoringOrder(_ expected: [JSONValue], _ actual: [JSONValue], depth: Int, recording: Bool) -> Bool {
        var equal = true
        if !lengthAcceptable(expected.count, actual.count) {
            guard recording else { return false }
            equal = false
            reportLength(expected.count, actual.count)
        }
        guard let pairing = pair(expected, actual, depth: depth) else { return false }
        let missing = expected.indices.filter { pairing.actualFor[$0] == nil }
        let extra = ignoreExtraElements ? [] : actual.indices.filter { pairing.expectedFor[$0] == nil }
        if missing.isEmpty && extra.isEmpty { return equal }
        guard recording else { return false }
        if expected.count == actual.count, missing.count == 1, extra.count == 1 {
            location.append(.index(extra[0]))
            _ = compare(expected[missing[0]], actual[extra[0]], depth: depth + 1, recording: true)
            location.removeLast()
            return false
        }
        for position in missing {
            differ(
                "no element matches expected element [\(position)] \(JSONMatchText.preview(expected[position]))",
                weight: JSONMatchText.deepSize(expected[position]), true)
        }
        for position in extra {
            location.append(.index(position))
            differ("unexpected element \(JSONMatchText.preview(actual[position]))", weight: JSONMatchText.deepSize(actual[position]), true)
            location.removeLast()
        }
        return false
    }

    func lengthAcceptable(_ expected: Int, _ actual: Int) -> Bool {
        ignoreExtraElements ? actual >= expected : actual == expected
    }

    mutating func reportLength(_ expected: Int, _ actual: Int) {
        let count = ignoreExtraElements ? "at least \(expected)" : "\(expected)"
        let message = "expected \(count) element\(expected == 1 && !ignoreExtraElements ? "" : "s"), got \(actual)"
        differ(message, weight: 0, true)
    }

    /// A maximum pairing of expected with actual elements (nil when a limit stopped it): identical elements
    /// first, by canonical form; then Kuhn's augmenting paths (breadth-first, so no recursion) over the
    /// similar pairs that remain. O(n·m) similarity probes and O(n·n·m) matching steps at worst, all counted.
    mutating func pair(_ expected: [JSONValue], _ actual: [JSONValue], depth: Int) -> (actualFor: [Int?], expectedFor: [Int?])? {
        var actualFor = [Int?](repeating: nil, count: expected.count)
        var expectedFor = [Int?](repeating: nil, count: actual.count)

        // Identical elements pair safely: an expected element without placeholders is similar to whatever its
        // identical twin is similar to, so some maximum pairing contains this one.
        var expectedKeys: [String?] = []
        for element in expected { expectedKeys.append(canonicalKey(element, depth: depth + 1, rejectingPlaceholders: placeholders)) }
        if expectedKeys.contains(where: { $0 != nil }) {
            var actualByKey: [String: [Int]] = [:]
            for position in actual.indices.reversed() {
                if let key = canonicalKey(actual[position], depth: depth + 1, rejectingPlaceholders: false) {
                    actualByKey[key, default: []].append(position)
                }
            }
            for (position, key) in expectedKeys.enumerated() {
                guard let key, let match = actualByKey[key]?.popLast() else { continue }
                actualFor[position] = match
                expectedFor[match] = position
            }
        }
        if stopped != nil { return nil }

        let freeExpected = expected.indices.filter { actualFor[$0] == nil }
        let freeActual = actual.indices.filter { expectedFor[$0] == nil }
        guard !freeExpected.isEmpty, !freeActual.isEmpty else { return (actualFor, expectedFor) }
        var candidates = [[Int]](repeating: [], count: expected.count)
        for expectedPosition in freeExpected {
            for actualPosition in freeActual {
                location.append(.index(actualPosition))
                let similar = compare(expected[expectedPosition], actual[actualPosition], depth: depth + 1, recording: false)
                location.removeLast()
                if stopped != nil { return nil }
                if similar { candidates[expectedPosition].append(actualPosition) }
            }
        }

        for start in freeExpected where !candidates[start].isEmpty {
            // Breadth-first search for an augmenting path from `start` to a free actual element.
            var reachedFrom = [Int](repeating: -1, count: actual.count)
            var queue = [start]
            var head = 0
            var free: Int?
            search: while head < queue.count {
                let current = queue[head]
                head += 1
                for candidate in candidates[current] where reachedFrom[candidate] < 0 {
                    guard charge() else { return nil }
                    reachedFrom[candidate] = current
                    guard let holder = expectedFor[candidate] else {
                        free = candidate
                        break search
                    }
                    queue.append(holder)
                }
            }
            // Flip the path: each expected element on it takes the actual element it reached.
            var next = free
            while let actualPosition = next {
                let expectedPosition = reachedFrom[actualPosition]
                next = actualFor[expectedPosition]
                actualFor[expectedPosition] = actualPosition
                expectedFor[actualPosition] = expectedPosition
            }
        }
        return (actualFor, expectedFor)
    }

    /// A text equal for exactly the values that compare identical (members sorted, last of a repeated name,
    /// numbers by value), or nil: past the depth limit, when stopped, or (when asked) if a placeholder occurs.
    mutating func canonicalKey(_ value: JSONValue, depth: Int, rejectingPlaceholders: Bool) -> String? {
        guard depth <= limits.maxDepth, charge() else { return nil }
        switch value {
        case .null:
            return "n"
        case .bool(let flag):
            return flag ? "t" : "f"
        case .number(let number):
            return number == 0 ? "0" : "\(number)"  // one text for 0 and -0
        case .string(let string):
            if rejectingPlaceholders && JSONPlaceholder(string) != nil { return nil }
            return JSONMatchText.compact(value)
        case .array(let elements):
            var key = "["
            for element in elements {
                guard let elementKey = canonicalKey(element, depth: depth + 1, rejectingPlaceholders: rejectingPlaceholders) else {
                    return nil
                }
                key += elementKey + ","
            }
            return key + "]"
        case .object(let members):
            let index = Self.lastIndexByName(members)
            var key = "{"
            for (name, position) in index.sorted(by: { $0.key < $1.key }) {
                guard let memberKey = canonicalKey(members[position].1, depth: depth + 1, rejectingPlaceholders: rejectingPlaceholders)
                else {
                    return nil
                }
                key += JSONMatchText.compact(.string(name)) + ":" + memberKey + ","
            }
            return key + "}"
        }
    }
}
