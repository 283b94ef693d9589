/// A usage error: printed as `Error: …` and the command's usage on standard error, exit 64.
package struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong, naming the flag or value.
    package let message: String
    /// The usage text of the command that was being parsed.
    package let usage: String

    package init(_ message: String, usage: String) {
        self.message = message
        self.usage = usage
    }

    package var description: String { message }
}

/// A small hand-written argument reader in swift-argument-parser's conventions: `--flag value`,
/// `--flag=value`, repeated flags, and positional arguments, with errors that name the flag.
struct ArgumentReader {
    private var arguments: [String]
    let usage: String

    init(_ arguments: [String], usage: String) {
        self.arguments = arguments
        self.usage = usage
    }

    /// Whether a bare flag (no value) is present; removes it.
    mutating func flag(_ names: String...) -> Bool {
        var found = false
        arguments.removeAll { argument in
            let hit = names.contains(argument)
            found = found || hit
            return hit
        }
        return found
    }

    /// Every value of an option that may repeat (`--header 'K: V'` …), in order; removes them.
    mutating func values(_ name: String) throws(UsageError) -> [String] {
        var found: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == name {
                guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--") || arguments[index + 1] == "--" else {
                    throw UsageError("\(name) needs a value", usage: usage)
                }
                found.append(arguments[index + 1])
                arguments.removeSubrange(index...(index + 1))
            } else if argument.hasPrefix(name + "=") {
                found.append(String(argument.dropFirst(name.count + 1)))
                arguments.remove(at: index)
            } else {
                index += 1
            }
        }
        return found
    }

    /// The value of an option given at most once; removes it.
    mutating func value(_ name: String) throws(UsageError) -> String? {
        let found = try values(name)
        guard found.count <= 1 else { throw UsageError("\(name) was given \(found.count) times", usage: usage) }
        return found.first
    }

    /// An integer option within `range`.
    mutating func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = try value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError(
                "\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'",
                usage: usage)
        }
        return number
    }

    /// A duration option in seconds (`10`, `0.5`), more than 0 and at most `maximum`.
    mutating func seconds(_ name: String, maximum: Double = 86_400) throws(UsageError) -> Duration? {
        guard let text = try value(name) else { return nil }
        guard let number = Double(text), number > 0, number <= maximum else {
            throw UsageError("\(name) takes seconds, more than 0 and at most \(Int(maximum)), not '\(text)'", usage: usage)
        }
        return .milliseconds(Int64((number * 1000).rounded()))
    }

    /// The remaining arguments, which must all be positional (no unknown `--flag`).
    func positionals() throws(UsageError) -> [String] {
        if let unknown = arguments.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            throw UsageError("unknown option '\(unknown)'", usage: usage)
        }
        return arguments
    }

    /// Fails unless every argument was consumed.
    func finish() throws(UsageError) {
        let rest = try positionals()
        if let extra = rest.first { throw UsageError("unexpected argument '\(extra)'", usage: usage) }
    }
}
