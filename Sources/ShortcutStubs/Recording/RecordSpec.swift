/// What to record and how to write it: the body of WireMock 3's `POST /__admin/recordings/start` and
/// `/snapshot` (its `RecordSpec`), read by `parse`. Every field defaults as in WireMock.
package struct RecordSpec: Sendable {
    /// `targetBaseUrl`: the API the recorder proxies to (`http://…` or `https://…`); required to start a recording.
    package var targetBaseUrl: String?
    /// `filters`: only the exchanges whose request this pattern matches become stubs; nil keeps every one.
    package var filters: RequestPattern?
    /// `captureHeaders`: the request headers each generated request pattern also matches, in the order given.
    package var captureHeaders: [CapturedHeader] = []
    /// `extractBodyCriteria`: the body sizes above which a body goes to a file under `__files` (when the
    /// caller extracts bodies at all); nil when not given, which thresholds every body at 0 bytes.
    package var extractBodyCriteria: BodyExtractionCriteria?
    /// `persist`: whether the stubs are saved (each generated mapping says `"persistent": true`).
    package var persist = true
    /// `repeatsAsScenarios`: whether an identical request seen again becomes the next state of a scenario
    /// (replaying the answers in order) instead of being dropped.
    package var repeatsAsScenarios = true
    /// `outputFormat`: what the admin API answers with.
    package var outputFormat: RecordOutputFormat = .full

    /// WireMock's defaults (what an empty `{}` or a missing body reads as).
    package static let defaults = RecordSpec()

    /// A spec with WireMock's defaults; set fields to change one.
    package init(targetBaseUrl: String? = nil) {
        self.targetBaseUrl = targetBaseUrl
    }
}
