import ShortcutJSON

/// What each piece of a rendering costs in work steps (`TemplateLimits.workSteps`). The weights were measured
/// (release build, the 2-core machine the default was chosen on) so that a step of any kind takes at most
/// about 45 ns: the budget then bounds time whatever a template spends it on. Most kinds come out at 20–40 ns.
package enum TemplateWorkCost {
    /// Writing a text or `{{ }}` node, or opening a block.
    package static let node = 4
    /// Calling a helper (evaluating its arguments is counted apart).
    package static let helperCall = 16
    /// One `#each` or list-section iteration (its body is counted apart).
    package static let iteration = 12
    /// One step of a path (`request`, `body`), plus one per 8 members an object's lookup may compare.
    package static let pathStep = 3
    /// One value a helper hands to the template from JSON (`TemplateValue(json:)` of a 100 000-element
    /// array is 100 001 of them).
    package static let value = 4
    /// Starting a JSONPath evaluation.
    package static let pathRead = 16
    /// One node a JSONPath evaluation visits.
    package static let pathNodeVisited = 1
    /// One character `randomValue` draws.
    package static let randomDraw = 14
    /// One `now`: reading its options and writing the date.
    package static let dateFormatting = 48
    /// One byte of `now`'s options, parsed and (a pattern) followed per call.
    package static let dateFormatByte = 3
    /// Binding a loop item to `as |item key|`.
    package static let blockParameters = 16
    /// Compiling an expression (a JSONPath, once per rendering): this, and `expressionByte` per byte.
    package static let expression = 32
    /// One byte of an expression compiled.
    package static let expressionByte = 4
    /// Bytes written per step.
    package static let bytesPerStep = 32
    /// Bytes of a `{{ }}`'s escaped text per step of escaping it (the text is written byte by byte).
    package static let bytesPerEscapeStep = 4
    /// Bytes of a `{{ }}`'s text per step of finding that it needs no escaping.
    package static let bytesPerEscapeCheck = 8

    /// Writing a list or object out as JSON (`text`): a JSON tree is built and written, a step per byte.
    package static func serialising(_ text: String) -> Int {
        8 + text.utf8.count
    }

    /// What parsing `bytes` as JSON costs, known before parsing them, in eighths of a step per byte: 24 for a
    /// byte that may open or separate a value (`[ { , :`), 12 for an escape's `\`, 1 for any other. The
    /// parser's time follows the values it builds more than the bytes (a 1 MiB array of `[[[[1]]]]` takes 40
    /// times as long as a 1 MiB string), so a count of bytes alone would either refuse ordinary bodies or let
    /// dense ones through; measured, this is at least the time for every shape tried.
    package static func parse(_ bytes: [UInt8]) -> Int {
        var eighths = 64
        for byte in bytes { eighths += Int(parseWeights[Int(byte)]) }
        return eighths / 8
    }

    private static let parseWeights: [UInt8] = (0...255).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ":"): 24
        case UInt8(ascii: "\\"): 12
        default: 1
        }
    }

    /// What one step of a path into `value` costs: `pathStep`, and one more per 8 members finding a name may
    /// compare.
    package static func step(into value: TemplateValue) -> Int {
        switch value {
        case .object(let object): pathStep + object.entries.count / 8
        case .composite(let composite): pathStep + composite.members.entries.count / 8
        case .null, .bool, .number, .string, .list: pathStep
        }
    }

    /// How many values `TemplateValue(json:)` builds from `json`.
    package static func values(in json: JSONValue) -> Int {
        switch json {
        case .null, .bool, .number, .string: return 1
        case .array(let elements):
            var count = 1
            for element in elements { count += values(in: element) }
            return count
        case .object(let members):
            var count = 1
            for (_, member) in members { count += values(in: member) }
            return count
        }
    }
}
