/// Where a stub sits in `StubIndex`.
enum Placement: Hashable {
    /// Under its exact path.
    case exact(String)
    /// Under its template's shape.
    case template(TemplateKey)
    /// In the list every lookup scans.
    case scanned

    init(_ url: URLMatcher) {
        switch url {
        case .url(let url): self = .exact(String(url.prefix { $0 != "?" }))
        case .urlPath(let path): self = .exact(path)
        case .urlPathTemplate(let template): self = .template(TemplateKey(template))
        case .any, .urlPattern, .urlPathPattern: self = .scanned
        }
    }
}

/// A template's shape: its segment count and the literal text of its first segment after the leading `/`
/// (nil when that segment holds a variable).
struct TemplateKey: Hashable {
    let segments: Int
    let first: String?

    init(segments: Int, first: String?) {
        self.segments = segments
        self.first = first
    }

    init(_ template: PathTemplate) {
        segments = template.segments.count
        let keyed = TemplateKey.keyedSegment(segments)
        if case .literal(let text) = template.segments[keyed] { first = text } else { first = nil }
    }

    /// The keys a template fitting `path` can have: its shape with its first segment, and with a variable there.
    static func probes(for path: String) -> [TemplateKey] {
        let pieces = path.split(separator: "/", omittingEmptySubsequences: false)
        let keyed = keyedSegment(pieces.count)
        return [TemplateKey(segments: pieces.count, first: String(pieces[keyed])), TemplateKey(segments: pieces.count, first: nil)]
    }

    /// The segment that is keyed: the one after the leading `/` (index 1), or the only one.
    private static func keyedSegment(_ count: Int) -> Int { count > 1 ? 1 : 0 }
}

/// A stub's rank: lower priority number first, then the newer (higher insertion index).
struct RankKey: Comparable {
    let priority: Int
    let insertionIndex: UInt64
    let id: String

    static func < (a: RankKey, b: RankKey) -> Bool {
        a.priority != b.priority ? a.priority < b.priority : a.insertionIndex > b.insertionIndex
    }
}

/// Stub ids kept sorted by rank.
struct RankedIDs {
    private(set) var keys: [RankKey] = []

    var isEmpty: Bool { keys.isEmpty }

    mutating func insert(_ key: RankKey) {
        var low = 0
        var high = keys.count
        while low < high {
            let mid = (low + high) / 2
            if keys[mid] < key { low = mid + 1 } else { high = mid }
        }
        keys.insert(key, at: low)
    }

    mutating func remove(id: String) { keys.removeAll { $0.id == id } }
}
