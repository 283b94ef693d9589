import ShortcutHTTP
import ShortcutLinks
import ShortcutPages
import ShortcutPlatform
import ShortcutRecords
import ShortcutRoutes

// What this product's public signatures name, re-exported type by type (not module by module): `import
// ShortcutServe` is all an embedder writes, and it brings no more than these.
@_exported import struct HTTPVocabulary.HTTPField
@_exported import struct ShortcutHTTP.HTTPHeaders
@_exported import struct ShortcutHTTP.HTTPMethod
@_exported import struct ShortcutHTTP.HTTPRequest
@_exported import struct ShortcutHTTP.HTTPResponse
@_exported import struct ShortcutHTTP.HTTPStatus
@_exported import struct ShortcutHTTP.RecordedRequest
@_exported import struct ShortcutHTTP.RequestFilter
@_exported import class ShortcutHTTP.RequestJournal
@_exported import struct ShortcutHTTP.ServerLimits
@_exported import struct ShortcutPages.FieldProblem
@_exported import struct ShortcutPages.ShortcutIcon
@_exported import struct ShortcutRecords.CreatedLink
@_exported import struct ShortcutRecords.CreatedRecord
@_exported import enum ShortcutRecords.DeliveryMode
@_exported import struct ShortcutRecords.LinkDraft
@_exported import struct ShortcutRecords.MockDraft
@_exported import enum ShortcutRecords.RecordKind
@_exported import enum ShortcutRecords.ServiceError
@_exported import struct ShortcutRecords.ShortcutDraft
@_exported import struct ShortcutRecords.StoredLink
@_exported import struct ShortcutStore.RecordDamage
@_exported import struct ShortcutStore.StoredPage

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The whole shortcut-serve product running in this process, for integration tests and apps: every route
/// of the binary (`/s`, `/p`, `/v3`, the APIs, the index, the Host guard), on a port of its own, over a
/// store folder of its own.
///
/// ```swift
/// let server = try EmbeddedServer.start()              // 127.0.0.1, a free port, a temp store
/// defer { server.stop() }
/// let scan = try server.addShortcut(ShortcutDraft(title: "Scan", url: "myapp://scan"))
/// // GET \(server.baseURL)/s/\(scan.record.id) answers 301 to /p/<id>
/// ```
///
/// Shortcuts, mocks and landing links added through `addShortcut`, `addMock`, `addLink`, `shortcuts`, `mocks`
/// and `links` go through the same service as the HTTP API and the command line, with the owner's rights (no secret needed, the demo's id
/// may be taken). `respond(to:)` answers a request with no socket at all.
public final class EmbeddedServer: Sendable {
    /// `http://127.0.0.1:<port>` (IPv6 hosts in brackets): put paths after it.
    public let baseURL: String
    /// The port the server listens on (a free one, unless one was asked for).
    public let port: UInt16
    /// The store folder.
    public let storeDirectory: URL
    /// Shortcuts in the store, as the API and the command line make them.
    package let shortcuts: ShortcutService
    /// Mocks in the store, as the API and the command line make them.
    package let mocks: MockService
    /// Landing links in the store, as the API and the command line make them.
    package let links: LinkService

    private let server: HTTPServer
    let app: ShortcutApp
    /// Whether `stop` removes the store folder: only one this server made.
    private let ownsStore: Bool
    /// 1 once `stop` began: the add methods then throw `Stopped` instead of a file error about a store that
    /// is closed, and perhaps removed.
    private let stopped = AtomicWord(0)

    /// What the add methods throw after `stop()` (inside `ServiceError.store`).
    public struct Stopped: Error, CustomStringConvertible {
        public var description: String { "the server was stopped: start a new one to add records" }
    }

    /// Starts the product and returns once it listens.
    /// - Parameters:
    ///   - store: the store folder (made if missing, kept at `stop`); nil for a new temp folder, removed
    ///     at `stop`.
    ///   - host: the address to listen on: loopback unless a device on the network must reach it. `::`
    ///     answers IPv4 as well unless `options.ipv6Only`.
    ///   - port: 0 for a free port (`baseURL` says which).
    ///   - logsRequests: whether to write the binary's access log to standard error (off: a test's output
    ///     stays its own).
    ///   - options: everything else the binary's command line sets (`--mode`, `--template`, limits …);
    ///     its `host`, `port`, `storePath` and `quiet` are replaced by the parameters above.
    /// - Throws: the store's, the template's or the listener's error (`SystemError`, `PageStoreError`, …).
    public static func start(
        store: URL? = nil, host: String = "127.0.0.1", port: UInt16 = 0, logsRequests: Bool = false,
        options: ServerConfiguration = ServerConfiguration()
    ) throws -> EmbeddedServer {
        try EmbeddedServer(store: store, host: host, port: port, logsRequests: logsRequests, options: options)
    }

    private init(store: URL?, host: String, port: UInt16, logsRequests: Bool, options base: ServerConfiguration) throws {
        ownsStore = store == nil
        storeDirectory =
            store
            ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("shortcut-serve-\(PageID.generate())")
        var options = base
        options.storePath = storeDirectory.path
        // `verify` and `count` match bodies: keep them (bounded by the journal's bytes) unless told otherwise.
        if options.journal.bodyBytes == 0 { options.journal.bodyBytes = RequestJournal.Settings.bodyBytesLimit }
        options.host = host
        options.port = port
        // As ServeCommand starts the binary, less what belongs to a process of its own: signals, the open-file
        // limit, standard output.
        app = try ShortcutApp(options: options)
        server = HTTPServer(limits: options.limits, logsRequests: logsRequests)
        try app.install(on: server)
        let address = try server.start(port, host: host, ipv6Only: options.ipv6Only)
        app.didStart(at: address)
        self.port = address.port
        baseURL = "http://\(address.isIPv6 ? "[\(address.host)]" : address.host):\(address.port)"
        shortcuts = app.shortcuts
        mocks = app.mocks
        links = app.links
    }

    /// Adds a shortcut as the store's owner (`Caller.owner`); its page is at `/p/<id>`, its 301 at `/s/<id>`.
    /// - Throws: `ServiceError` (`.invalid` with every refused field, `.store` for a taken id, …).
    @discardableResult
    public func addShortcut(_ draft: ShortcutDraft) throws(ServiceError) -> CreatedRecord {
        try requireRunning()
        return try shortcuts.create(draft, by: .owner)
    }

    /// Adds a mock as the store's owner; it plays at `/v3/<id>`.
    /// - Throws: `ServiceError`.
    @discardableResult
    public func addMock(_ draft: MockDraft) throws(ServiceError) -> CreatedRecord {
        try requireRunning()
        return try mocks.create(draft, by: .owner)
    }

    /// Adds a landing link as the store's owner; its page is at `/open/<id>` (`created.stored.path`).
    /// - Throws: `ServiceError`.
    @discardableResult
    public func addLink(_ draft: LinkDraft) throws(ServiceError) -> CreatedLink {
        try requireRunning()
        return try links.create(draft, by: .owner)
    }

    private func requireRunning() throws(ServiceError) {
        if stopped.load() != 0 { throw ServiceError.store(Stopped()) }
    }

    // MARK: The request journal

    /// What `waitForRequests` throws when its time runs out first: the matching requests that did arrive.
    public struct RequestsTimedOut: Error, CustomStringConvertible {
        /// The matches that arrived in time, oldest first.
        public let found: [RecordedRequest]
        /// How many were awaited.
        public let wanted: Int
        public var description: String { "\(found.count) of \(wanted) matching requests arrived in time" }
    }

    /// What `waitForRequests` throws when the journal is off (`ServerConfiguration.journal.maxEntries` 0) or
    /// too many waits are pending (`RequestJournal.maxWaiters`).
    public struct JournalUnavailable: Error, CustomStringConvertible {
        public let description: String
    }

    /// The requests the server answered that match `filter`, oldest first: what an app under test asked
    /// (`requests(matching: .path("/v3/profile"))`). Empty when the journal is off.
    public func requests(matching filter: RequestFilter = RequestFilter()) -> [RecordedRequest] {
        app.journal?.entries(matching: filter) ?? []
    }

    /// Returns the matching requests once `count` of them have been answered (those already in the journal
    /// count: call `clearRequests()` first to count only new ones), without polling.
    /// - Throws: `RequestsTimedOut` after `timeout` (at most 60 s), `JournalUnavailable`.
    public func waitForRequests(
        matching filter: RequestFilter = RequestFilter(), count: Int = 1, timeout: Duration = .seconds(10)
    ) async throws -> [RecordedRequest] {
        guard let journal = app.journal else { throw JournalUnavailable(description: "the request journal is off (journal.maxEntries 0)") }
        switch await journal.wait(for: filter, count: count, timeout: timeout) {
        case .arrived(let found): return found
        case .timedOut(let found): throw RequestsTimedOut(found: found, wanted: count)
        case .tooManyWaiters: throw JournalUnavailable(description: "\(RequestJournal.maxWaiters) waits are pending already")
        }
    }

    /// Forgets every request the journal holds (a test's set-up); sequence numbers go on.
    public func clearRequests() { app.journal?.clear() }

    /// The store's problems known now (damaged records, stats files), each with what clears it: what
    /// `/api/problems` lists.
    public var storeProblems: [String] { app.records.knownProblems.map { $0.problem.line + $0.remedy } }

    /// `baseURL` followed by `path` (which starts with `/`).
    public func url(_ path: String) -> String { baseURL + path }

    /// The product's answer to `request` with no socket (`HTTPServer.respond(to:)`): for tests of the
    /// routes' logic. Give `request.remoteAddress` a peer (`127.0.0.1:50000`) for the API's loopback check
    /// to see one; a request made in code without one is taken as this machine's.
    public func respond(to request: HTTPRequest) -> HTTPResponse { server.respond(to: request) }

    /// Stops gracefully and returns once every connection is closed and the port is free; writes the play
    /// counts; removes the store folder if this server made it. Calling it again does nothing; the add
    /// methods throw `Stopped` from now on.
    public func stop() {
        stopped.store(1)
        server.stopAndWait()
        app.close()
        guard ownsStore else { return }
        do {
            try FileManager.default.removeItem(at: storeDirectory)
        } catch {
            // Already removed by an earlier `stop`, or left in the temp folder for the system to clear:
            // neither is the caller's failure.
        }
    }
}
