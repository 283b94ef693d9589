import Dispatch
import ShortcutPlatform
import Testing

@testable import ShortcutHTTP

/// The pool's answers go back to the loops from a thread at the loops' priority (`AnswerRelay`).
struct AnswerRelayTests {
    /// What the relay's bodies saw, in the order they ran.
    final class Record: @unchecked Sendable {
        private let lock = Lock()
        private var entries: [(index: Int, priority: Int)] = []
        let done = DispatchSemaphore(value: 0)
        func add(_ index: Int) { lock.withLock { entries.append((index, Platform.currentThreadPriority())) } }
        var all: [(index: Int, priority: Int)] { lock.withLock { entries } }
    }

    /// Posts `count` bodies from a new thread that first lowers its own priority, as a pool thread does.
    static func postFromALoweredThread(_ relay: AnswerRelay, _ record: Record, count: Int) throws {
        let lowered = DispatchSemaphore(value: 0)
        let posterPriority = Record()
        try Platform.startThread {
            Platform.lowerCurrentThreadPriority()
            posterPriority.add(-1)
            for index in 0..<count { relay.post { record.add(index) } }
            relay.post { record.done.signal() }
            lowered.signal()
        }
        lowered.wait()
        #expect(posterPriority.all.first?.priority ?? 0 < Platform.currentThreadPriority(), "the poster runs lowered")
    }

    @Test func bodiesPostedByALoweredThreadRunInOrderAtTheStartersPriority() throws {
        let relay = AnswerRelay()
        #expect(relay.start())
        defer { relay.shutdown() }
        let record = Record()
        try Self.postFromALoweredThread(relay, record, count: 50)
        #expect(record.done.wait(timeout: .now() + 10) == .success)
        #expect(record.all.map(\.index) == Array(0..<50))
        #expect(record.all.allSatisfy { $0.priority == Platform.currentThreadPriority() })
    }

    /// A body posted around the shutdown still runs: in the relay's last batch, or at once on the poster's thread.
    @Test func bodiesPostedAroundTheShutdownAllRun() throws {
        let relay = AnswerRelay()
        relay.start()
        let record = Record()
        relay.post {
            record.add(0)
            record.done.signal()
        }
        relay.shutdown()
        relay.post {
            record.add(1)
            record.done.signal()
        }
        relay.start()  // a relay that was shut down does not start again
        relay.post {
            record.add(2)
            record.done.signal()
        }
        for _ in 0..<3 { #expect(record.done.wait(timeout: .now() + 10) == .success) }
        // Order is kept within the relay's thread; a body run at once may pass one still running there.
        #expect(record.all.map(\.index).sorted() == [0, 1, 2])
    }

    /// A relay that never started (no thread to be had) runs each body at once, on the poster's thread.
    @Test func withoutItsThreadABodyRunsAtOnce() {
        let relay = AnswerRelay()
        let record = Record()
        relay.post { record.add(0) }
        #expect(record.all.map(\.index) == [0])
        relay.shutdown()
    }
}
