#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A page without its body, as `PageStore.list()` returns it.
package struct PageSummary: Sendable, Equatable {
    /// The page id.
    package var id: String
    /// The display name.
    package var name: String
    /// The HTTP status.
    package var status: Int
    /// The media type.
    package var contentType: String
    /// The body size in bytes.
    package var size: Int
    /// When the page was created.
    package var createdAt: Date
    /// The app's key/value data.
    package var metadata: [String: String]

    /// A summary from its parts.
    package init(
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
