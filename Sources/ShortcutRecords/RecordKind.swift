import ShortcutStore

/// What a record of the store is, read from its `kind` metadata: the one place the kinds are told apart, so
/// each list, lookup and change takes exactly its own records (a landing link is not a mock, a mock is not a
/// shortcut).
public enum RecordKind: String, Sendable, CaseIterable {
    /// A stored page played at `/v3/<id>` (mocky's); also a record with no or an unknown `kind`, as the first
    /// versions wrote them.
    case mock
    /// A shortcut: its page at `/p/<id>`, its 301 at `/s/<id>` (`ShortcutRecord`).
    case shortcut
    /// A landing link: its page at `/open/<id>` (`LinkRecord`).
    case link
    /// A stub mapping made with `"persistent": true`: its WireMock JSON, loaded again at start (`StubService`).
    case stub

    /// The metadata key the kind is kept under.
    package static let metadataKey = "kind"

    /// The kind `metadata` says.
    package init(metadata: [String: String]) {
        self = metadata[RecordKind.metadataKey].flatMap(RecordKind.init(rawValue:)) ?? .mock
    }

    /// The kind of `page`.
    package init(_ page: StoredPage) { self.init(metadata: page.metadata) }

    /// The kind of the record `summary` describes.
    package init(_ summary: PageSummary) { self.init(metadata: summary.metadata) }

    /// The kind with its article, as messages say it.
    package var noun: String {
        switch self {
        case .mock: "a mock"
        case .shortcut: "a shortcut"
        case .link: "a landing link"
        case .stub: "a persistent stub mapping"
        }
    }

    /// The command that shows a record of this kind.
    package var showCommand: String {
        switch self {
        case .mock: "shortcut-serve mock show"
        case .shortcut: "shortcut-serve show"
        case .link: "shortcut-serve links show"
        case .stub: "shortcut-serve stubs show"
        }
    }
}
