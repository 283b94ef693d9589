#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A page without its body, as `PageStore.list()` returns it.
public struct PageSummary: Sendable, Equatable {
    /// The page id.
    public var id: String
    /// The display name.
    public var name: String
    /// The HTTP status.
    public var status: Int
    /// The media type.
    public var contentType: String
    /// The body size in bytes.
    public var size: Int
    /// When the page was created.
    public var createdAt: Date
    /// The app's key/value data.
    public var metadata: [String: String]

    /// A summary from its parts.
    public init(
        id: String, name: String, status: Int, contentType: String, size: Int, createdAt: Date,
        metadata: [String: String]
    ) {
        self.id = id
        self.name = name
        self.status = status
        self.contentType = contentType
        self.size = size
        self.createdAt = createdAt
        self.metadata = metadata
    }
}
