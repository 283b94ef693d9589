import ShortcutJSON

/// The helpers a stub's response template has beside `TemplateHelpers.standard`: WireMock's `jsonPath`, which
/// needs the JSONPath engine (`{{jsonPath request.body '$.user.name'}}`, and WireMock 3's `default='…'` for a
/// body that is not JSON or a path that selects nothing).
package enum StubTemplateHelpers {
    /// Adds `jsonPath` to `helpers`.
    package static func register(in helpers: inout TemplateHelpers) {
        helpers.register(
            "jsonPath",
            TemplateHelper(
                form: .inline, arguments: 2...2, options: ["default"],
                check: { literals throws(TemplateError) in
                    // A literal path is compiled when the stub is added: a bad one is a 422 then, not a
                    // blank at the first request.
                    guard literals.arguments.count == 2, case .string(let expression)? = literals.arguments[1] else { return }
                    do throws(JSONPathError) {
                        _ = try JSONPath(expression, regex: StringValuePattern.wholeMatchRegex)
                    } catch {
                        throw TemplateError("jsonPath: \(error.description)")
                    }
                },
                apply: { call throws(TemplateError) in
                    let document = try call.text(0)
                    let expression = try call.text(1)
                    // Compiled once per rendering, parsed once per rendering: a loop calls this per item.
                    let path = try call.remembered(expression) { () throws(TemplateError) -> JSONPath in
                        try call.countWork(TemplateWorkCost.expression + expression.utf8.count * TemplateWorkCost.expressionByte)
                        do throws(JSONPathError) {
                            return try JSONPath(expression, regex: StringValuePattern.wholeMatchRegex)
                        } catch {
                            throw TemplateError("jsonPath: \(error.description)")
                        }
                    }
                    // WireMock renders `default=` (nothing without it) for a body that is not JSON or a path that
                    // selects nothing; a work limit is said.
                    let fallback = call.option("default") ?? .string("")
                    guard let json = try call.json(parsing: document) else { return fallback }
                    let reading = try read(path, in: json, call: call)
                    switch reading {
                    case .single(let value): return try call.templateValue(json: value)
                    case .list(let values): return try call.templateValue(json: .array(values))
                    case .notFound: return fallback
                    }
                }))
    }

    /// `path.read(in:)`, its visits counted as work. The evaluation stops where the rendering's budget would,
    /// so a deep scan is refused at the budget rather than after a million visits.
    private static func read(_ path: JSONPath, in json: JSONValue, call: TemplateHelperCall) throws(TemplateError)
        -> JSONPathReading
    {
        try call.countWork(TemplateWorkCost.pathRead)
        var visited = 0
        let affordable = max(0, call.remainingWork) / TemplateWorkCost.pathNodeVisited
        let reading: JSONPathReading
        do throws(JSONPathError) {
            reading = try path.read(in: json, visited: &visited, maxNodesVisited: affordable)
        } catch {
            // Past the budget this throws the work limit; otherwise the path's own limit is the reason.
            try call.countWork(visited * TemplateWorkCost.pathNodeVisited)
            throw TemplateError("jsonPath: \(error.description)")
        }
        try call.countWork(visited * TemplateWorkCost.pathNodeVisited)
        return reading
    }
}
