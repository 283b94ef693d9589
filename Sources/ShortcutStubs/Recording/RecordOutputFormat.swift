/// A record spec's `outputFormat`: whether the admin API answers with the generated mappings or only their ids.
package enum RecordOutputFormat: String, Sendable, Equatable {
    /// `FULL` (the default): `{"mappings": [...]}`.
    case full = "FULL"
    /// `IDS`: `{"ids": [...]}`.
    case ids = "IDS"
}
