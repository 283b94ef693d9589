#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where `{{now}}` gets the time: injected so tests render fixed dates.
package protocol TemplateClock: Sendable {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    func millisecondsSinceEpoch() -> Int64
}

/// The wall clock.
package struct SystemTemplateClock: TemplateClock {
    /// The wall clock.
    package init() {}

    /// Now, from the system clock.
    package func millisecondsSinceEpoch() -> Int64 {
        let seconds = Date().timeIntervalSince1970
        return Int64((seconds * 1000).rounded(.down))
    }
}

/// A clock stopped at one instant (tests, and replaying a recorded response).
package struct FixedTemplateClock: TemplateClock {
    /// The instant it always answers.
    package var milliseconds: Int64

    /// A clock stopped at `milliseconds` since the epoch.
    package init(milliseconds: Int64) { self.milliseconds = milliseconds }

    /// The fixed instant.
    package func millisecondsSinceEpoch() -> Int64 { milliseconds }
}
