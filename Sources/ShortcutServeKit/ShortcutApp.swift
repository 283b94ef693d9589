import Dispatch
import ShortcutHTTP
import ShortcutPages
import ShortcutPlatform
import ShortcutService
import ShortcutStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The product's route table: the one place where the HTTP core, the store and the pages meet.
public final class ShortcutApp: Sendable {
    let options: ServeOptions
    /// The store every route reads and writes.
    public let store: PageStore
    let template: PageTemplate
    /// `--aasa` and `--assetlinks`, checked.
    let associationFiles: AssociationFiles
    /// The prepared answers' share of `--cache-bytes` (the store holds the bodies' share).
    let answers: AnswerCache
    /// The probe's reports (`/probe`), kept in memory.
    let probes = ProbeReports()
    private let bound = BoundAuthority()

    /// Loads and checks `--aasa` and `--assetlinks` (a file with errors stops here, before the store is
    /// opened), opens the store (`--store`, or the per-user default) and loads `--template`.
    public init(options: ServeOptions) throws {
        self.options = options
        associationFiles = try AssociationFiles(aasaPath: options.aasaPath, assetLinksPath: options.assetLinksPath)
        let directory = StoreCommand.directory(options.storePath)
        let budget = CacheBudget(bytes: options.cacheBytes)
        store = try PageStore(directory: directory, cacheBudgetBytes: budget.storeBytes)
        answers = AnswerCache(budgetBytes: budget.answerBytes)
        template = try TemplateFile.load(options.templatePath)
    }

    /// Shortcuts in `store`, as the API, the command line and the embedding API make them.
    public var shortcuts: ShortcutService { ShortcutService(store: store, template: template) }
    /// Mocks in `store`, as the API, the command line and the embedding API make them.
    public var mocks: MockService { MockService(store: store) }
    /// Landing links in `store`, as the API, the command line and the embedding API make them.
    public var links: LinkService { LinkService(store: store) }

    /// One-line warnings printed at start-up: data mode on current iOS; a store that cannot be written.
    public var startupWarnings: [String] {
        var warnings: [String] = []
        if options.mode == .data {
            warnings.append(
                "data mode: iOS 16.4 and later (and Chromium, Firefox) refuse to follow a redirect to a data: URL; use --mode page for current iOS"
            )
        }
        if let reason = store.readOnlyReason {
            // Said once, here: the plays are not written later either, and no further line says so.
            warnings.append(
                "store \(store.directory.path) is read-only (\(reason)): its pages are served and listed, writes answer 503, play counts are kept in memory only and not written"
            )
        }
        if let token = options.apiToken, let weakness = APIToken.weakness(token) { warnings.append(weakness) }
        warnings += associationFiles.warnings
        return warnings
    }

    /// Stores up to this many records are read through once at start to report damaged ones; larger
    /// ones report a damaged record when it is first read (reading 100,000 records costs seconds of CPU).
    static let startupCheckLimit = 10_000

    /// Reads every record once, in the background, and reports each damaged one (with its path) through
    /// `report`: the store opens lazily, so even this check does not hold the start back.
    public func reportStoreProblems(_ report: @escaping @Sendable (String) -> Void) {
        guard store.count <= ShortcutApp.startupCheckLimit else {
            report("store: \(store.count) records; damaged ones are reported when first read (shortcut-serve mock list checks them all)")
            return
        }
        DispatchQueue.global(qos: .utility).async { [store] in
            for problem in store.problems { report("store: \(problem)") }
        }
    }

    /// Registers every route on `server`.
    public func install(on server: HTTPServer) throws {
        let linkBuilder = LinkBuilder(
            fallbackAuthority: { [bound] in bound.value }, publicRoot: options.publicURL,
            trustsProxy: options.trustsProxy)
        let deviceLinks = DeviceLinks(links: linkBuilder, networkRoots: { [bound] in bound.networkRoots })
        // The public URL's name is this server's, like an --allow-host name.
        let publicName = options.publicURL.map { [PublicOrigin.authority(of: $0)] } ?? []
        let access = AccessGuard(
            hosts: HostGuard(listenHost: options.host, extraNames: options.allowedHosts + publicName),
            forwardedToken: options.apiToken.map(APIToken.init))
        let delivery = try ShortcutDelivery(shortcuts: shortcuts, defaultMode: options.mode, template: template, answers: answers)
        delivery.install(on: server)
        OfflinePageAssets(delivery: delivery).install(on: server)
        WebClipRoute(delivery: delivery, profiles: WebClipProfiles(prefix: options.profilePrefix), links: linkBuilder)
            .install(on: server, guard: access)
        PlayRoute(mocks: mocks, answers: ResponseCache(.play, in: answers)).install(on: server)
        MockAPI(service: mocks, links: linkBuilder).install(on: server, guard: access)
        ShortcutAPI(service: shortcuts, links: linkBuilder).install(on: server, guard: access)
        let qrImages = QRImageCache(in: answers)
        QRRoute(delivery: delivery, links: deviceLinks, images: qrImages).install(on: server)
        let aasa = AASASource(files: associationFiles, fromLinks: LandingAssociationCache(service: links))
        WellKnownRoutes(files: associationFiles, aasa: aasa).install(on: server)
        LinkMatchRoute(aasa: aasa).install(on: server, guard: access)
        LinksAPI(service: links, links: linkBuilder).install(on: server, guard: access)
        LandingRoute(service: links, links: linkBuilder).install(on: server)
        ProbeRoutes(reports: probes, trustsProxy: options.trustsProxy).install(on: server, guard: access)
        IndexPage(
            shortcutService: shortcuts, mockService: mocks, linkService: links, defaultMode: options.mode, links: deviceLinks,
            images: qrImages, probes: probes
        )
        .install(on: server, guard: access)
    }

    /// Tells the app where the server listens (for absolute links when a request has no `Host`, and for
    /// the network addresses a phone reaches it at).
    public func didStart(at address: HTTPServerAddress) {
        bound.value = address.description
        bound.networkRoots = address.socketAddress.map { DeviceURLs.networkRoots(listeningOn: $0, port: address.port) } ?? []
    }

    /// Said once at start when phones will reach the server by a plain-HTTP network address, where a
    /// page is not a secure context and so gets no offline worker; nil with `--public-url https://…` or on
    /// loopback only.
    public var insecureOriginNote: String? {
        guard !networkRoots.isEmpty, options.publicURL?.hasPrefix("https://") != true else { return nil }
        return "a phone opening these http:// addresses is not in a secure context: " + ShortcutApp.insecureOriginAdvice
    }

    /// What the start, `add` and the index say of a phone on a plain-HTTP network address.
    static let insecureOriginAdvice =
        "page-mode icons then need the server running. For icons that work while it is off, "
        + "install the web clip profile (/w/<id>.mobileconfig), or serve over HTTPS (a tunnel, tailscale serve, or a local CA "
        + "and a proxy; README: HTTPS for a phone) with --public-url https://NAME"

    /// `add`'s line for a phone address over plain HTTP.
    static let insecureOriginLine = "note: over http:// a phone's page is not in a secure context: " + insecureOriginAdvice

    /// `http://ADDRESS:PORT` for each address of this machine a device on the network reaches the running
    /// server at: none while it listens on loopback only.
    public var networkRoots: [String] { bound.networkRoots }

    /// What the caches hold now against `--cache-bytes`, counted by the caches themselves: one line for
    /// SIGHUP's report (issue 15's debug statistic).
    public var cacheReport: String {
        let stored = store.cachedBytes
        let prepared = answers.heldBytes
        return "cache: \(stored + prepared) of \(options.cacheBytes) bytes (pages and summaries \(stored) of \(store.cacheBudgetBytes), "
            + "prepared answers and QR images \(prepared) of \(answers.budgetBytes))"
    }

    /// Calls `print` with each probe report's lines (`ProbeReport.lines`) as it arrives, on the thread that
    /// took it: `print` should hand the writing to a queue of its own.
    public func onProbeReport(_ print: @escaping @Sendable ([String]) -> Void) { probes.onReport { print($0.lines) } }

    /// Writes what the store keeps in memory (access stats).
    public func close() { store.flush() }
}

/// The bound `host:port` and the network roots, set once after start. Thread-safe: guarded by `lock`.
final class BoundAuthority: @unchecked Sendable {
    private let lock = Lock()
    private var text = "127.0.0.1"  // guarded by lock
    private var roots: [String] = []  // guarded by lock

    var value: String {
        get { lock.withLock { text } }
        set { lock.withLock { text = newValue } }
    }

    var networkRoots: [String] {
        get { lock.withLock { roots } }
        set { lock.withLock { roots = newValue } }
    }
}

/// `--template FILE`: read and checked once at start.
enum TemplateFile {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func load(_ path: String?) throws -> PageTemplate {
        guard let path else { return .default }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(description: "cannot read template \(path)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw Failure(description: "template \(path) is not UTF-8 text")
        }
        do {
            return try PageTemplate(text: text)
        } catch {
            throw Failure(description: "template \(path): \(error.reason)")
        }
    }
}
