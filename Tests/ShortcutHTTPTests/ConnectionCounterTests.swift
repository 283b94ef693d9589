import Testing

@testable import ShortcutHTTP

/// Who owns a new connection: the loop that accepted it, unless it holds more than the slack beyond the
/// emptiest loop (issue 10: an even spread, without a hand-over for every short connection).
@Suite struct ConnectionCounterTests {
    /// One loop accepting everything (as when the kernel wakes the same loop for a whole burst).
    @Test(arguments: [2, 3, 4]) func oneLoopAcceptingABurstStillSpreadsWithinTheSlack(loops: Int) throws {
        let counter = ConnectionCounter(limit: 10_000, loops: loops)
        for _ in 0..<(128 * loops) { _ = try #require(counter.tryAcquire(preferring: 0)) }
        let spread = counter.currentPerLoop
        let fewest = try #require(spread.min())
        #expect(spread.reduce(0, +) == 128 * loops)
        #expect(spread.allSatisfy { $0 <= fewest + ConnectionCounter.handOverSlack(fewest) + 1 }, "\(spread)")
        #expect(spread.allSatisfy { $0 * 4 <= 128 * 5 }, "within 1.25 times a loop's share: \(spread)")
    }

    /// Within the slack the accepting loop keeps the connection: no hand-over for a small difference.
    @Test func withinTheSlackTheAcceptingLoopKeepsIt() {
        let counter = ConnectionCounter(limit: 100, loops: 2)
        #expect(counter.tryAcquire(preferring: 1) == 1)
        #expect(counter.tryAcquire(preferring: 1) == 1)
        #expect(counter.tryAcquire(preferring: 1) == 1, "2 ahead: still within the slack of 2")
        #expect(counter.tryAcquire(preferring: 1) == 0, "3 ahead: the emptiest loop owns it")
        counter.release(loop: 0)
        #expect(counter.currentPerLoop == [0, 3])
    }

    @Test func theLimitCountsNothingMore() {
        let counter = ConnectionCounter(limit: 2, loops: 2)
        #expect(counter.tryAcquire() != nil)
        #expect(counter.tryAcquire() != nil)
        #expect(counter.tryAcquire() == nil)
        #expect(counter.current == 2)
    }
}
