/// A route's handler: Swifter's `(HttpRequest) -> HttpResponse`, synchronous and sendable.
public typealias HTTPHandler = @Sendable (HTTPRequest) -> HTTPResponse

/// What the router found for a method and a path.
package enum RouteMatch: Sendable {
    /// A handler, with the captures of its pattern, and the pattern it was registered at (`/p/:id`).
    case handler(HTTPHandler, HTTPRequest.Parameters, pattern: String)
    /// The path matches routes, none for this method: answer 405 with these methods in `Allow`.
    case methodNotAllowed(allowed: [HTTPMethod])
    /// No route matches the path.
    case notFound
    /// The path has a malformed percent-escape or decodes to invalid UTF-8.
    case badPath(String)
}

/// A routing table: patterns of `/`-separated segments, each a literal, `:name` (one segment, captured),
/// `*` (one segment) or, last, `**` (the rest, zero or more segments). A pure data structure: it knows
/// nothing of sockets, and it is a value, so a server freezes its routes by copying it.
///
/// Precedence is fixed and independent of registration order: at each segment a literal beats `:name`,
/// which beats `*`, which beats `**`; the router backtracks when a preferred branch leads nowhere.
package struct Router: Sendable {
    /// A handler, the method it answers (nil: any) and the pattern it was registered at (what the journal
    /// and `HTTPRequest.route` name). A struct, not a tuple: a closure kept in a tuple inside an array is
    /// stored in its most general form, and reading it back allocated a converting closure on every request
    /// (callgrind: 2 allocations, ~300 instructions).
    struct MethodHandler: Sendable {
        let method: HTTPMethod?
        let handler: HTTPHandler
        let pattern: String
    }

    /// A literal segment and the node it leads to.
    struct Literal: Sendable {
        let text: String
        let node: Int
    }

    struct Node: Sendable {
        /// A node has a handful of literals: comparing short strings beats hashing one per segment.
        var literals: [Literal] = []
        var param: (name: String, node: Int)?
        var wildcard: Int?
        var rest: Int?
        /// Per method, in registration order: a node has a few, and comparing short method names beats hashing.
        var handlers: [MethodHandler] = []
        var anyMethod: MethodHandler?

        var isEmpty: Bool { handlers.isEmpty && anyMethod == nil }

        /// The handler for `method` of the node at `node`, read in place: a node's method, or a `for entry in
        /// handlers` loop, copies what it passes over (the node's tables, each entry's three references; callgrind:
        /// ~290 instructions of a `GET /s`).
        static func handler(in node: UnsafePointer<Node>, for method: HTTPMethod) -> MethodHandler? {
            for index in 0..<node.pointee.handlers.count where node.pointee.handlers[index].method == method {
                return node.pointee.handlers[index]
            }
            return nil
        }

        /// The handler for a request of `method` at `node`: its own, else the any-method one; HEAD falls back
        /// to GET. (Not written with `??`: that operator is generic, and passing a closure through it converts
        /// it to and back from the generic form, two allocations per request.)
        static func accepting(_ node: UnsafePointer<Node>, _ method: HTTPMethod) -> MethodHandler? {
            if let handler = handler(in: node, for: method) { return handler }
            if let anyMethod = node.pointee.anyMethod { return anyMethod }
            return method == .HEAD ? handler(in: node, for: .GET) : nil
        }

        func literal(_ text: String) -> Int? {
            for literal in literals where literal.text == text { return literal.node }
            return nil
        }

        mutating func set(_ handler: MethodHandler?, for method: HTTPMethod) {
            handlers.removeAll { $0.method == method }
            if let handler { handlers.append(handler) }
        }
    }

    var nodes: [Node] = [Node()]
    /// The patterns made of literals only (none percent-encoded), with their nodes: a request path equal to
    /// one of them reaches that node by literals alone, which the search tries first at every segment, so
    /// when the node takes the method the search would answer the same. `/s` is found without splitting.
    var exactPaths: [Literal] = []

    /// An empty table.
    package init() {}

    /// Adds (or replaces) the handler for `method` (nil: any method) at `pattern`.
    /// Misuse is caught here, at registration: a pattern must start with `/`, `**` must be last, and one
    /// position may not have two differently named captures.
    package mutating func add(_ method: HTTPMethod?, _ pattern: String, _ handler: @escaping HTTPHandler) {
        precondition(pattern.hasPrefix("/"), "route pattern '\(pattern)' must start with '/'")
        let segments = Router.segments(of: pattern)
        var node = 0
        for (index, segment) in segments.enumerated() {
            if segment == "**" {
                precondition(index == segments.count - 1, "'**' must be the last segment of '\(pattern)'")
                node = child(of: node, \.rest)
            } else if segment == "*" {
                node = child(of: node, \.wildcard)
            } else if segment.hasPrefix(":") {
                let name = String(segment.dropFirst())
                precondition(!name.isEmpty, "empty capture name in '\(pattern)'")
                if let existing = nodes[node].param {
                    precondition(existing.name == name, "'\(pattern)' names capture ':\(name)' where ':\(existing.name)' stands")
                    node = existing.node
                } else {
                    nodes.append(Node())
                    nodes[node].param = (name, nodes.count - 1)
                    node = nodes.count - 1
                }
            } else {
                let literal = PercentDecoding.decode(segment) ?? String(segment)
                if let next = nodes[node].literal(literal) {
                    node = next
                } else {
                    nodes.append(Node())
                    nodes[node].literals.append(Literal(text: literal, node: nodes.count - 1))
                    node = nodes.count - 1
                }
            }
        }
        let entry = MethodHandler(method: method, handler: handler, pattern: pattern)
        if let method { nodes[node].set(entry, for: method) } else { nodes[node].anyMethod = entry }
        let literalsOnly = segments.allSatisfy { !$0.hasPrefix(":") && $0 != "*" && $0 != "**" && !$0.contains("%") }
        if literalsOnly && !exactPaths.contains(where: { $0.text == pattern }) {
            exactPaths.append(Literal(text: pattern, node: node))
        }
    }

    /// Removes the handler for `method` (nil: the any-method handler) at `pattern`, if there is one.
    package mutating func remove(_ method: HTTPMethod?, _ pattern: String) {
        guard let node = find(pattern) else { return }
        if let method { nodes[node].set(nil, for: method) } else { nodes[node].anyMethod = nil }
    }

    /// The handler registered for exactly `method` (nil: any method) at `pattern`.
    package func handler(_ method: HTTPMethod?, _ pattern: String) -> HTTPHandler? {
        guard let node = find(pattern) else { return nil }
        let registered = nodes.withUnsafeBufferPointer { nodes in
            method.map { Node.handler(in: nodes.baseAddress! + node, for: $0) } ?? nodes[node].anyMethod
        }
        return registered?.handler
    }

    /// Finds the handler for a request. HEAD falls back to the GET handler (the writer drops the body).
    package func match(_ method: HTTPMethod, path: String) -> RouteMatch {
        // Lengths first: a path that is no literal route (`/p/demo`) was compared in full with each of them,
        // ~40 instructions apiece (callgrind: 860 a request with 20 literal routes).
        let length = path.utf8.count
        for exact in exactPaths where exact.text.utf8.count == length && exact.text == path {
            // In place, through the node's address, as `search` works.
            if let entry = nodes.withUnsafeBufferPointer({ Node.accepting($0.baseAddress! + exact.node, method) }) {
                return .handler(entry.handler, HTTPRequest.Parameters(), pattern: entry.pattern)
            }
        }
        let (decoded, malformed) = Router.decodedSegments(of: path)
        if let malformed { return .badPath("malformed percent-encoding in path segment '\(malformed.prefix(64))'") }
        var captures = HTTPRequest.Parameters()
        let found = nodes.withUnsafeBufferPointer { nodes in
            Router.search(nodes, 0, decoded[...], &captures) { node in Node.accepting(node, method) }
        }
        if let found { return .handler(found.handler, captures, pattern: found.pattern) }
        var ignored = HTTPRequest.Parameters()
        var allowed: Set<HTTPMethod> = []
        let routed = nodes.withUnsafeBufferPointer { nodes in
            Router.search(nodes, 0, decoded[...], &ignored) { node in
                guard !node.pointee.isEmpty else { return nil }
                allowed = Set(node.pointee.handlers.compactMap(\.method))
                return node.pointee.handlers.first
            }
        }
        guard routed != nil else { return .notFound }
        if allowed.contains(.GET) { allowed.insert(.HEAD) }
        return .methodNotAllowed(allowed: allowed.sorted { $0.rawValue < $1.rawValue })
    }

    /// Depth-first search in precedence order; fills `captures` along the path that succeeds. Works on the
    /// nodes in place, and hands `accepts` a node's address (a copy of a node would retain and release its
    /// tables on every request).
    private static func search(
        _ nodes: UnsafeBufferPointer<Node>, _ index: Int, _ segments: ArraySlice<String>,
        _ captures: inout HTTPRequest.Parameters, _ accepts: (UnsafePointer<Node>) -> MethodHandler?
    ) -> MethodHandler? {
        guard let segment = segments.first else {
            if let handler = accepts(nodes.baseAddress! + index) { return handler }
            // `**` also matches nothing.
            if let rest = nodes[index].rest, let handler = accepts(nodes.baseAddress! + rest) {
                captures.append("**", "")
                return handler
            }
            return nil
        }
        let tail = segments.dropFirst()
        if let next = nodes[index].literal(segment), let found = search(nodes, next, tail, &captures, accepts) {
            return found
        }
        if let (name, next) = nodes[index].param {
            let mark = captures.storage.count
            captures.append(name, segment)
            if let found = search(nodes, next, tail, &captures, accepts) { return found }
            captures.storage.removeSubrange(mark...)
        }
        if let next = nodes[index].wildcard, let found = search(nodes, next, tail, &captures, accepts) { return found }
        if let rest = nodes[index].rest, let handler = accepts(nodes.baseAddress! + rest) {
            captures.append("**", segments.joined(separator: "/"))
            return handler
        }
        return nil
    }

    private func find(_ pattern: String) -> Int? {
        var node = 0
        for segment in Router.segments(of: pattern) {
            let next: Int?
            switch segment {
            case "**": next = nodes[node].rest
            case "*": next = nodes[node].wildcard
            case _ where segment.hasPrefix(":"): next = nodes[node].param?.node
            default: next = nodes[node].literal(PercentDecoding.decode(segment) ?? String(segment))
            }
            guard let next else { return nil }
            node = next
        }
        return node
    }

    private mutating func child(of node: Int, _ slot: WritableKeyPath<Node, Int?>) -> Int {
        if let existing = nodes[node][keyPath: slot] { return existing }
        nodes.append(Node())
        nodes[node][keyPath: slot] = nodes.count - 1
        return nodes.count - 1
    }

    /// `segments(of: path)`, each percent-decoded, in one pass over the path's bytes (per request); a
    /// segment with a malformed escape, or that decodes to invalid UTF-8, comes back as `malformed`.
    static func decodedSegments(of path: String) -> (segments: [String], malformed: String?) {
        var path = path
        return path.withUTF8 { bytes in
            guard !(bytes.count == 1 && bytes[0] == UInt8(ascii: "/")) else { return ([], nil) }
            var segments: [String] = []
            segments.reserveCapacity(4)
            var start = bytes.first == UInt8(ascii: "/") ? 1 : 0
            var index = start
            while true {
                if index == bytes.count || bytes[index] == UInt8(ascii: "/") {
                    let raw = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                    if bytes[start..<index].contains(UInt8(ascii: "%")) {
                        guard let decoded = PercentDecoding.decode(raw) else { return (segments, raw) }
                        segments.append(decoded)
                    } else {
                        segments.append(raw)
                    }
                    if index == bytes.count { return (segments, nil) }
                    start = index + 1
                }
                index += 1
            }
        }
    }

    /// `/a/b` -> ["a", "b"]; `/` -> []; `/a/` -> ["a", ""] (a trailing slash is a distinct, empty segment).
    /// Splits on the UTF-8 byte `/` (per request, so not through `Character` comparisons).
    static func segments(of path: String) -> [Substring] {
        guard path != "/" else { return [] }
        let utf8 = path.utf8
        var start = utf8.startIndex
        if start != utf8.endIndex && utf8[start] == UInt8(ascii: "/") { start = utf8.index(after: start) }
        var segments: [Substring] = []
        var index = start
        while index != utf8.endIndex {
            if utf8[index] == UInt8(ascii: "/") {
                segments.append(Substring(utf8[start..<index]))
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        segments.append(Substring(utf8[start..<utf8.endIndex]))
        return segments
    }
}
