/// An HTTP request method (RFC 9110 §9). An open set: any token is a method, the common ones are named.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method token exactly as it appeared on the request line (methods are case-sensitive).
    public let rawValue: String

    /// Makes a method from its token.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Makes a method from its token.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The `GET` method.
    public static let GET = HTTPMethod("GET")
    /// The `HEAD` method.
    public static let HEAD = HTTPMethod("HEAD")
    /// The `POST` method.
    public static let POST = HTTPMethod("POST")
    /// The `PUT` method.
    public static let PUT = HTTPMethod("PUT")
    /// The `DELETE` method.
    public static let DELETE = HTTPMethod("DELETE")
    /// The `PATCH` method.
    public static let PATCH = HTTPMethod("PATCH")
    /// The `OPTIONS` method.
    public static let OPTIONS = HTTPMethod("OPTIONS")
    /// The `CONNECT` method.
    public static let CONNECT = HTTPMethod("CONNECT")
    /// The `TRACE` method.
    public static let TRACE = HTTPMethod("TRACE")

    public var description: String { rawValue }
}
