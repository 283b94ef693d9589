/// An HTTP request method (RFC 9110 §9). An open set: any token is a method, the common ones are named.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method token exactly as it appeared on the request line (methods are case-sensitive).
    public let rawValue: String

    /// Makes a method from its token.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Makes a method from its token.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static let GET = HTTPMethod("GET")
    public static let HEAD = HTTPMethod("HEAD")
    public static let POST = HTTPMethod("POST")
    public static let PUT = HTTPMethod("PUT")
    public static let DELETE = HTTPMethod("DELETE")
    public static let PATCH = HTTPMethod("PATCH")
    public static let OPTIONS = HTTPMethod("OPTIONS")
    public static let CONNECT = HTTPMethod("CONNECT")
    public static let TRACE = HTTPMethod("TRACE")

    public var description: String { rawValue }
}
