// Response templating: the subset of WireMock 3's Handlebars that a stub with
// `"transformers": ["response-template"]` may use. Compiled once when the stub is loaded (syntax errors, unknown
// helpers and bad literal options are refused then, with line and column), rendered per request.
//
// | Syntax | Meaning |
// | --- | --- |
// | `{{path}}` | the value, HTML-escaped: `& < > " ' \` =` become `&amp; &lt; &gt; &quot; &#x27; &#x60; &#x3D;` |
// | `{{{path}}}`, `{{& path}}` | the value, raw (a JSON body template wants these) |
// | `\{{x}}` | the text `{{x}}` |
// | `{{! … }}`, `{{!-- … --}}` | a comment (the long form may contain `}}`) |
// | `{{~x}}`, `{{x~}}` | strip the whitespace before / after the tag |
// | `request.url`, `request.path.[1]`, `request.headers.X-Id`, `request.query.k.[1]` | paths: `.name`, `/name`, `.n`, `.[any text]` |
// | `this`, `.`, `this.x`, `./x`, `../x` | the current context, only it, the enclosing one |
// | `@index`, `@key`, `@first`, `@last`, `@odd`, `@even`, `@index_1`, `@root` | data variables of `#each` |
// | `'text'`, `"text"`, `42`, `-1.5`, `true`, `false`, `null` | literals |
// | `helper arg key=value`, `(helper arg)` | helper calls, options, subexpressions |
// | `{{#if x}}…{{else if y}}…{{else}}…{{/if}}`, `{{^}}` | blocks, else chains, else |
// | `{{#each list as \|item i\|}}` | block parameters |
// | `{{#path}}…{{/path}}`, `{{^path}}…{{/path}}` | Mustache sections (path is no helper) |
//
// | Helper | Form | Notes |
// | --- | --- | --- |
// | `if`, `unless` | block | `includeZero=true` counts 0 as true |
// | `each` | block | lists, one-or-many values, objects; `{{else}}` when empty |
// | `with` | block | `{{else}}` when falsy |
// | `eq` `neq` `gt` `gte` `lt` `lte` `and` `or` `not` | inline or block | inline gives a boolean, or `yes=` / `no=` |
// | `lookup` | inline | `{{lookup request.query 'ids[]'}}` |
// | `now` | inline | `format=` (SimpleDateFormat letters, `epoch`, `unix`), `offset='3 days'`, `timezone='GMT+2'` |
// | `randomValue` | inline | `length=`, `type=` (ALPHANUMERIC …, UUID), `uppercase=true` |
//
// Refused when compiling: partials `{{> x}}`, partial blocks, decorators, raw blocks `{{{{raw}}}}`, changed
// delimiters `{{= =}}`, named time zones; any helper not registered (`jsonPath` and the rest are registered
// by the stub engine). Like Handlebars.java (WireMock's engine, default settings) and unlike handlebars.js,
// lines holding only a block tag keep their whitespace, and a name not found in the current context is
// looked up in the enclosing ones.

/// A compiled response template: parse once with `init`, render once per request with `render`.
///
/// `{{x}}` escapes for HTML because Handlebars does, and WireMock keeps Handlebars' default: so a JSON body
/// that copies a request value must write `{{{request.body}}}` (or `{{& x}}`) or the quotes come out as
/// `&quot;`. Escaping is never guessed from the content type.
package struct ResponseTemplate: Sendable {
    /// The source it was compiled from.
    package let source: String
    /// The limits it was compiled under and renders under.
    package let limits: TemplateLimits
    let nodes: [TemplateNode]

    /// Compiles `source`, refusing syntax errors, unknown helpers, misused helpers and bad literal options.
    package init(_ source: String, helpers: TemplateHelpers = .standard, limits: TemplateLimits = .standard) throws(TemplateError) {
        let size = source.utf8.count
        guard size <= limits.sourceBytes else {
            throw TemplateError("template source is \(size) bytes; the limit is \(limits.sourceBytes) (TemplateLimits.sourceBytes)")
        }
        var lexer = TemplateLexer(source)
        var parser = TemplateParser(lexemes: try lexer.lexemesWithWhitespaceControl(), helpers: helpers, limits: limits)
        self.nodes = try parser.parseTemplate()
        self.source = source
        self.limits = limits
    }

    /// Whether the template has no mustache at all, so rendering would give `source` back unchanged.
    package var isConstant: Bool {
        nodes.allSatisfy {
            if case .text = $0 { return true }
            return false
        }
    }

    /// Renders with `context` as the root (`request`, `parameters` …), `clock` for `now` and `random` for
    /// `randomValue`; throws when a limit is reached (`TemplateLimits.workSteps` bounds its time) or a helper
    /// fails on a value only the request gave.
    package func render(
        _ context: TemplateValue, clock: some TemplateClock, random: inout some RandomNumberGenerator
    ) throws(TemplateError) -> String {
        var work = TemplateWork()
        return try render(context, clock: clock, random: &random, work: &work)
    }

    /// `render(_:clock:random:)`, also saying in `work` what the rendering cost, whether or not it succeeded.
    package func render(
        _ context: TemplateValue, clock: some TemplateClock, random: inout some RandomNumberGenerator, work: inout TemplateWork
    ) throws(TemplateError) -> String {
        let renderer = TemplateRenderer(root: context, limits: limits, clock: clock, random: random)
        defer {
            random = renderer.random
            work = renderer.work
        }
        return try renderer.render(nodes)
    }

    /// Renders with the system clock and the system's random generator.
    package func render(_ context: TemplateValue) throws(TemplateError) -> String {
        var random = SystemRandomNumberGenerator()
        return try render(context, clock: SystemTemplateClock(), random: &random)
    }
}
