import ShortcutHTTP
import ShortcutLinks
import ShortcutPages
import ShortcutPlatform
import ShortcutRecords

/// The product's one route table: every route, each given the services it translates and the guard it
/// answers behind. The composition (`ShortcutApp`) makes the services and the shared caches and hands them
/// here; nothing here opens the store.
package struct RouteTable: Sendable {
    /// What the command line (or an embedder) decides about the routes.
    package struct Settings: Sendable {
        /// The address the server listens on: its names are accepted in `Host`.
        package var listenHost: String
        /// `--allow-host`: more names accepted in `Host` by `/` and `/api/`.
        package var allowedHosts: [String]
        /// `--expose-api --api-token`: what a forwarded `/api/` request must show; nil: forwarded ones are refused.
        package var apiToken: String?
        /// `--public-url`: the origin links and codes use; nil: each request's own.
        package var publicURL: String?
        /// `--trust-proxy`: a proxy on this machine names the origin and the peer.
        package var trustsProxy: Bool
        /// `--mode`: how a shortcut without a mode of its own is delivered.
        package var mode: DeliveryMode
        /// `--profile-prefix`: the start of web clip profiles' identifiers.
        package var profilePrefix: String
        /// `--admin-from-browsers`: `/__admin/` takes requests a browser page sends (off: refused, 403).
        package var adminFromBrowsers: Bool

        package init(
            listenHost: String, allowedHosts: [String], apiToken: String?, publicURL: String?, trustsProxy: Bool, mode: DeliveryMode,
            profilePrefix: String, adminFromBrowsers: Bool = false
        ) {
            self.adminFromBrowsers = adminFromBrowsers
            self.listenHost = listenHost
            self.allowedHosts = allowedHosts
            self.apiToken = apiToken
            self.publicURL = publicURL
            self.trustsProxy = trustsProxy
            self.mode = mode
            self.profilePrefix = profilePrefix
        }
    }

    let settings: Settings
    let shortcuts: ShortcutService
    let mocks: MockService
    let links: LinkService
    /// The store's problems known now, each with what clears it (`/api/problems`, the index page).
    let problems: @Sendable () -> [String]
    /// Stubs at the app's own paths, and where a request no stub matched is said (standard error).
    let stubs: StubService
    let stubReport: (@Sendable (String) -> Void)?
    let template: PageTemplate
    let associationFiles: AssociationFiles
    let answers: AnswerCache
    let probes: ProbeReports
    /// The request journal `/api/requests` reads; nil with `--journal 0`.
    let journal: RequestJournal?
    /// Where the server listens, once it does.
    private let bound = BoundAuthority()

    package init(
        settings: Settings, shortcuts: ShortcutService, mocks: MockService, links: LinkService,
        problems: @escaping @Sendable () -> [String] = { [] }, stubs: StubService = StubService(),
        stubReport: (@Sendable (String) -> Void)? = nil, template: PageTemplate,
        associationFiles: AssociationFiles, answers: AnswerCache, probes: ProbeReports, journal: RequestJournal? = nil
    ) {
        self.settings = settings
        self.shortcuts = shortcuts
        self.mocks = mocks
        self.links = links
        self.problems = problems
        self.stubs = stubs
        self.stubReport = stubReport
        self.template = template
        self.associationFiles = associationFiles
        self.answers = answers
        self.probes = probes
        self.journal = journal
    }

    /// A path of each built-in route a stub could shadow (stubs are asked before the routes).
    package static var builtInPaths: [String] { StubAdminAPI.builtInPaths }

    /// Where the routes the command line uses (`/api/requests`, `/api/probes`) are mounted again, under
    /// `/__admin/`, which no stub can shadow.
    package static var builtInMount: String { StubServing.builtInMount }

    /// Registers every route on `server`.
    package func install(on server: HTTPServer) throws {
        let linkBuilder = LinkBuilder(
            fallbackAuthority: { [bound] in bound.value }, publicRoot: settings.publicURL,
            trustsProxy: settings.trustsProxy)
        let deviceLinks = DeviceLinks(links: linkBuilder, networkRoots: { [bound] in bound.networkRoots })
        // The public URL's name is this server's, like an --allow-host name.
        let publicName = settings.publicURL.map { [PublicOrigin.authority(of: $0)] } ?? []
        let access = AccessGuard(
            hosts: HostGuard(listenHost: settings.listenHost, extraNames: settings.allowedHosts + publicName),
            forwardedToken: settings.apiToken.map(APIToken.init), adminFromBrowsers: settings.adminFromBrowsers)
        let delivery = try ShortcutDelivery(shortcuts: shortcuts, defaultMode: settings.mode, template: template, answers: answers)
        delivery.install(on: server)
        OfflinePageAssets(delivery: delivery).install(on: server)
        WebClipRoute(delivery: delivery, profiles: WebClipProfiles(prefix: settings.profilePrefix), links: linkBuilder)
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
        ProbeRoutes(reports: probes, trustsProxy: settings.trustsProxy).install(on: server, guard: access)
        JournalRoutes(journal: journal).install(on: server, guard: access)
        ProblemsRoute(problems: problems).install(on: server, guard: access)
        StubAdminAPI(stubs: stubs, journal: journal, report: stubReport).install(on: server, guard: access)
        StubRequestsAPI(stubs: stubs, journal: journal).install(on: server, guard: access)
        StubServing(stubs: stubs, report: stubReport).install(on: server)
        server.journal = journal
        IndexPage(
            shortcutService: shortcuts, mockService: mocks, linkService: links, defaultMode: settings.mode, links: deviceLinks,
            images: qrImages, probes: probes, problems: problems, stubs: stubs
        )
        .install(on: server, guard: access)
    }

    /// Tells the routes where the server listens (for absolute links when a request has no `Host`, and for
    /// the network addresses a phone reaches it at).
    package func didStart(at address: HTTPServerAddress) {
        bound.value = address.description
        bound.networkRoots =
            address.socketAddress.map { DeviceURLs.networkRoots(listeningOn: $0, ipv6Only: address.isIPv6Only, port: address.port) } ?? []
    }

    /// `http://ADDRESS:PORT` for each address of this machine a device on the network reaches the running
    /// server at: none while it listens on loopback only.
    package var networkRoots: [String] { bound.networkRoots }
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
