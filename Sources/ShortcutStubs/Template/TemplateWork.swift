/// What one rendering cost, as `TemplateLimits.workSteps` counts it: for tests and measurements, which must
/// not time a rendering.
package struct TemplateWork: Sendable, Equatable {
    /// Steps spent (`TemplateWorkCost`), including the ones that crossed the limit when it was refused.
    package var steps = 0
    /// JSON documents parsed. A text the rendering already parsed is reused, not parsed or counted again.
    package var documentsParsed = 0

    /// Nothing spent yet.
    package init() {}
}
