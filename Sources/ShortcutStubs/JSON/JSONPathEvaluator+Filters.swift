import ShortcutJSON

/// Filters: Jayway's comparison rules over the operands' values.
extension JSONPathEvaluator {
    /// Whether `candidate` (the filter's `@`) passes.
    mutating func accepts(_ filter: JSONPathFilter, _ candidate: JSONValue) throws(JSONPathError) -> Bool {
        switch filter {
        case .any(let terms):
            for term in terms where try accepts(term, candidate) { return true }
            return false
        case .all(let terms):
            for term in terms where !(try accepts(term, candidate)) { return false }
            return true
        case .not(let inner):
            return !(try accepts(inner, candidate))
        case .exists(let query):
            return !(try evaluate(query, current: candidate)).isEmpty
        case .compare(let left, let op, let right):
            if op == .matches { return try matchesRegex(left, right, candidate) }
            let leftValue = try operandValue(left, candidate)
            let rightValue = try operandValue(right, candidate)
            switch op {
            case .equal: return try same(leftValue, rightValue)
            case .notEqual: return !(try same(leftValue, rightValue))
            case .less: return Self.order(leftValue, rightValue).map { $0 < 0 } ?? false
            case .lessOrEqual: return Self.order(leftValue, rightValue).map { $0 <= 0 } ?? false
            case .greater: return Self.order(leftValue, rightValue).map { $0 > 0 } ?? false
            case .greaterOrEqual: return Self.order(leftValue, rightValue).map { $0 >= 0 } ?? false
            case .matches: return false
            }
        }
    }

    /// A definite path's value (nil when it selects nothing), an indefinite path's results as an array.
    mutating func operandValue(_ operand: JSONPathOperand, _ candidate: JSONValue) throws(JSONPathError) -> JSONValue? {
        switch operand {
        case .literal(let value):
            return value
        case .regex:
            return nil
        case .query(let query):
            let results = try evaluate(query, current: candidate)
            return query.isDefinite ? results.first : .array(results)
        }
    }

    /// Jayway's `=~`: the value's text (a string, a number's or boolean's JSON text, "" for anything else)
    /// must match the whole pattern; an array matches when any element does.
    mutating func matchesRegex(_ left: JSONPathOperand, _ right: JSONPathOperand, _ candidate: JSONValue) throws(JSONPathError)
        -> Bool
    {
        let pattern: String
        let valueOperand: JSONPathOperand
        if case .regex(let leftPattern) = left {
            pattern = leftPattern
            valueOperand = right
        } else if case .regex(let rightPattern) = right {
            pattern = rightPattern
            valueOperand = left
        } else {
            return false
        }
        guard let regex, let value = try operandValue(valueOperand, candidate) else { return false }
        func text(_ value: JSONValue) -> String {
            switch value {
            case .string(let string): string
            case .number(let number): JSONMatchText.number(number)
            case .bool(let flag): flag ? "true" : "false"
            default: ""
            }
        }
        if case .array(let elements) = value {
            for element in elements {
                try visit()
                if regex(pattern, text(element)) == true { return true }
            }
            return false
        }
        return regex(pattern, text(value)) == true
    }

    /// Jayway's `==`: nothing equals a missing value; a number equals a string that reads as the same number;
    /// arrays and objects compare by content (members in any order), numbers by value.
    mutating func same(_ left: JSONValue?, _ right: JSONValue?) throws(JSONPathError) -> Bool {
        guard let left, let right else { return false }
        try visit()
        switch (left, right) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x.utf8.elementsEqual(y.utf8)  // exact, as Java's equals
        case (.number(let x), .string(let y)), (.string(let y), .number(let x)): return Self.decimal(y) == x
        case (.array(let x), .array(let y)):
            guard x.count == y.count else { return false }
            for (a, b) in zip(x, y) where !(try same(a, b)) { return false }
            return true
        case (.object(let x), .object(let y)):
            guard x.count == y.count else { return false }
            for (name, value) in x {
                guard let other = Self.member(name, in: y), try same(value, other) else { return false }
            }
            return true
        default:
            return false
        }
    }

    /// Jayway's `<` family: numbers with numbers, strings with strings (by UTF-16 code units, as Java);
    /// nil (never true) for anything else.
    static func order(_ left: JSONValue?, _ right: JSONValue?) -> Int? {
        switch (left, right) {
        case (.number(let x)?, .number(let y)?):
            return x < y ? -1 : (x == y ? 0 : 1)
        case (.string(let x)?, .string(let y)?):
            if x.utf16.elementsEqual(y.utf16) { return 0 }
            return x.utf16.lexicographicallyPrecedes(y.utf16) ? -1 : 1
        default:
            return nil
        }
    }

    /// A string that reads as a decimal number (Java's BigDecimal syntax), as a Double.
    static func decimal(_ text: String) -> Double? {
        guard !text.isEmpty, text.utf8.allSatisfy({ "0123456789+-.eE".utf8.contains($0) }) else { return nil }
        return Double(text)
    }
}
