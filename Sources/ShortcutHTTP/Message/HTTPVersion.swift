/// The protocol version of a request: HTTP/1.0 or HTTP/1.1 (other versions are refused with 505).
public struct HTTPVersion: Hashable, Sendable, CustomStringConvertible {
    /// The major version number.
    public let major: Int
    /// The minor version number.
    public let minor: Int

    /// Makes a version.
    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// HTTP/1.0.
    public static let http1_0 = HTTPVersion(major: 1, minor: 0)
    /// HTTP/1.1.
    public static let http1_1 = HTTPVersion(major: 1, minor: 1)

    public var description: String { "HTTP/\(major).\(minor)" }
}
