import ShortcutHTTP
import ShortcutPlatform

/// Swifter's routing table, with Swifter's matching rules (its contract, which apps rely on), written anew:
///
/// - A route is its method (or `*` for `server["/path"]`) followed by the path's `/`-separated segments;
///   empty segments are dropped, so `/t`, `/t/`, `t` and `//t` are one route. A query is ignored.
/// - Lookup tries the method's routes, then the any-method ones. HEAD is not served by GET routes here
///   (`route("HEAD", "/onlyget")` is nil); the server answers HEAD from GET itself (see `HttpServerIO`).
/// - At each segment, in this order: a `:name` child (one segment, captured percent-decoded under the key
///   `":name"`), the literal segment (compared percent-decoded, case-sensitive), `*` (one segment), `**`
///   (last: one or more segments; in the middle: skips segments up to a literal that follows it). The first
///   route found in that order wins, so `/p/:v` answers `/p/static` even when `/p/static` is registered.
///
/// Two differences from Swifter, both of them defects there: several differently named captures at one
/// position are all tried, in registration order (Swifter tried whichever its dictionary listed first, so
/// which route answered changed from launch to launch); and a branch that fails leaves no captures behind.
/// Thread-safe: registering and routing may happen on any thread (Swifter serialised lookups only).
open class HttpRouter {
    /// A handler as Swifter types it. Not `@Sendable`: apps' closures capture their own state, as with Swifter.
    public typealias Handler = (HttpRequest) -> HttpResponse

    /// One segment's node. Children keep registration order (an array: nodes have few children).
    final class Node {
        var children: [(segment: String, node: Node)] = []
        var handler: Handler?

        func child(_ segment: String) -> Node? {
            for entry in children where entry.segment == segment { return entry.node }
            return nil
        }

        func childOrNew(_ segment: String) -> Node {
            if let existing = child(segment) { return existing }
            let node = Node()
            children.append((segment, node))
            return node
        }
    }

    private let lock = Lock()
    // Guarded by `lock`.
    private let root = Node()

    /// An empty table.
    public init() {}

    /// Every registered pattern without its method (the root route is `""`), grouped by method in the order
    /// the methods were first registered, each group depth-first in registration order.
    public func routes() -> [String] {
        lock.withLock {
            var result: [String] = []
            for (_, methodNode) in root.children { HttpRouter.collect(methodNode, prefix: "", into: &result) }
            return result
        }
    }

    private static func collect(_ node: Node, prefix: String, into result: inout [String]) {
        if node.handler != nil { result.append(prefix) }
        for (segment, child) in node.children { collect(child, prefix: prefix + "/" + segment, into: &result) }
    }

    /// Registers `handler` for `method` (nil: any method) at `path`, replacing what was there; a nil handler
    /// removes the route.
    public func register(_ method: String?, path: String, handler: Handler?) {
        lock.withLock {
            var node = root.childOrNew(method ?? "*")
            for segment in HttpRouter.segments(of: path) { node = node.childOrNew(segment) }
            node.handler = handler
        }
    }

    /// The captures and handler for a request of `method` (nil: only any-method routes) at `path`, or nil.
    public func route(_ method: String?, path: String) -> ([String: String], Handler)? {
        let segments = HttpRouter.segments(of: path)
        var decoded: [String] = []
        decoded.reserveCapacity(segments.count)
        for segment in segments {
            // A segment that does not decode matches nothing (Swifter's `removingPercentEncoding` gave nil).
            guard let text = segment.utf8.contains(UInt8(ascii: "%")) ? PercentDecoding.decode(segment) : segment
            else { return nil }
            decoded.append(text)
        }
        return lock.withLock {
            if let method, let tree = root.child(method), let found = HttpRouter.find(tree, decoded, 0) {
                return (found.params, found.handler)
            }
            if let tree = root.child("*"), let found = HttpRouter.find(tree, decoded, 0) {
                return (found.params, found.handler)
            }
            return nil
        }
    }

    private typealias Found = (params: [String: String], handler: Handler)

    /// The first route under `node` matching `tokens[index...]`, in Swifter's order (see the type's comment).
    private static func find(_ node: Node, _ tokens: [String], _ index: Int) -> Found? {
        guard index < tokens.count else {
            return node.handler.map { ([:], $0) }
        }
        let token = tokens[index]
        for (segment, child) in node.children where segment.hasPrefix(":") {
            if index + 1 == tokens.count {
                // The last segment: a capture that ends a route wins over its siblings at once.
                if let handler = child.handler { return ([segment: token], handler) }
                continue
            }
            if var found = find(child, tokens, index + 1) {
                found.params[segment] = token
                return found
            }
        }
        if let literal = node.child(token), let found = find(literal, tokens, index + 1) { return found }
        if let star = node.child("*"), let found = find(star, tokens, index + 1) { return found }
        if let rest = node.child("**") {
            // `**` last: the rest, one segment or more (there is at least this one).
            if let handler = rest.handler { return ([:], handler) }
            // `**` in the middle: Swifter resumes at a later segment equal to one of its literal children,
            // looking from two segments on (the one `**` stands for, and the next, are skipped).
            var next = index + 2
            while next < tokens.count {
                let candidate = tokens[next]
                next += 1
                if let child = rest.child(candidate), let found = find(child, tokens, next) { return found }
            }
        }
        return nil
    }

    /// A path's segments without the query, empty ones dropped.
    static func segments(of path: String) -> [String] {
        let withoutQuery = path.utf8.firstIndex(of: UInt8(ascii: "?")).map { path[..<$0] } ?? Substring(path)
        return withoutQuery.split(separator: "/").map(String.init)
    }
}
