#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Play counts on disk, `stats/<id>.stats`: `{"lastAccessAt":<seconds since 2001-01-01>,"totalAccess":N}`.
///
/// Kept apart from the record so that playing a page never rewrites it.
struct StatsFile: Codable, Sendable, Equatable {
    /// When the page was last played (seconds since 2001-01-01), nil if never.
    var lastAccessAt: Double?
    /// How many times it was played.
    var totalAccess: Int

    /// No plays.
    static let zero = StatsFile(lastAccessAt: nil, totalAccess: 0)

    /// The largest stats file read (one is about 60 bytes); a larger one is damage, read as zero plays.
    static let maximumBytes = 4096

    /// The file name for `id`.
    static func fileName(for id: String) -> String { id + ".stats" }

    /// The id a stats file name stands for, or nil for any other name.
    static func id(fromFileName name: String) -> String? {
        guard name.hasSuffix(".stats") else { return nil }
        let id = String(name.dropLast(6))
        return PageID.isValid(id) ? id : nil
    }

    /// The file bytes.
    func encoded() throws(PageStoreError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return Array(try encoder.encode(self)) + [0x0a]
        } catch {
            throw PageStoreError.corruptRecord(path: "stats", reason: "cannot encode stats: \(error)")
        }
    }

    /// Stats read from `bytes` of the file at `path`.
    static func decode(_ bytes: [UInt8], path: String) throws(PageStoreError) -> StatsFile {
        do {
            let stats = try JSONDecoder().decode(StatsFile.self, from: Data(bytes))
            guard stats.totalAccess >= 0 else {
                throw PageStoreError.corruptRecord(path: path, reason: "totalAccess is \(stats.totalAccess)")
            }
            return stats
        } catch let error as PageStoreError {
            throw error
        } catch {
            throw PageStoreError.corruptRecord(path: path, reason: "not a stats file: \(error)")
        }
    }

    /// These stats plus `pending` plays not yet written.
    func adding(_ pending: PendingStats) -> StatsFile {
        let pendingLast = pending.lastAccessAt?.timeIntervalSinceReferenceDate
        let last: Double? =
            switch (lastAccessAt, pendingLast) {
            case (let disk?, let memory?): max(disk, memory)
            case (let disk, let memory): disk ?? memory
            }
        return StatsFile(lastAccessAt: last, totalAccess: totalAccess.addingSaturated(pending.count))
    }
}

/// Plays counted in memory since the last flush.
struct PendingStats: Sendable, Equatable {
    /// Plays not yet written.
    var count = 0
    /// When the latest was; meaningless while `count` is 0. Not optional: 16 bytes rather than 24 keep an
    /// `IndexEntry`, which holds these, at 64.
    private var latest = Date.distantPast

    /// No plays.
    init() {}

    /// `count` plays, the latest at `lastAccessAt`.
    init(count: Int, lastAccessAt: Date?) {
        self.count = count
        self.latest = lastAccessAt ?? .distantPast
    }

    /// The latest of them; nil when there is none (or none was dated).
    var lastAccessAt: Date? { count == 0 || latest == .distantPast ? nil : latest }

    mutating func countPlay(at date: Date) {
        count = count.addingSaturated(1)
        latest = date
    }

    /// Both sets of plays together.
    func merged(with other: PendingStats) -> PendingStats {
        let last: Date? =
            switch (lastAccessAt, other.lastAccessAt) {
            case (let a?, let b?): max(a, b)
            case (let a, let b): a ?? b
            }
        return PendingStats(count: count.addingSaturated(other.count), lastAccessAt: last)
    }
}

extension Int {
    /// `self + other`, or `Int.max` where that would overflow: a play count read from disk may be anything
    /// up to `Int.max` (counts are never negative, so only the top can be passed).
    func addingSaturated(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }
}
