/// What one template may cost. Everything a stub's author controls that can grow is bounded here, and a
/// refusal names the limit and its value: `rendered output reached 4194305 bytes; the limit is 4194304
/// (TemplateLimits.outputBytes)`.
package struct TemplateLimits: Sendable, Equatable {
    /// Bytes of template source (checked when compiling). Default 256 KiB.
    package var sourceBytes: Int
    /// Blocks and subexpressions open at once (checked when compiling). Default 32.
    package var nestingDepth: Int
    /// Bytes one rendering may produce, counted as it is written. Default 4 MiB.
    package var outputBytes: Int
    /// `#each` (and list section) iterations in one rendering, all loops together. Default 100 000.
    package var eachIterations: Int
    /// The largest `randomValue length=`. Default 10 000.
    package var randomValueLength: Int
    /// Work one rendering may do, in steps: every node, helper call, loop iteration and path step, and what
    /// helpers do for it (JSON parsed, values built, nodes a JSONPath visits), as `TemplateWorkCost` weighs
    /// them, at most ~45 ns a step where measured. Default 1 500 000, about 70 ms there at worst: enough to
    /// parse a 1 MiB request body once and loop over 10 000 of its items, far too little to parse it again
    /// per item (issue 47).
    package var workSteps: Int

    /// The defaults.
    package static let standard = TemplateLimits()

    /// Limits with the defaults unless given.
    package init(
        sourceBytes: Int = 262_144,
        nestingDepth: Int = 32,
        outputBytes: Int = 4_194_304,
        eachIterations: Int = 100_000,
        randomValueLength: Int = 10_000,
        workSteps: Int = 1_500_000
    ) {
        self.sourceBytes = sourceBytes
        self.nestingDepth = nestingDepth
        self.outputBytes = outputBytes
        self.eachIterations = eachIterations
        self.randomValueLength = randomValueLength
        self.workSteps = workSteps
    }
}
