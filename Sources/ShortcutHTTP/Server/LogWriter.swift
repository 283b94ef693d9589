import Dispatch
import ShortcutPlatform

/// Writes the access log to a descriptor (standard error) from a serial queue of its own, so that an event
/// loop never waits for whoever reads it: loops hand over their lines and go on. What waits is bounded in
/// bytes (`capacity`); lines that do not fit are dropped and counted, and the count is written as a line
/// of its own once everything taken has been written, i.e. when the reader has caught up.
///
/// Standard error stays blocking (it is shared with the parent's terminal or pipe, so `O_NONBLOCK` on it
/// would change the parent's file too); only this writer's queue blocks in `write`. A reader that has gone
/// (EPIPE, with SIGPIPE ignored by the process) makes each write fail at once: the lines are lost, and
/// serving goes on. Thread-safe: the buffer and counts are guarded by `lock`.
final class LogWriter: @unchecked Sendable {
    /// The most bytes waiting to be written (taken by the writer included).
    let capacity: Int
    let descriptor: Int32
    /// The writer's queue; Dispatch gives a serial queue a thread of its own while it runs.
    let queue = DispatchQueue(label: "shortcut-serve.access-log", qos: .utility)
    private let lock = Lock()
    // Guarded by `lock`:
    private var pending: [UInt8] = []
    private var taken = 0
    private var droppedLines = 0
    private var isScheduled = false

    init(descriptor: Int32 = 2, capacity: Int) {
        self.descriptor = descriptor
        self.capacity = max(0, capacity)
    }

    /// Queues `lines` (whole lines, each ending in LF) for writing; the lines that do not fit in `capacity`
    /// are dropped and counted. Never blocks on the descriptor.
    func submit(_ lines: [UInt8]) {
        guard !lines.isEmpty else { return }
        let schedule = lock.withLock { () -> Bool in
            let room = capacity - pending.count - taken
            var accepted = lines.count
            if accepted > room {
                // Whole lines only: up to the last LF that fits.
                accepted = room > 0 ? (lines[..<room].lastIndex(of: 0x0A)).map { $0 + 1 } ?? 0 : 0
                droppedLines += lines[accepted...].reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
            }
            pending.append(contentsOf: lines[..<accepted])
            guard !isScheduled, accepted > 0 || droppedLines > 0 else { return false }
            isScheduled = true
            return true
        }
        if schedule { queue.async { self.drain() } }
    }

    /// Waits until every line handed over so far is written (or given up on), for at most `timeout`;
    /// returns whether it was. A graceful stop uses it so that the last lines are not lost at exit, without
    /// waiting for ever on a standard error nobody reads.
    func waitUntilWritten(timeout: Duration) -> Bool {
        let done = DispatchSemaphore(value: 0)
        // The queue is serial and `drain` runs until nothing is left: this block runs after it.
        queue.async { done.signal() }
        return done.wait(timeout: .now() + .nanoseconds(Int(min(timeout.nanoseconds, UInt64(Int.max))))) == .success
    }

    private func drain() {
        var chunk: [UInt8] = []
        while true {
            enum Next {
                case lines
                case report(Int)
                case done
            }
            let next = lock.withLock { () -> Next in
                if !pending.isEmpty {
                    swap(&chunk, &pending)
                    taken = chunk.count
                    return .lines
                }
                if droppedLines > 0 {
                    defer { droppedLines = 0 }
                    return .report(droppedLines)
                }
                isScheduled = false
                return .done
            }
            switch next {
            case .lines:
                writeAll(chunk)
                chunk.removeAll(keepingCapacity: true)
                lock.withLock { taken = 0 }
            case .report(let count):
                writeAll(
                    Array("access log: \(count) line\(count == 1 ? "" : "s") dropped (standard error was not read fast enough)\n".utf8))
            case .done:
                return
            }
        }
    }

    /// Writes all of `bytes`; a failure (EPIPE: the reader has gone) gives the rest up, and serving goes on.
    private func writeAll(_ bytes: [UInt8]) {
        do {
            try Platform.writeAll(descriptor, bytes, subject: "the access log")
        } catch {
            return  // nowhere to report it: this is where reports go
        }
    }
}
