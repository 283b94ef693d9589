/// What a connection wants to hear about.
package enum PollInterest: Equatable, Sendable {
    /// Input (and hang-ups).
    case read
    /// Room to write (input is left in the kernel meanwhile: backpressure).
    case write
    /// The peer's end of input and hang-ups, not input itself (it is left in the kernel: backpressure): for a
    /// connection that reads nothing while its answer waits, yet must hear its client leave. epoll watches
    /// `EPOLLRDHUP` alone. kqueue has no such filter: its read filter is set to report input only at a
    /// low-water mark the kernel bounds by the receive buffer (`NOTE_LOWAT`), so a full buffer is reported
    /// too, and reported again (level-triggered) until the connection changes what it watches.
    case inputEnd
    /// Nothing, for now.
    case none
}

/// One readiness event from the poller.
package struct PollEvent: Sendable {
    /// The descriptor the event is about.
    package var fd: Int32
    /// Input, end of input, or a hang-up.
    package var readable: Bool
    /// Room to write.
    package var writable: Bool
    /// The connection is gone both ways (reset, or both directions shut) or in error: reported whatever the
    /// interest, so a connection that is not reading must close on it rather than be woken again and again.
    package var hangup: Bool
    /// The peer's end of input has arrived (epoll's `EPOLLRDHUP`, kqueue's `EV_EOF`), perhaps behind input
    /// still unread: a reader of an edge-triggered poller reads on to it, as it is not reported again.
    package var inputEnded: Bool

    /// Makes an event from its fields.
    @inlinable
    package init(fd: Int32, readable: Bool, writable: Bool, hangup: Bool, inputEnded: Bool = false) {
        self.fd = fd
        self.readable = readable
        self.writable = writable
        self.hangup = hangup
        self.inputEnded = inputEnded
    }
}

/// A kernel readiness set (epoll on Linux, kqueue on Darwin).
///
/// Connections (`add`, `modify`) are watched edge-triggered where the system does so (epoll's `EPOLLET`):
/// input, room to write and hang-ups are reported when they arrive, once, and again when a `modify` finds
/// them still there. So a reader reads until a read comes back short (and on to the end of input after an
/// event with `inputEnded`), and a writer writes until a write comes back short; with kqueue, level-triggered,
/// that reader and writer work unchanged. The listener and the interruption stay level-triggered.
/// Edge-triggered, epoll no longer looks again at each reported connection on the next wait (an extra
/// `tcp_poll` and ready-list pass per request: ~1.4% of a keep-alive `GET /s`'s server time by `perf`).
///
/// `poll` is confined to one thread (its event loop's); `add`, `modify` and `remove` are made on the loop's
/// queue, which may be another thread while that one waits in `poll` (the kernel allows both at once).
package protocol EventPolling: AnyObject {
    /// The kernel's descriptor for the set.
    var descriptor: Int32 { get }
    /// Starts watching `fd` for `interest`.
    func add(_ fd: Int32, _ interest: PollInterest) throws(SystemError)
    /// Starts watching `listener`, a listening socket every loop's poller watches, for connections: where the
    /// system can, a new connection wakes one waiting poller, not all (epoll's `EPOLLEXCLUSIVE`; kqueue has
    /// no such flag and watches it as `add(_:.read)` does).
    func addListener(_ listener: Int32) throws(SystemError)
    /// Changes what `fd` is watched for.
    func modify(_ fd: Int32, _ interest: PollInterest) throws(SystemError)
    /// Stops watching `fd` (before it is closed).
    func remove(_ fd: Int32)
    /// Puts what is ready in the first elements of `events` and returns how many, waiting at most
    /// `milliseconds` (0: not at all; negative: until something is) for something to be: elements past those
    /// may be left from an earlier poll (epoll writes over them rather than empty the array). A wait cut
    /// short by a signal returns 0.
    func poll(into events: inout [PollEvent], waitingAtMost milliseconds: Int32) -> Int
    /// Makes every `poll` from now on return at once, one waiting on another thread too (with an event for
    /// a descriptor that is no socket of the caller's: the poller's own, or -1): for stopping the thread
    /// that waits in it. Safe from any thread, and after `close` it does nothing: the thread it stops may
    /// have woken for something else, seen that it is to stop and closed the poller already, and the
    /// poller's numbers may by then be another descriptor's, which must not be written to.
    func interrupt()
    /// Closes the poller's own descriptors, once (a second call closes nothing: see `interrupt`).
    func close()
}
