import ShortcutJSON

/// The helpers a stub's response template has beside `TemplateHelpers.standard`: WireMock's `jsonPath`, which
/// needs the JSONPath engine (`{{jsonPath request.body '$.user.name'}}`).
package enum StubTemplateHelpers {
    /// Adds `jsonPath` to `helpers`.
    package static func register(in helpers: inout TemplateHelpers) {
        helpers.register(
            "jsonPath",
            TemplateHelper(
                form: .inline, arguments: 2...2,
                check: { literals throws(TemplateError) in
                    // A literal path is compiled when the stub is added: a bad one is a 422 then, not a
                    // blank at the first request.
                    guard literals.arguments.count == 2, case .string(let expression)? = literals.arguments[1] else { return }
                    do throws(JSONPathError) {
                        _ = try JSONPath(expression)
                    } catch {
                        throw TemplateError("jsonPath: \(error.description)")
                    }
                },
                apply: { call throws(TemplateError) in
                    let document = call.argument(0).renderedText
                    let expression = call.argument(1).renderedText
                    let path: JSONPath
                    do throws(JSONPathError) {
                        path = try JSONPath(expression)
                    } catch {
                        throw TemplateError("jsonPath: \(error.description)")
                    }
                    // WireMock renders nothing for a body that is not JSON or a path that selects nothing; a
                    // work limit is said.
                    let json: JSONValue
                    do throws(JSONParser.Failure) {
                        json = try JSONParser.parse(Array(document.utf8))
                    } catch {
                        return .string("")
                    }
                    let reading: JSONPathReading
                    do throws(JSONPathError) {
                        reading = try path.read(in: json)
                    } catch {
                        throw TemplateError("jsonPath: \(error.description)")
                    }
                    switch reading {
                    case .single(let value): return TemplateValue(json: value)
                    case .list(let values): return TemplateValue(json: .array(values))
                    case .notFound: return .string("")
                    }
                }))
    }
}
