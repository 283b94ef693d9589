import ShortcutHTTP
import ShortcutRecords

/// One route's answers built from stored pages, kept while the page is unchanged, so a hot `/s/<id>` (a 14 KB
/// data: URI to encode) or `/v3/<id>` (headers to assemble and check) is built once, not per request: a view
/// of one kind into the product's shared `AnswerCache`, which bounds them all by one budget.
///
/// "Unchanged" is `StoredPage.version`: the store hands out one stored version as copies of one value, and
/// any change to a page (a PUT, even of an empty body with a new status) gives it a new version. The
/// answers themselves are `prepared()`, whose serialised head is current by construction.
struct ResponseCache: Sendable {
    let kind: AnswerCache.Kind
    let shared: AnswerCache

    /// `kind`'s answers in `shared` (by default a cache of its own with the default answer budget, for tests).
    init(_ kind: AnswerCache.Kind = .play, in shared: AnswerCache = AnswerCache()) {
        self.kind = kind
        self.shared = shared
    }

    /// The answer for `page`, built by `build` when the cached one was made from another version.
    func response(for page: StoredPage, build: (StoredPage) -> HTTPResponse) -> HTTPResponse {
        shared.response(kind, for: page, build: build)
    }
}
