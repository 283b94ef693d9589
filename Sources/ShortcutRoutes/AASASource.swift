import ShortcutLinks
import ShortcutPlatform
import ShortcutRecords

/// The `apple-app-site-association` the server answers with and matches against: the `--aasa` file when
/// one was given (it wins), else the one built from the store's landing links that name an app
/// (`LandingAssociation`), rebuilt when the store changes (no restart).
struct AASASource: Sendable {
    typealias Built = (bytes: [UInt8], matcher: LinkMatcher)

    let files: AssociationFiles
    let fromLinks: LandingAssociationCache

    /// The file and its matcher; nil when there is neither a file nor a link that names an app; a failure
    /// when the links make a file that cannot be served (over the size limit).
    func current() -> Result<Built?, LandingAssociation.Failure> {
        if let aasa = files.aasa { return .success(aasa) }
        return fromLinks.current()
    }

    /// The answer when there is nothing to serve or match against.
    static let missingReason =
        "no apple-app-site-association: start shortcut-serve with --aasa FILE, or add a link with --app-id and --universal-url"
}

/// The association built from the links, kept while the store's `answerStamp` stands (it moves with every
/// change to the store, and once a second), so the records are listed again at most once per change or tick.
/// Thread-safe: `cached` is guarded by `lock`.
final class LandingAssociationCache: @unchecked Sendable {
    private let service: LinkService
    private let lock = Lock()
    private var cached: (stamp: UInt64, result: Result<AASASource.Built?, LandingAssociation.Failure>)?  // guarded by lock

    init(service: LinkService) { self.service = service }

    func current() -> Result<AASASource.Built?, LandingAssociation.Failure> {
        // Read before the listing: a change made during it moves the stamp past the one kept.
        let stamp = service.changeStamp
        if let cached = lock.withLock({ cached }), cached.stamp == stamp { return cached.result }
        // An invalid record is reported where it is read by id; it declares nothing.
        let links = service.list().map { (id: $0.id, link: $0.link) }
        let result: Result<AASASource.Built?, LandingAssociation.Failure>
        do {
            result = .success(try LandingAssociation.build(links))
        } catch {
            result = .failure(error)
        }
        lock.withLock { cached = (stamp, result) }
        return result
    }
}
