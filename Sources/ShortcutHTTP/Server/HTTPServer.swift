import Dispatch
import ShortcutPlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A Dispatch-driven HTTP/1.1 server with Swifter-style routes:
///
/// ```swift
/// let server = HTTPServer()
/// server["/s"] = { _ in .movedPermanently("data:text/html;base64,…") }
/// server.GET["/p/:id"] = { request in .ok(.text(request.params["id"] ?? "")) }
/// let address = try server.start(9081)   // 127.0.0.1 unless told otherwise
/// ```
///
/// Routes may be changed until `start`; the running server uses the table as it was then.
public final class HTTPServer: @unchecked Sendable {
    private let lock = Lock()
    // Guarded by `lock`:
    private var router = Router()
    private var interceptor: (@Sendable (inout HTTPRequest) -> HTTPResponse?)?
    private var fallback: HTTPHandler?
    private var gate: AtomicWord?
    private var loops: [EventLoop] = []
    private var listener: Socket?
    private var boundAddress: HTTPServerAddress?
    private var logWriter: LogWriter?
    private var runningLimits: ServerLimits?
    private var counter: ConnectionCounter?
    private var blockingPool: BlockingPool?
    private var listenerError: SystemError?
    private var listenerFailureHandler: (@Sendable (ListenerFailure) -> Void)?

    /// Limits and timeouts; read at `start`.
    public var limits: ServerLimits
    /// Whether to write one access-log line per request to standard error; read at `start`. Lines are
    /// written by a thread of their own and dropped (and counted) when standard error is not read fast
    /// enough (`ServerLimits.maxPendingLogBytes`). A process whose standard error may be a pipe should
    /// ignore SIGPIPE, as the `shortcut-serve` binary does: a write to a pipe nobody reads raises it.
    public var logsRequests: Bool
    /// Where each exchange is recorded (`RequestJournal`: `GET /api/requests`, `EmbeddedServer.requests`);
    /// nil for none. Read at `start`.
    public var journal: RequestJournal?
    /// How many event loops (serial queues) serve connections; read at `start`. Default: one per core.
    public var loopCount: Int
    /// Where connections' deadlines read the time; read at `start`. Tests set a clock they advance by hand.
    var clock: any MonotonicClock = SystemClock.shared
    /// How `checkListener` asks whether the listening socket still works; throws when it does not. Tests put
    /// a probe here that fails as a reclaimed socket does on iOS, which no Linux socket can be made to.
    var listenerProbe: @Sendable (Socket) throws(SystemError) -> Void = { socket throws(SystemError) in
        try socket.checkAcceptingConnections()
    }

    /// Makes a server; nothing listens until `start`.
    public init(
        limits: ServerLimits = ServerLimits(), logsRequests: Bool = false,
        loopCount: Int = ProcessInfo.processInfo.activeProcessorCount
    ) {
        self.limits = limits
        self.logsRequests = logsRequests
        self.loopCount = max(1, loopCount)
    }

    // MARK: Routes

    /// The handler for any method at `pattern` (Swifter's `server["/path"] = { … }`).
    /// Asked before the routes with every request that is not `OPTIONS *`: an answer, or nil to go on to the
    /// routes. For a layer that answers paths of its users' choosing (stubs), even where a route is. Set it
    /// before `start`: like the routes, it is frozen then. It may set `request.route` (what the journal
    /// names).
    package var beforeRoutes: (@Sendable (inout HTTPRequest) -> HTTPResponse?)? {
        get { withLock { interceptor } }
        set { withLock { interceptor = newValue } }
    }

    /// While it holds 0, `beforeRoutes` is not asked (one atomic load a request): a layer with nothing to
    /// answer yet (no stubs) costs a request nothing. Nil: always asked. Set before `start`.
    package var beforeRoutesGate: AtomicWord? {
        get { withLock { gate } }
        set { withLock { gate = newValue } }
    }

    /// Answers a request no route matches (instead of a plain 404), for the same layer. Set before `start`.
    package var unmatchedHandler: HTTPHandler? {
        get { withLock { fallback } }
        set { withLock { fallback = newValue } }
    }

    /// The routes and the two handlers around them, as a request meets them; the caller holds the lock.
    private var responder: Responder {
        Responder(router: router, beforeRoutes: interceptor, beforeRoutesGate: gate, unmatched: fallback)
    }

    /// The handler of `pattern` for every method (Swifter's `server["/path"]`); nil removes it.
    public subscript(pattern: String) -> HTTPHandler? {
        get { withLock { router.handler(nil, pattern) } }
        set { setRoute(nil, pattern, newValue) }
    }

    /// The routes of one method: `server.GET["/p/:id"] = { … }`.
    public struct MethodRoutes: Sendable {
        let server: HTTPServer
        let method: HTTPMethod

        /// The handler for this method at `pattern`, run on the event loop: it must not block (no disk, no
        /// lock another process holds); use `blocking` or `async` for such work.
        public subscript(pattern: String) -> HTTPHandler? {
            get { server.withLock { server.router.handler(method, pattern) } }
            nonmutating set { server.setRoute(method, pattern, newValue) }
        }

        /// A synchronous handler that blocks (store writes, `flock`, `fsync`): it runs on the server's
        /// blocking threads (`ServerLimits.blockingThreads`, below the loops' priority), never on an event
        /// loop, so other connections are answered meanwhile; its answer goes out in its connection's pipeline
        /// order.
        public func blocking(_ pattern: String, _ handler: @escaping HTTPHandler) {
            server.setRoute(method, pattern) { request in .deferred(.blocking { handler(request) }) }
        }

        /// An `async throws` handler: it runs as a task, off the event loop (on Linux on the blocking threads,
        /// at their priority; on Darwin on Swift's global pool); its answer goes out in its connection's
        /// pipeline order. A thrown `HTTPResponseError` is answered with its response, any other
        /// error with 500 and the error's description.
        public func async(_ pattern: String, _ handler: @escaping AsyncHTTPHandler) {
            server.setRoute(method, pattern) { request in
                .deferred(
                    .async {
                        do { return try await handler(request) } catch { return .answer(to: error) }
                    })
            }
        }
    }

    /// The routes of `method`, for methods without a named property.
    public func routes(_ method: HTTPMethod) -> MethodRoutes { MethodRoutes(server: self, method: method) }
    /// The routes for `GET` requests: `server.GET["/path"] = handler`.
    public var GET: MethodRoutes { routes(.GET) }
    /// The routes for `HEAD` requests: `server.HEAD["/path"] = handler`.
    public var HEAD: MethodRoutes { routes(.HEAD) }
    /// The routes for `POST` requests: `server.POST["/path"] = handler`.
    public var POST: MethodRoutes { routes(.POST) }
    /// The routes for `PUT` requests: `server.PUT["/path"] = handler`.
    public var PUT: MethodRoutes { routes(.PUT) }
    /// The routes for `DELETE` requests: `server.DELETE["/path"] = handler`.
    public var DELETE: MethodRoutes { routes(.DELETE) }
    /// The routes for `PATCH` requests: `server.PATCH["/path"] = handler`.
    public var PATCH: MethodRoutes { routes(.PATCH) }
    /// The routes for `OPTIONS` requests: `server.OPTIONS["/path"] = handler`.
    public var OPTIONS: MethodRoutes { routes(.OPTIONS) }

    private func setRoute(_ method: HTTPMethod?, _ pattern: String, _ handler: HTTPHandler?) {
        withLock {
            precondition(loops.isEmpty, "routes are frozen once the server has started (\(pattern))")
            if let handler { router.add(method, pattern, handler) } else { router.remove(method, pattern) }
        }
    }

    // MARK: Running

    /// The address the server listens on, once started (with the real port when started on port 0).
    public var address: HTTPServerAddress? { withLock { boundAddress } }

    /// The connection limit in force, once started: `limits.maxConnections`, or fewer when the process's
    /// open-file limit (`OpenFileLimit`) leaves room for fewer, less `limits.reservedFileDescriptors` and two
    /// per event loop. Raise the open-file limit first (`OpenFileLimit.raise()`) to keep the one asked for.
    package var connectionLimit: Int? { withLock { runningLimits?.maxConnections } }

    /// A debug statistic: how many connections each event loop holds now, by loop (empty when stopped).
    /// Connections should spread evenly over the loops; a loop holding far more than its share answers
    /// its clients later. Cheap: one uncontended lock, the one every accept and close already takes.
    package var connectionsPerLoop: [Int] { withLock { counter?.currentPerLoop ?? [] } }

    // MARK: In process

    /// The answer the server gives `request`, with no socket: the route table, the route's handler, and
    /// the 500 a connection sends instead of a response whose fields cannot be sent. For tests, as
    /// Hummingbird's `.router` test mode: a request value in, the response out. What only the wire does is
    /// not done: the writer's `Date`, `Content-Length` and `Connection`, HEAD's dropped body, `delay`.
    /// `request.remoteAddress` is the peer the handlers see (empty: none, as for any request made in code).
    /// Works whether or not the server is started; started, it uses the frozen table.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        withLock { responder }.respondAsSent(to: request)
    }

    // MARK: The listening socket

    /// Whether the server is started and its listening socket still works. The socket can stop working
    /// under a running server: iOS may reclaim a suspended app's sockets (Apple's TN2277, "Networking and
    /// Multitasking"), or it may be closed from outside. The server then stops watching it (no spinning on
    /// a failing `accept`), keeps serving the connections it has, and calls `onListenerFailure`. To listen
    /// again, `stop` and `start` it; an app does that when it comes back to the foreground.
    public var isListening: Bool { withLock { !loops.isEmpty && listenerError == nil } }

    /// Called once, on a queue of its own, when the listening socket fails (see `isListening`), with the
    /// error that showed it. May be set at any time.
    public var onListenerFailure: (@Sendable (ListenerFailure) -> Void)? {
        get { withLock { listenerFailureHandler } }
        set { withLock { listenerFailureHandler = newValue } }
    }

    /// Checks the listening socket now and returns whether it still listens; when it does not, does what a
    /// failed `accept` does (`isListening` false, `onListenerFailure` called once).
    ///
    /// iOS may reclaim a suspended app's listening socket (TN2277): XNU marks it defunct, and every call on
    /// it then fails (EBADF), but kqueue need not report anything, so the server may never try an `accept`
    /// that would show it. An app calls this when it becomes active again (`scenePhase == .active`,
    /// `applicationDidBecomeActive`). The probe (`Socket.checkAcceptingConnections`) asks the socket itself:
    /// `getsockopt(SO_ACCEPTCONN)` fails on a defunct or closed socket, and answers 0 on one that no longer
    /// listens. (An `accept` that answers ECONNABORTED also probes the listener: `Socket.accept`.)
    @discardableResult
    public func checkListener() -> Bool {
        guard let socket = withLock({ listenerError == nil ? listener : nil }) else { return false }
        do {
            try listenerProbe(socket)
            return true
        } catch {
            listenerDidFail(error)
            return false
        }
    }

    /// The listening socket failed (from an event loop, or `checkListener`): every loop stops watching it,
    /// and the handler hears of it once, outside the loops (it may stop the server and wait).
    func listenerDidFail(_ error: SystemError) {
        let (running, handler) = withLock { () -> ([EventLoop], (@Sendable (ListenerFailure) -> Void)?) in
            guard listenerError == nil, !loops.isEmpty else { return ([], nil) }
            listenerError = error
            return (loops, listenerFailureHandler)
        }
        guard !running.isEmpty else { return }
        for loop in running { loop.queue.async { loop.stopWatchingListener() } }
        if let handler { DispatchQueue(label: "shortcut-serve.listener-failure").async { handler(ListenerFailure(error)) } }
    }

    /// The listening descriptor, for tests that make it fail.
    var listenerDescriptor: Int32? { withLock { listener?.fd } }

    /// The running event loops, for tests.
    var runningLoops: [EventLoop] { withLock { loops } }

    /// Binds `host:port` (port 0: any free port) and starts serving. Returns the bound address.
    ///
    /// An IPv6 `host` is dual-stack unless `ipv6Only`: `::` answers IPv4 clients as well (as Go's and Node's
    /// listeners do), and handlers, the access log and the journal see such a client as the IPv4 address it
    /// is (`127.0.0.1:50312`, not `[::ffff:127.0.0.1]:50312`). With `ipv6Only`, IPv4 clients are refused.
    /// An IPv4-mapped `host` (`::ffff:127.0.0.1`) is the IPv4 address it maps. `ipv6Only` does nothing for
    /// an IPv4 `host`. Throws `SystemError` (e.g. `isAddressInUse`) or `HTTPServerError.invalidHost`.
    @discardableResult
    public func start(_ port: UInt16 = 0, host: String = "127.0.0.1", ipv6Only: Bool = false) throws -> HTTPServerAddress {
        guard var address = SocketAddress(host: host, port: port) else { throw HTTPServerError.invalidHost(host) }
        // A mapped address takes IPv4 clients only, and an IPv6-only socket cannot bind it at all (EINVAL).
        if !ipv6Only { address = address.unmapped }
        return try withLock { () throws -> HTTPServerAddress in
            guard loops.isEmpty else { throw HTTPServerError.alreadyStarted }
            var limits = self.limits
            if let files = OpenFileLimit.current() {
                let capacity = files.connectionCapacity(reserved: limits.reservedFileDescriptors + 2 * loopCount)
                limits.maxConnections = min(limits.maxConnections, capacity)
            }
            // The kernel caps the backlog without a word: Linux at net.core.somaxconn (4096 since 5.4), Darwin
            // at kern.ipc.somaxconn (128 by default), so a burst past that is refused or retried by clients.
            let socket = try Socket.listen(on: address, backlog: 1024, ipv6Only: ipv6Only)
            do {
                let bound = HTTPServerAddress(try socket.localAddress(), ipv6Only: ipv6Only)
                let responder = self.responder
                let counter = ConnectionCounter(limit: limits.maxConnections, loops: loopCount)
                let logWriter = logsRequests ? LogWriter(capacity: limits.maxPendingLogBytes) : nil
                let pool = BlockingPool(maxThreads: limits.blockingThreads)
                var started: [EventLoop] = []
                for index in 0..<loopCount {
                    let loop = try EventLoop(
                        index: index, listener: socket, responder: responder, limits: limits,
                        counter: counter, blocking: pool, logWriter: logWriter, journal: journal, clock: clock
                    ) { [weak self] error in
                        self?.listenerDidFail(error)
                    }
                    started.append(loop)
                }
                for loop in started { loop.siblings = started }
                for (index, loop) in started.enumerated() {
                    do {
                        try loop.start()
                    } catch {
                        // The loops already running would wait in their pollers for good.
                        for running in started[..<index] { running.endThread() }
                        throw error
                    }
                }
                loops = started
                self.logWriter = logWriter
                runningLimits = limits
                self.counter = counter
                blockingPool = pool
                listener = socket
                boundAddress = bound
                return bound
            } catch {
                socket.close()
                throw error
            }
        }
    }

    /// Stops gracefully: no new connections, idle ones closed, in-flight answers finished (for at most
    /// `limits.shutdownGracePeriod`). `completion` runs once every connection is closed and the port is free.
    public func stop(completion: @escaping @Sendable () -> Void = {}) {
        let (running, socket, writer, pool) = withLock { () -> ([EventLoop], Socket?, LogWriter?, BlockingPool?) in
            defer {
                loops = []
                listener = nil
                boundAddress = nil
                logWriter = nil
                runningLimits = nil
                counter = nil
                blockingPool = nil
                listenerError = nil
            }
            return (loops, listener, logWriter, blockingPool)
        }
        guard let socket, !running.isEmpty else {
            completion()
            return
        }
        // A serial queue of its own: Dispatch gives it a thread even when every worker of the global pool
        // is blocked (a test suite's blocking reads, say), which delayed this completion past 5 s once.
        let stopping = DispatchQueue(label: "shortcut-serve.stop")
        // First every loop stops accepting; only then does each stop: a connection one loop handed to
        // another is by then queued ahead of that loop's stop, so none arrives after it has stopped.
        let accepting = DispatchGroup()
        for loop in running {
            accepting.enter()
            loop.stopAccepting { accepting.leave() }
        }
        let group = DispatchGroup()
        group.enter()
        accepting.notify(queue: stopping) {
            for loop in running {
                group.enter()
                loop.stop { group.leave() }
            }
            group.leave()
        }
        group.notify(queue: stopping) { [limits] in
            socket.close()
            pool?.shutdown()
            withExtendedLifetime(running) {}
            // The last access-log lines, unless standard error is stuck (then they are lost, not waited for).
            _ = writer?.waitUntilWritten(timeout: limits.shutdownGracePeriod)
            completion()
        }
    }

    /// Stops gracefully and waits until it is done. Called from a handler (on an event loop, a blocking
    /// thread or an async handler's task), it does not wait: the stop waits for that handler's answer, so
    /// waiting there would never end. The stop then goes on once the handler has returned.
    public func stopAndWait() {
        if Self.isInHandler {
            stop()
            return
        }
        let done = DispatchSemaphore(value: 0)
        stop { done.signal() }
        done.wait()
    }

    /// Whether the caller is a handler of some server: on an event loop's queue, a blocking thread, or an
    /// async handler's task.
    static var isInHandler: Bool {
        DispatchQueue.getSpecific(key: EventLoop.queueMark.key) != nil || BlockingPool.isPoolThread || PoolThread.isAsyncHandler
    }

    private func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

/// Misuse of `HTTPServer.start`.
public enum HTTPServerError: Error, Sendable, CustomStringConvertible {
    /// The host is not a numeric IPv4 or IPv6 address (or `localhost`).
    case invalidHost(String)
    /// `start` was called on a running server.
    case alreadyStarted

    public var description: String {
        switch self {
        case .invalidHost(let host): "'\(host)' is not an IPv4 or IPv6 address"
        case .alreadyStarted: "the server is already running"
        }
    }
}
