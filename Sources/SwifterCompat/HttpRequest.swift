import ShortcutHTTP

/// A request as Swifter hands it to a handler: a class of plain fields, all settable.
///
/// Made by the server from the core's parsed request. `headers`, `queryParams` and `address` are worked
/// out from it on first read, not per request: most handlers read none of them, and a dictionary of
/// headers costs allocations on every request (the `/s` redirect of `scripts/bench.sh --swifter`).
public class HttpRequest {
    /// The path, percent-encoding kept, without the query.
    public var path: String = ""
    /// The method as sent (`GET`).
    public var method: String = ""
    /// The body's bytes (de-chunked by the server; bounded by `ServerLimits.maxBodyBytes`).
    public var body: [UInt8] = []
    /// The route's captures, keyed with their colon (`params[":id"]`), percent-decoded.
    public var params: [String: String] = [:]

    /// The core request this one was made from, for the fields worked out on first read.
    private var source: HTTPRequest?
    private var storedQuery: [(String, String)]?
    private var storedHeaders: [String: String]?
    private var storedAddress: String??

    /// An empty request (for tests and for `HttpParser`).
    public init() {}

    /// A request made from the core's (`source` keeps what is worked out on first read).
    init(_ request: HTTPRequest) {
        path = request.path
        method = request.method.rawValue
        body = request.body
        source = request
    }

    /// The query's `name=value` pairs in order, as sent: neither names nor values are percent-decoded and
    /// `+` stays `+` (what Swifter's parser gives). `a` alone is `("a", "")`.
    public var queryParams: [(String, String)] {
        get {
            if let storedQuery { return storedQuery }
            let parsed = HttpRequest.queryPairs(source?.query)
            storedQuery = parsed
            return parsed
        }
        set { storedQuery = newValue }
    }

    /// The header fields by lowercased name, values trimmed; of repeated fields the last wins (Swifter's rule).
    public var headers: [String: String] {
        get {
            if let storedHeaders { return storedHeaders }
            var result: [String: String] = [:]
            if let source {
                for field in source.headers.fields { result[field.name.lowercased()] = field.value }
            }
            storedHeaders = result
            return result
        }
        set { storedHeaders = newValue }
    }

    /// The peer's numeric IP address (`127.0.0.1`, `::1`), without the port.
    public var address: String? {
        get {
            if let storedAddress { return storedAddress }
            let text = source.map { HttpRequest.host(ofPeer: $0.remoteAddress) } ?? ""
            storedAddress = .some(text)
            return text
        }
        set { storedAddress = .some(newValue) }
    }

    /// Whether the header `headerName` (lowercase) lists `token` (lowercase) among its comma-separated values.
    public func hasTokenForHeader(_ headerName: String, token: String) -> Bool {
        guard let value = headers[headerName] else { return false }
        return value.split(separator: ",", omittingEmptySubsequences: false).contains {
            $0.trimmingSpaces().lowercased() == token
        }
    }

    // MARK: Parsing helpers

    static func queryPairs(_ query: String?) -> [(String, String)] {
        guard let query, !query.isEmpty else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            guard let equals = pair.firstIndex(of: "=") else { return (String(pair), "") }
            return (String(pair[..<equals]), String(pair[pair.index(after: equals)...]))
        }
    }

    /// `127.0.0.1:53211` -> `127.0.0.1`; `[::1]:53211` -> `::1`.
    static func host(ofPeer peer: String) -> String {
        if peer.hasPrefix("["), let close = peer.firstIndex(of: "]") {
            return String(peer[peer.index(after: peer.startIndex)..<close])
        }
        guard let colon = peer.lastIndex(of: ":") else { return peer }
        return String(peer[..<colon])
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (what Swifter trimmed as `.whitespaces`).
    func trimmingSpaces() -> Substring {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
