/// What a connection wants to hear about.
enum PollInterest: Equatable {
    /// Input (and hang-ups).
    case read
    /// Room to write (input is left in the kernel meanwhile: backpressure).
    case write
    /// Nothing, for now.
    case none
}

/// One readiness event from the poller.
struct PollEvent {
    var fd: Int32
    /// Input, end of input, or a hang-up.
    var readable: Bool
    var writable: Bool
    /// The connection is gone both ways (reset, or both directions shut) or in error: reported whatever the
    /// interest, so a connection that is not reading must close on it rather than be woken again and again.
    var hangup: Bool
}

/// A kernel readiness set (epoll on Linux, kqueue on Darwin), level-triggered, polled without blocking.
/// Its own descriptor becomes readable when any event is pending, which is what lets one Dispatch read
/// source per event loop stand for every connection of that loop.
///
/// Not thread-safe: each event loop uses its own poller on its own queue.
protocol EventPolling: AnyObject {
    /// The descriptor to watch with a `DispatchSourceRead`.
    var descriptor: Int32 { get }
    func add(_ fd: Int32, _ interest: PollInterest) throws(SystemError)
    func modify(_ fd: Int32, _ interest: PollInterest) throws(SystemError)
    func remove(_ fd: Int32)
    /// Fills `events` with what is ready now (no waiting); returns how many.
    func poll(into events: inout [PollEvent]) -> Int
    func close()
}
