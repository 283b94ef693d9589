import ShortcutPlatform

/// Swifter's `HttpServer`: routes by path (`server["/p"]`) or by method (`server.GET["/p/:id"]`),
/// middleware, a not-found handler, then `start()`:
///
/// ```swift
/// let server = HttpServer()
/// server["/s"] = { _ in .movedPermanently("data:text/html;base64,…") }
/// try server.start(9081, forceIPv4: true)
/// ```
///
/// Routes may be added and removed while the server runs, from any thread.
open class HttpServer: HttpServerIO {
    /// The Swifter version whose API this module offers.
    public static let VERSION = "1.5.0"

    private let router = HttpRouter()
    private let lock = Lock()
    // Guarded by `lock`:
    private var storedNotFoundHandler: ((HttpRequest) -> HttpResponse)?
    private var storedMiddleware: [(HttpRequest) -> HttpResponse?] = []

    /// Routes of one method.
    public var DELETE, PATCH, HEAD, POST, GET, PUT: MethodRoute
    /// The same routes, by Swifter's lowercase names.
    public var delete, patch, head, post, get, put: MethodRoute

    /// A server with no routes.
    public override init() {
        DELETE = MethodRoute(method: "DELETE", router: router)
        PATCH = MethodRoute(method: "PATCH", router: router)
        HEAD = MethodRoute(method: "HEAD", router: router)
        POST = MethodRoute(method: "POST", router: router)
        GET = MethodRoute(method: "GET", router: router)
        PUT = MethodRoute(method: "PUT", router: router)
        (delete, patch, head, post, get, put) = (DELETE, PATCH, HEAD, POST, GET, PUT)
        super.init()
    }

    /// The handler for any method at `path` (set-only: reading gives nil, as in Swifter); nil removes it.
    public subscript(path: String) -> ((HttpRequest) -> HttpResponse)? {
        get { nil }
        set { router.register(nil, path: path, handler: newValue) }
    }

    /// The registered patterns, without their methods (see `HttpRouter.routes()`); the root is `""`.
    public var routes: [String] { router.routes() }

    /// Answers requests no route matches; nil: 404 with no body.
    public var notFoundHandler: ((HttpRequest) -> HttpResponse)? {
        get { lock.withLock { storedNotFoundHandler } }
        set { lock.withLock { storedNotFoundHandler = newValue } }
    }

    /// Run in order before routing; the first non-nil answer is sent (and the request gets no `params`).
    public var middleware: [(HttpRequest) -> HttpResponse?] {
        get { lock.withLock { storedMiddleware } }
        set { lock.withLock { storedMiddleware = newValue } }
    }

    /// Middleware, then the routes (HEAD falls back to the GET routes), then `notFoundHandler`, then 404.
    override open func dispatch(_ request: HttpRequest) -> ([String: String], (HttpRequest) -> HttpResponse) {
        for layer in middleware {
            if let response = layer(request) { return ([:], { _ in response }) }
        }
        if let found = router.route(request.method, path: request.path) { return found }
        // RFC 9110 §9.3.2: a server that answers GET should answer HEAD alike, without the body (which the
        // core leaves out). Swifter answered 404 to HEAD unless a HEAD route existed.
        if request.method == "HEAD", let found = router.route("GET", path: request.path) { return found }
        if let notFoundHandler { return ([:], notFoundHandler) }
        return super.dispatch(request)
    }

    /// The routes of one method: `server.GET["/p"] = handler`.
    public struct MethodRoute {
        /// The method these routes answer.
        public let method: String
        /// The table they are registered in.
        public let router: HttpRouter

        /// Set-only in effect (reading gives nil, as in Swifter); nil removes the route.
        public subscript(path: String) -> ((HttpRequest) -> HttpResponse)? {
            get { nil }
            nonmutating set { router.register(method, path: path, handler: newValue) }
        }
    }
}
