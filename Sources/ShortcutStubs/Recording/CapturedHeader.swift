/// One entry of a record spec's `captureHeaders`: a request header whose value each generated request
/// pattern must equal (`"Accept": {}` or `"Accept": {"caseInsensitive": true}`).
package struct CapturedHeader: Sendable, Equatable {
    /// The header's name as the spec gives it (matched case-insensitively, written as given).
    package var name: String
    /// Whether the generated `equalTo` ignores case.
    package var caseInsensitive: Bool

    /// A captured header.
    package init(name: String, caseInsensitive: Bool = false) {
        self.name = name
        self.caseInsensitive = caseInsensitive
    }
}
