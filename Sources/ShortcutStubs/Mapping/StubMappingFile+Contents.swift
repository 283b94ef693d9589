extension StubMappingFile {
    /// What a mapping document holds, read mapping by mapping: the mappings that were accepted, and one refusal
    /// for each that was not (its valid siblings are still here).
    package struct Contents: Sendable {
        /// The accepted mappings, in the document's order.
        package var entries: [Entry]
        /// The refused mappings of a `{"mappings": [...]}` document, in the document's order.
        package var refusals: [Refusal]
        /// How many mappings the document holds, accepted or not: 1 for a document that is one mapping.
        package var count: Int

        /// The accepted mappings.
        package var mappings: [StubMapping] { entries.map(\.mapping) }
    }

    /// An accepted mapping and its place in the document.
    package struct Entry: Sendable {
        /// Its index in the document's `mappings`; nil when the document is this one mapping.
        package var index: Int?
        /// The mapping.
        package var mapping: StubMapping
    }

    /// A mapping of a `{"mappings": [...]}` document that was refused, where its siblings were not:
    /// `mappings/api.json: mapping 3 of 5 skipped, at /mappings/2/response/bodyFileName: may not hold a '..' segment`.
    package struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        /// The file the document came from, when it came from one.
        package var file: String?
        /// The mapping's index in the document's `mappings` (0-based, as in the pointer).
        package var index: Int
        /// How many mappings the document holds.
        package var count: Int
        /// Why: its `path` is the field's in the document (`mappings[2].response.bodyFileName`).
        package var error: MappingError

        /// A refusal of mapping `index` of `count`.
        package init(file: String?, index: Int, count: Int, error: MappingError) {
            self.file = file
            self.index = index
            self.count = count
            self.error = error
        }

        /// The JSON pointer (RFC 6901) of the field at fault: `/mappings/2/response/bodyFileName`.
        package var pointer: String { error.pointer }

        /// `file: mapping 3 of 5 skipped, at /mappings/2/response/bodyFileName: reason`.
        package var description: String {
            let what = "mapping \(index + 1) of \(count) skipped, at \(pointer): \(error.reason)"
            return file.map { "\($0): \(what)" } ?? what
        }
    }
}
