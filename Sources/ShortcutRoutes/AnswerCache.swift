import HTTPVocabulary
import ShortcutHTTP
import ShortcutPlatform
import ShortcutRecords

/// The prepared answers' share of `--cache-bytes` (`CacheBudget.answerBytes`): every answer the routes build
/// from a stored page (redirects, plays, web clips, offline-page assets) and every QR image, in ONE
/// least-recently-used cache, so that whichever kinds are in use take the room and the whole never passes
/// its budget. Each entry is charged what it holds: the body, the headers and their prepared copy, its key
/// and the cache's own per-entry cost. Thread-safe: guarded by `lock`.
package final class AnswerCache: @unchecked Sendable {
    /// What an answer is for: one stored page can have one answer of each kind.
    enum Kind: UInt8, Sendable {
        case dataRedirect, pageRedirect, play, webClip, manifest, worker, icon, qrImage
    }

    struct Key: Hashable, Sendable {
        let kind: Kind
        let id: String
    }

    enum Entry {
        /// An answer built from this version of a page.
        case response(StoredPage.Version, HTTPResponse)
        /// A QR image (the text it holds is in the key).
        case image([UInt8])
    }

    /// Guards `entries` (`@exclusivity(unchecked)`: under the lock accesses cannot overlap).
    private let lock = Lock()
    @exclusivity(unchecked) private var entries: LRUCache<Key, Entry>  // guarded by lock

    /// A cache that holds at most `budgetBytes`.
    package init(budgetBytes: Int = CacheBudget().answerBytes) {
        entries = LRUCache(budget: budgetBytes)
        self.budgetBytes = entries.budget
    }

    /// The most bytes the cache holds. A copy of `entries.budget`, which never changes: read without the
    /// lock (SIGHUP's report), it must not touch `entries` while a loop writes it (ThreadSanitizer saw that
    /// race).
    package let budgetBytes: Int
    /// The bytes held now.
    package var heldBytes: Int { lock.withLock { entries.usedBytes } }
    /// How many answers and images are held.
    var count: Int { lock.withLock { entries.count } }

    /// The `kind` answer for `page`, built by `build` (and prepared) when none is held for this version.
    func response(_ kind: Kind, for page: StoredPage, build: (StoredPage) -> HTTPResponse) -> HTTPResponse {
        let key = Key(kind: kind, id: page.id)
        if case .response(let version, let response)? = lock.withLock({ entries.value(for: key) }), version == page.version {
            return response
        }
        let response = build(page).prepared()
        var headerBytes = 0
        for field in response.headers.fields { headerBytes += field.name.utf8.count + field.value.utf8.count + 32 }
        // The body may share its storage with the store's copy of the page: counted anyway, so the
        // budget holds whichever of the two outlives the other.
        let cost = 64 + key.id.utf8.count + response.body.count + headerBytes + response.preparedByteCount
        lock.withLock { entries.insert(.response(page.version, response), for: key, cost: cost) }
        return response
    }

    /// The image kept for `text` (a QR code's), drawn by `draw` when none is held.
    func image<Failure: Error>(for text: String, draw: () throws(Failure) -> [UInt8]) throws(Failure) -> [UInt8] {
        let key = Key(kind: .qrImage, id: text)
        if case .image(let image)? = lock.withLock({ entries.value(for: key) }) { return image }
        let image = try draw()
        lock.withLock { entries.insert(.image(image), for: key, cost: 32 + text.utf8.count + image.count) }
        return image
    }
}
