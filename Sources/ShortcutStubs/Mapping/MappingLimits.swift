/// Bounds on what a stub mapping document may make us hold: each has a default, and a refusal names the
/// limit and its value.
package struct MappingLimits: Sendable {
    /// Mappings in one `{"mappings": [...]}` document.
    package var maxMappingsPerDocument = 10_000
    /// One mapping's JSON, measured as its compact text (`JSONValue.description`).
    package var maxMappingBytes = 1 << 20
    /// One document's bytes, as read from a file or a request body.
    package var maxDocumentBytes = 32 << 20
    /// Nesting of a document (the JSON parser's `maxDepth`).
    package var maxJSONDepth = 64
    /// A response's `fixedDelayMilliseconds` (five minutes): a delay holds a connection open.
    package var maxFixedDelayMilliseconds = 300_000
    /// A `chunkedDribbleDelay`'s `numberOfChunks`: each piece is a timer and a write.
    package var maxDribbleChunks = 10_000
    /// Each `matches` / `doesNotMatch` / `urlPattern` / `urlPathPattern` regex.
    package var regex: RegexLimits = .standard
    /// Each `matchesJsonPath` expression.
    package var jsonPath: JSONPathLimits = .standard

    /// The defaults.
    package static let standard = MappingLimits()

    /// Makes the default limits (change fields to tighten or loosen one).
    package init() {}
}
