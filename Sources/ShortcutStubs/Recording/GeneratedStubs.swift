import ShortcutJSON

/// What a snapshot made: the mappings, as WireMock JSON each `StubMapping.parse` accepts, and the bodies
/// they name by `bodyFileName`, to be written under `__files/` before the mappings are added.
package struct GeneratedStubs: Sendable {
    /// The mappings, in the order of the exchanges they came from.
    package var mappings: [JSONValue] = []
    /// The body files: a name relative to `__files/` (letters, digits, `-` and one `.`) and its bytes.
    package var files: [(name: String, bytes: [UInt8])] = []

    /// Nothing generated.
    package init() {}

    /// The mappings' ids, in order (the admin API's `"outputFormat": "IDS"` answer).
    package var ids: [String] {
        mappings.compactMap { mapping in
            guard case .string(let id)? = mapping["id"] else { return nil }
            return id
        }
    }
}
