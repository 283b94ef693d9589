import Dispatch
import ShortcutPlatform
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The clocks read directly read what Dispatch's and Foundation's read: deadlines handed to Dispatch as
/// `DispatchTime(uptimeNanoseconds:)` are computed from `Platform.monotonicNanoseconds()`.
@Suite struct ClockTests {
    @Test func theMonotonicClockIsDispatchsUptime() {
        for _ in 0..<1_000 {
            let before = DispatchTime.now().uptimeNanoseconds
            let read = Platform.monotonicNanoseconds()
            let after = DispatchTime.now().uptimeNanoseconds
            #expect(before <= read && read <= after, "\(before) \(read) \(after)")
        }
    }

    @Test func theWallClockIsFoundations() {
        // Equal to the microsecond: a `Date` keeps a Double of seconds since 2001.
        let before = Date().timeIntervalSince1970
        let read = Platform.wallClockSeconds()
        let after = Date().timeIntervalSince1970
        #expect(before - 1e-6 <= read && read <= after + 1e-6, "\(before) \(read) \(after)")
    }
}
