import Dispatch
import ShortcutHTTP
import ShortcutPlatform

/// Told of a connection about to be handed to a `.switchProtocols` closure.
public protocol HttpServerIODelegate: AnyObject {
    /// A connection is about to leave HTTP for the protocol the handler switched to.
    func socketConnectionReceived(_ socket: Socket)
}

/// Swifter's server base class, run by this project's core (`ShortcutHTTP.HTTPServer`): event loops on
/// Dispatch queues, keep-alive, `TCP_NODELAY`, bounded reads with timeouts, and a `stop()` that frees the
/// port before it returns. Subclass it and override `dispatch` as with Swifter; `HttpServer` is the usual
/// subclass.
///
/// Handlers run on the core's event-loop queues (one per core), not on a thread per connection: a handler
/// that blocks holds up the other connections of its queue until it returns.
///
/// Thread-safe (its state is behind a lock) but not declared `Sendable`: a subclass of a `Sendable` class
/// must restate the conformance, and apps' Swifter subclasses would no longer compile unchanged.
open class HttpServerIO {
    /// The states of `start` and `stop`.
    public enum HttpServerIOState: Int32 {
        /// `start` is binding the socket.
        case starting
        /// Listening and serving.
        case running
        /// `stop` is closing the listener and the connections.
        case stopping
        /// Not listening (before `start`, after `stop`).
        case stopped
    }

    /// Told before a connection is handed to a `.switchProtocols` closure (on the thread that runs it).
    public weak var delegate: HttpServerIODelegate?

    private let lock = Lock()
    // Guarded by `lock`:
    private var stateValue = HttpServerIOState.stopped
    private var core: HTTPServer?
    private var storedIPv4: String?
    private var storedIPv6: String?
    private var storedIPv6Only = false
    private var sessions: UpgradedSessions?
    /// The last stop's completion (left when a handler stopped the server: it could not wait), for the next
    /// `stop()` or `start()` to wait on.
    private var lastStop: DispatchGroup?

    /// The core's limits (body size, header size, timeouts, connections), read at `start`. A request body
    /// over `limits.maxBodyBytes` (1 MiB by default) is refused with 413 before it is read.
    public var limits = ServerLimits()

    /// Largest body a handler's response may have, in bytes (a `.raw` writer, a shared file): bodies are
    /// collected, then sent with a `Content-Length`, so this bounds the memory one answer holds. Over it the
    /// client gets 500 with the reason. Read at `start`. Default 64 MiB.
    public var maxResponseBodyBytes = 64 * 1024 * 1024

    /// Most connections handed to `.switchProtocols` closures (websocket sessions) at once; each holds a
    /// thread of its own while it lasts (as with Swifter). Over it, the switch is answered 503. Read at
    /// `start`. Default 64.
    public var maxUpgradedConnections = 64

    /// Where `start` is: `.running` between a successful `start` and `stop`.
    public private(set) var state: HttpServerIOState {
        get { lock.withLock { stateValue } }
        set { lock.withLock { stateValue = newValue } }
    }

    /// Whether the server is running.
    public var operating: Bool { state == .running }

    /// The IPv4 address `start(_:forceIPv4: true)` binds (`0.0.0.0` for every interface). Default: 127.0.0.1
    /// (Swifter's default was every interface).
    public var listenAddressIPv4: String? {
        get { lock.withLock { storedIPv4 } }
        set { lock.withLock { storedIPv4 = newValue } }
    }

    /// The IPv6 address `start(_:)` binds (`::` for every interface, answering IPv4 clients too, as Swifter's
    /// dual-stack socket did, unless `ipv6Only`). When nil, `start(_:)` binds `listenAddressIPv4`, or 127.0.0.1.
    public var listenAddressIPv6: String? {
        get { lock.withLock { storedIPv6 } }
        set { lock.withLock { storedIPv6 = newValue } }
    }

    /// Whether `start(_:)` on `listenAddressIPv6` refuses IPv4 clients (`IPV6_V6ONLY`). Default false: `"::"`
    /// answers IPv4 and IPv6, as with Swifter, and `HttpRequest.address` of an IPv4 client is its IPv4 address
    /// (`127.0.0.1`, not `::ffff:127.0.0.1`). Not Swifter's; `start(_:forceIPv4: true)` ignores it. Read at
    /// `start`.
    public var ipv6Only: Bool {
        get { lock.withLock { storedIPv6Only } }
        set { lock.withLock { storedIPv6Only = newValue } }
    }

    /// A server that does not listen yet.
    public init() {}

    deinit { stop() }

    /// The bound port (the real one after `start(0)`); throws when the server is not running.
    public func port() throws -> Int { Int(try boundAddress().port) }

    /// Whether the server listens on an IPv4 address; throws when it is not running.
    public func isIPv4() throws -> Bool { !(try boundAddress().isIPv6) }

    private func boundAddress() throws -> HTTPServerAddress {
        guard let address = lock.withLock({ core?.address }) else {
            throw SocketError.getSockNameFailed("the server is not running")
        }
        return address
    }

    /// Binds `port` and starts serving; returns at once. Does nothing unless stopped (as Swifter).
    /// `forceIPv4`: bind `listenAddressIPv4` (127.0.0.1 when nil), IPv4 only (an IPv6 address there throws
    /// `SocketError.bindFailed`). Otherwise: `listenAddressIPv6` (dual-stack unless `ipv6Only`), else
    /// `listenAddressIPv4`, else 127.0.0.1. `priority` is accepted for source compatibility and not used:
    /// the core's queues have their own quality of service. Throws `SocketError.bindFailed` (e.g. "Address
    /// already in use") and the like.
    public func start(
        _ port: UInt16 = 8080, forceIPv4: Bool = false,
        priority: DispatchQoS.QoSClass = DispatchQoS.QoSClass.background
    ) throws {
        // A handler's `stop()` may still be freeing the port: binding it again must wait for that.
        awaitLastStop()
        let settings = lock.withLock { () -> (String, Bool, ServerLimits, Int, UpgradedSessions)? in
            guard stateValue == .stopped else { return nil }
            stateValue = .starting
            let host = forceIPv4 ? (storedIPv4 ?? "127.0.0.1") : (storedIPv6 ?? storedIPv4 ?? "127.0.0.1")
            return (
                host, !forceIPv4 && storedIPv6Only, self.limits, maxResponseBodyBytes, UpgradedSessions(limit: maxUpgradedConnections)
            )
        }
        guard let (host, ipv6Only, limits, bodyLimit, sessions) = settings else { return }
        // `forceIPv4` means IPv4 only: an IPv6 `listenAddressIPv4` would be a dual-stack or IPv6 listener.
        if forceIPv4, let address = SocketAddress(host: host, port: port), address.isIPv6, !address.isIPv4Mapped {
            state = .stopped
            throw SocketError.bindFailed("forceIPv4 takes an IPv4 listenAddressIPv4, not '\(host)'")
        }
        let upgrades = ResponseEncoder.Upgrades(sessions: sessions, server: self)
        let server = HTTPServer(limits: limits, logsRequests: false)
        // The handler holds the server strongly while it runs, as Swifter's accept loop did: an app may let go
        // of its `HttpServer` after `start` (the seed's snippet does) and it keeps serving until `stop()`.
        // Carried into the core's `@Sendable` handler unchecked: this class guards its state with its lock.
        let captured = UncheckedSendable(value: (server: self, upgrades: upgrades))
        let handler: HTTPHandler = { request in
            captured.value.server.respond(to: request, bodyLimit: bodyLimit, upgrades: captured.value.upgrades)
        }
        server["/"] = handler
        server["/**"] = handler
        do {
            try server.start(port, host: host, ipv6Only: ipv6Only)
        } catch {
            state = .stopped
            throw HttpServerIO.socketError(error)
        }
        lock.withLock {
            core = server
            self.sessions = sessions
            stateValue = .running
        }
    }

    /// Stops: no new connections, idle ones closed, answers in flight finished (for at most
    /// `limits.shutdownGracePeriod`). Returns once the port is free again, so `start` on the same port can
    /// follow at once; called from inside a handler it cannot wait for that handler, so it returns at once
    /// and the port is freed just after (the next `stop()` or `start()` outside a handler waits for that).
    public func stop() {
        let running = lock.withLock { () -> (HTTPServer, UpgradedSessions?)? in
            guard stateValue == .running, let server = core else { return nil }
            stateValue = .stopping
            return (server, sessions)
        }
        guard let (server, sessions) = running else { return awaitLastStop() }
        // Swifter closed every client socket, websocket sessions included: their reads end now.
        sessions?.closeAll()
        let stopped = DispatchGroup()
        stopped.enter()
        lock.withLock { lastStop = stopped }
        server.stop { stopped.leave() }
        awaitLastStop()
        lock.withLock {
            core = nil
            self.sessions = nil
            stateValue = .stopped
        }
    }

    /// Waits for the last stop to free the port, unless called from a handler (which that stop waits for).
    /// Bounded: a handler blocked on the thread calling `stop` (`DispatchQueue.main.sync` in an app) would
    /// otherwise never let the stop finish.
    private func awaitLastStop() {
        guard !HandlerContext.isServing, let stopped = lock.withLock({ lastStop }) else { return }
        let grace = limits.shutdownGracePeriod.components
        _ = stopped.wait(timeout: .now() + .seconds(Int(grace.seconds) + 1))
    }

    /// Finds the handler for a request: Swifter's routing hook. This base answers 404 to everything.
    open func dispatch(_ request: HttpRequest) -> ([String: String], (HttpRequest) -> HttpResponse) {
        ([:], { _ in HttpResponse.notFound(nil) })
    }

    /// One request through `dispatch` and its handler, and the answer made into the core's.
    private func respond(to coreRequest: HTTPRequest, bodyLimit: Int, upgrades: ResponseEncoder.Upgrades) -> HTTPResponse {
        HandlerContext.$isServing.withValue(true) {
            let request = HttpRequest(coreRequest)
            let (params, handler) = dispatch(request)
            request.params = params
            return ResponseEncoder.encode(handler(request), bodyLimit: bodyLimit, upgrades: upgrades)
        }
    }

    static func socketError(_ error: any Error) -> any Error {
        if let error = error as? HTTPServerError { return SocketError.bindFailed(error.description) }
        guard let error = error as? SystemError else { return error }
        switch error.call {
        case "socket": return SocketError.socketCreationFailed(error.reason)
        case "setsockopt": return SocketError.socketSettingReUseAddrFailed(error.description)
        case "listen": return SocketError.listenFailed(error.reason)
        case "getsockname": return SocketError.getSockNameFailed(error.reason)
        default: return SocketError.bindFailed(error.reason)
        }
    }
}

/// Whether the current thread is running a handler (so `stop()` must not wait for the handlers to finish).
enum HandlerContext {
    @TaskLocal static var isServing = false
}
