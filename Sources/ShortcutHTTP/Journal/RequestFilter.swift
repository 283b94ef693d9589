/// Which journal entries a reader wants (`GET /api/requests?path=…&method=…&status=…&since=…&limit=…`,
/// `EmbeddedServer.requests(matching:)`). Every condition that is set must hold; none set matches all.
public struct RequestFilter: Sendable, Equatable {
    /// The path starts with this (as received, percent-encoded: `/v3/`).
    public var pathPrefix: String?
    /// The method, exactly (`GET`).
    public var method: String?
    /// The status: one code or a class.
    public var status: StatusMatch?
    /// Only entries numbered above this (`RecordedRequest.sequence`): what arrived after a reader's last one.
    public var since: UInt64
    /// At most this many, the newest; nil: every match.
    public var limit: Int?

    /// A status, or a class of them (`4xx`).
    public enum StatusMatch: Sendable, Equatable, CustomStringConvertible {
        /// Code (with the error's detail).
        case code(Int)
        /// 1 to 5: `4` is every 4xx.
        case family(Int)

        /// `404` or `4xx` (also `4XX`); nil for anything else.
        package init?(_ text: String) {
            let bytes = Array(text.utf8)
            guard bytes.count == 3, (UInt8(ascii: "1")...UInt8(ascii: "5")).contains(bytes[0]) else { return nil }
            let first = Int(bytes[0] - UInt8(ascii: "0"))
            if bytes[1] | 0x20 == UInt8(ascii: "x") && bytes[2] | 0x20 == UInt8(ascii: "x") {
                self = .family(first)
            } else if let code = Int(text) {
                self = .code(code)
            } else {
                return nil
            }
        }

        func matches(_ status: Int) -> Bool {
            switch self {
            case .code(let code): return status == code
            case .family(let first): return status / 100 == first
            }
        }

        public var description: String {
            switch self {
            case .code(let code): return String(code)
            case .family(let first): return "\(first)xx"
            }
        }
    }

    /// A filter; every criterion left out matches everything.
    public init(pathPrefix: String? = nil, method: String? = nil, status: StatusMatch? = nil, since: UInt64 = 0, limit: Int? = nil) {
        self.pathPrefix = pathPrefix
        self.method = method
        self.status = status
        self.since = since
        self.limit = limit
    }

    /// Requests whose path starts with `prefix`.
    public static func path(_ prefix: String) -> RequestFilter { RequestFilter(pathPrefix: prefix) }

    /// Whether `entry` meets every condition but `limit`.
    package func matches(_ entry: RecordedRequest) -> Bool {
        guard entry.sequence > since else { return false }
        if let pathPrefix, !entry.path.hasPrefix(pathPrefix) { return false }
        if let method, entry.method != method { return false }
        if let status, !status.matches(entry.status) { return false }
        return true
    }
}
