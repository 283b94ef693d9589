import Dispatch
import HTTPVocabulary
import ShortcutHTTP
import ShortcutLinks
import ShortcutPages
import ShortcutPlatform
import ShortcutRecords
import ShortcutRoutes

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The product put together: a `ServerConfiguration` read into a store, its services, the shared caches and
/// the route table (`RouteTable`) on a server. The binary's `serve` and `EmbeddedServer` both start this.
package final class ShortcutApp: Sendable {
    let options: ServerConfiguration
    /// The store, through its services.
    package let records: RecordStore
    let template: PageTemplate
    /// `--aasa` and `--assetlinks`, checked.
    let associationFiles: AssociationFiles
    /// The prepared answers' share of `--cache-bytes` (the store holds the bodies' share).
    let answers: AnswerCache
    /// The probe's reports (`/probe`), kept in memory.
    let probes = ProbeReports()
    /// The request journal (`--journal`); nil when it is off.
    package let journal: RequestJournal?
    /// Every route, over the services below.
    let routes: RouteTable
    /// Stubs at the app's own paths (`--stubs`, the admin API).
    package let stubs: StubService
    /// Where a request no stub matched is said, once set (`onStubMiss`).
    private let stubMisses = LineSink()

    /// Loads and checks `--aasa` and `--assetlinks` (a file with errors stops here, before the store is
    /// opened), opens the store (`--store`, or the per-user default) and loads `--template`.
    package init(options: ServerConfiguration) throws {
        self.options = options
        associationFiles = try AssociationFiles(aasaPath: options.aasaPath, assetLinksPath: options.assetLinksPath)
        let directory = ServerConfiguration.storeDirectory(options.storePath)
        let budget = CacheBudget(bytes: options.cacheBytes)
        records = try RecordStore(directory: directory, cacheBudgetBytes: budget.storeBytes)
        answers = AnswerCache(budgetBytes: budget.answerBytes)
        template = try TemplateFile.load(options.templatePath)
        let journal = options.journal.isOn ? RequestJournal(options.journal) : nil
        self.journal = journal
        if let folder = options.stubsPath {
            let isFolder: Bool
            do {
                isFolder = try Platform.status(ofPath: folder).kind == .directory
            } catch {
                isFolder = false
            }
            guard isFolder else {
                let reason = FileWords.readProblem(folder)
                throw TemplateFile.Failure(
                    description: "cannot read stubs folder \(folder): \(reason == "is a folder" ? "not a folder" : reason)")
            }
        }
        let stubs = records.stubs(folder: options.stubsPath, templatesEverything: options.globalResponseTemplating)
        self.stubs = stubs
        // A mapping file changed while running is read again; a broken one is said where misses are.
        let stubMisses = self.stubMisses
        stubs.watchFolder(report: { stubMisses.send("warning: \($0)") }, note: { stubMisses.send("note: \($0)") })
        routes = RouteTable(
            settings: RouteTable.Settings(
                listenHost: options.host, allowedHosts: options.allowedHosts, apiToken: options.apiToken, publicURL: options.publicURL,
                trustsProxy: options.trustsProxy, mode: options.mode, profilePrefix: options.profilePrefix,
                adminFromBrowsers: options.adminFromBrowsers),
            shortcuts: records.shortcuts(template: template), mocks: records.mocks, links: records.links,
            problems: { [records] in records.knownProblems.map { $0.problem.line + $0.remedy } }, stubs: stubs,
            stubReport: { [stubMisses] in stubMisses.send($0) }, template: template,
            associationFiles: associationFiles, answers: answers, probes: probes,
            journal: journal)
    }

    /// Shortcuts in the store, as the API, the command line and the embedding API make them.
    package var shortcuts: ShortcutService { records.shortcuts(template: template) }
    /// Mocks in the store, as the API, the command line and the embedding API make them.
    package var mocks: MockService { records.mocks }
    /// Landing links in the store, as the API, the command line and the embedding API make them.
    package var links: LinkService { records.links }

    /// One-line warnings printed at start-up: data mode on current iOS; a store that cannot be written.
    package var startupWarnings: [String] {
        var warnings: [String] = []
        if options.mode == .data {
            warnings.append(
                "data mode: iOS 16.4 and later (and Chromium, Firefox) refuse to follow a redirect to a data: URL; use --mode page for current iOS"
            )
        }
        if let reason = records.readOnlyReason {
            // Said once, here: the plays are not written later either, and no further line says so.
            warnings.append(
                "store \(records.directory.path) is read-only (\(reason)): its pages are served and listed, writes answer 503, play counts are kept in memory only and not written"
            )
        }
        if let token = options.apiToken, let weakness = APIToken.weakness(token) { warnings.append(weakness) }
        // Each line says what was skipped and what is served (a mapping, with its siblings; or a whole file).
        warnings += stubs.loadProblems.map { "stubs: \($0)" }
        if !stubs.isEmpty {
            for (id, paths) in stubs.shadowedPaths(of: RouteTable.builtInPaths) {
                warnings.append(
                    "stubs: \(id) answers \(paths.joined(separator: ", ")) instead of the built-in route (stubs are tried first)")
            }
        }
        warnings += associationFiles.warnings
        return warnings
    }

    /// Stores up to this many records are read through once at start to report damaged ones; larger
    /// ones report a damaged record when it is first read (reading 100,000 records costs seconds of CPU).
    static let startupCheckLimit = 10_000

    /// Reports through `report` each problem of the store: those found at start (read through once, in the
    /// background: the store opens lazily, so even this check does not hold the start back) and, from then
    /// on, each file found damaged while running (a record altered under the server, a stats file), once
    /// per file and problem, not per request.
    package func reportStoreProblems(_ report: @escaping @Sendable (String) -> Void) {
        let known = records.knownProblems.map { "store: " + $0.problem.line + $0.remedy }
        records.onProblem { report("store: \($0)") }
        known.forEach(report)
        guard records.count <= ShortcutApp.startupCheckLimit else {
            report("store: \(records.count) records; damaged ones are reported when first read (shortcut-serve mock list checks them all)")
            return
        }
        // Reading the records not read yet reports each damaged one through `onProblem`.
        DispatchQueue.global(qos: .utility).async { [records] in _ = records.warnings }
    }

    /// Registers every route on `server`.
    package func install(on server: HTTPServer) throws { try routes.install(on: server) }

    /// Tells the routes where the server listens.
    /// Where the command line reaches the routes it uses on a running server (`/api/requests` as
    /// `/__admin/shortcut-serve/api/requests`): a path no stub can take, whatever the stubs shadow.
    package static var builtInMount: String { RouteTable.builtInMount }

    package func didStart(at address: HTTPServerAddress) {
        routes.didStart(at: address)
        // A proxy stub or a recording aimed at this listener is refused (it would send each request to itself).
        if let listener = address.socketAddress { stubs.ownEndpoints.add(listener) }
    }

    /// Said once at start when phones will reach the server by a plain-HTTP network address, where a
    /// page is not a secure context and so gets no offline worker; nil with `--public-url https://…` or on
    /// loopback only.
    package var insecureOriginNote: String? {
        guard !networkRoots.isEmpty, options.publicURL?.hasPrefix("https://") != true else { return nil }
        return "a phone opening these http:// addresses is not in a secure context: " + DeviceURLs.insecureOriginAdvice
    }

    /// `http://ADDRESS:PORT` for each address of this machine a device on the network reaches the running
    /// server at: none while it listens on loopback only.
    package var networkRoots: [String] { routes.networkRoots }

    /// What the caches hold now against `--cache-bytes`, counted by the caches themselves: one line for
    /// SIGHUP's report (issue 15's debug statistic).
    package var cacheReport: String {
        let stored = records.cachedBytes
        let prepared = answers.heldBytes
        return "cache: \(stored + prepared) of \(options.cacheBytes) bytes (pages and summaries \(stored) of \(records.cacheBudgetBytes), "
            + "prepared answers and QR images \(prepared) of \(answers.budgetBytes))"
    }

    /// What the request journal holds against its bounds, counted by the journal: SIGHUP's line.
    package var journalReport: String {
        guard let journal else { return "journal: off (--journal 0)" }
        let summary = journal.summary
        return
            "journal: \(summary.entries) of \(journal.settings.maxEntries) requests, \(summary.bytes) of \(journal.settings.maxBytes) bytes "
            + "(\(summary.dropped) dropped)"
    }

    /// Calls `print` with each probe report's lines (`ProbeReport.lines`) as it arrives, on the thread that
    /// took it: `print` should hand the writing to a queue of its own.
    package func onProbeReport(_ print: @escaping @Sendable ([String]) -> Void) { probes.onReport { print($0.lines) } }

    /// Calls `report` with one line for each request no route and no stub answered (while stubs exist).
    package func onStubMiss(_ report: @escaping @Sendable (String) -> Void) { stubMisses.receiver = report }

    /// Writes what the store keeps in memory (access stats).
    package func close() { records.flush() }
}

/// `--template FILE`: read and checked once at start.
package enum TemplateFile {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    package static func load(_ path: String?) throws -> PageTemplate {
        guard let path else { return .default }
        let bytes: [UInt8]
        switch FileWords.read(path, limit: PageTemplate.maxBytes) {
        case .success(let read): bytes = read
        case .failure(let failure): throw Failure(description: "cannot read template \(path): \(failure.reason)")
        }
        guard let text = String.validatedUTF8(bytes) else {
            throw Failure(description: "template \(path) is not UTF-8 text")
        }
        do {
            return try PageTemplate(text: text)
        } catch {
            throw Failure(description: "template \(path): \(error.reason)")
        }
    }
}

/// A line's receiver, set once the process knows where lines go (the binary: standard error).
final class LineSink: @unchecked Sendable {
    private let lock = Lock()
    private var handler: (@Sendable (String) -> Void)?  // guarded by lock

    var receiver: (@Sendable (String) -> Void)? {
        get { lock.withLock { handler } }
        set { lock.withLock { handler = newValue } }
    }

    func send(_ line: String) { receiver?(line) }
}
