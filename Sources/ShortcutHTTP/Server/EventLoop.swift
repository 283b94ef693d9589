import Dispatch

import ShortcutPlatform

/// One serial queue, one poller and ONE Dispatch read source watching that poller's descriptor: when any of
/// the loop's sockets is ready, the source fires and the loop drains every ready event in a batch.
/// (`../shared/DISPATCH-NOTES.md`: a source per connection costs ~5 extra system calls per request.)
///
/// The listening socket is in every loop's poller, so each loop accepts its own connections and no
/// connection is handed between threads. Everything below is confined to `queue`.
/// Its hot `var`s are `@exclusivity(unchecked)`, as `Connection`'s are, for the same reason.
final class EventLoop: @unchecked Sendable {
    /// This loop's place among the server's loops (its slot in `ConnectionCounter`'s per-loop counts).
    let index: Int
    let queue: DispatchQueue
    let poller: EventPoller
    let responder: Responder
    let limits: ServerLimits
    let counter: ConnectionCounter
    let listener: Socket
    private var source: DispatchSourceRead?
    private var timer: DispatchSourceTimer?
    /// Connections by file descriptor.
    @exclusivity(unchecked) var connections: [Connection?] = []
    @exclusivity(unchecked) var liveConnections = 0
    @exclusivity(unchecked) private var events: [PollEvent] = []
    /// Whether the listener is in the poller (not while stopping, or while accepting is paused).
    @exclusivity(unchecked) var listening = false
    /// Whether the listener failed for good (`SystemError.meansListenerFailed`): it is not watched again.
    @exclusivity(unchecked) var listenerFailed = false
    /// Told when the listener fails (from this loop's queue): the server reports it once for every loop.
    let onListenerFailure: @Sendable (SystemError) -> Void
    /// A descriptor kept open (on /dev/null) to be closed when accept runs out of descriptors, so that the
    /// next client can be accepted and told 503; -1 while there is none.
    @exclusivity(unchecked) var spareDescriptor: Int32 = -1
    @exclusivity(unchecked) private var spareOutput: [UInt8] = []
    private var onStopped: (@Sendable () -> Void)?
    /// A shared buffer every connection of this loop reads into (requests are parsed straight from it).
    let readBuffer: UnsafeMutableRawBufferPointer
    @exclusivity(unchecked) var log: AccessLog
    @exclusivity(unchecked) var date = HTTPDate()
    /// Monotonic nanoseconds at the start of the current batch of events (deadlines are coarse on purpose).
    @exclusivity(unchecked) private(set) var now: UInt64 = monotonicNanoseconds()
    @exclusivity(unchecked) private(set) var isStopping = false

    /// `logWriter`: where the access log goes; nil for none. `onListenerFailure`: see its property.
    init(index: Int, listener: Socket, responder: Responder, limits: ServerLimits, counter: ConnectionCounter,
         logWriter: LogWriter?, onListenerFailure: @escaping @Sendable (SystemError) -> Void = { _ in })
        throws(SystemError) {
        self.index = index
        queue = DispatchQueue(label: "shortcut-serve.loop.\(index)", qos: .userInitiated)
        poller = try EventPoller()
        self.listener = listener
        self.responder = responder
        self.limits = limits
        self.counter = counter
        self.onListenerFailure = onListenerFailure
        log = AccessLog(writer: logWriter)
        readBuffer = .allocate(byteCount: 64 * 1024, alignment: 16)
    }

    deinit {
        readBuffer.deallocate()
    }

    /// Starts watching the listener and the poller.
    func start() throws(SystemError) {
        try poller.add(listener.fd, .read)
        listening = true
        spareDescriptor = EventLoop.openSpareDescriptor()
        let source = DispatchSource.makeReadSource(fileDescriptor: poller.descriptor, queue: queue)
        source.setEventHandler { [unowned self] in drain() }
        // The poller's descriptor may be closed only once Dispatch has stopped watching it.
        source.setCancelHandler { [poller] in poller.close() }
        source.activate()
        self.source = source
        let tick = EventLoop.tick(for: limits)
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + .nanoseconds(tick), repeating: .nanoseconds(tick), leeway: .nanoseconds(tick / 4))
        timer.setEventHandler { [unowned self] in checkDeadlines() }
        timer.activate()
        self.timer = timer
    }

    /// Deadlines are checked at a quarter of the shortest timeout, between 5 ms and 1 s.
    static func tick(for limits: ServerLimits) -> Int {
        let shortest = [limits.headerReadTimeout, limits.idleTimeout, limits.bodyReadTimeout, limits.writeTimeout]
            .map(\.nanoseconds).min() ?? 1_000_000_000
        return Int(min(max(shortest / 4, 5_000_000), 1_000_000_000))
    }

    private func drain() {
        dispatchPrecondition(condition: .onQueue(queue))
        now = monotonicNanoseconds()
        for _ in 0..<8 {
            let count = poller.poll(into: &events)
            var accepted = false
            for event in events.prefix(count) {
                if event.fd == listener.fd {
                    if listening { accepted = acceptConnections() || accepted }
                    continue
                }
                guard let connection = connection(for: event.fd) else { continue }
                if event.writable { connection.writable() }
                if event.readable && !connection.isClosed { connection.readable(hangup: event.hangup) }
            }
            // New connections usually have their first request waiting already: poll once more for it.
            guard count == 256 || accepted else { break }
        }
        log.flush()
    }

    private func connection(for fd: Int32) -> Connection? {
        Int(fd) < connections.count ? connections[Int(fd)] : nil
    }

    /// Forgets a closed connection and closes its socket.
    func remove(_ connection: Connection) {
        poller.remove(connection.socket.fd)
        connection.socket.close()
        if connection.socket.fd >= 0 && Int(connection.socket.fd) < connections.count,
           connections[Int(connection.socket.fd)] === connection {
            connections[Int(connection.socket.fd)] = nil
        }
        liveConnections -= 1
        counter.release(loop: index)
        if isStopping && liveConnections == 0 { finishStop() }
    }

    private func checkDeadlines() {
        now = monotonicNanoseconds()
        for case let connection? in connections { connection.checkDeadline(now: now) }
        log.flush()
    }

    /// Runs `body` on this loop's queue after `delay`.
    func after(_ delay: Duration, _ body: @escaping @Sendable () -> Void) {
        let nanoseconds = Int(min(delay.nanoseconds, UInt64(Int.max)))
        queue.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [self] in
            now = monotonicNanoseconds()
            body()
            log.flush()
        }
    }

    // MARK: The shared output buffer

    /// Lends the loop's output buffer to a connection for one pass.
    func takeOutputBuffer() -> [UInt8] {
        var buffer: [UInt8] = []
        swap(&buffer, &spareOutput)
        return buffer
    }

    /// Takes a fully written buffer back (emptied, capacity kept if it is not huge).
    func returnOutputBuffer(_ buffer: inout [UInt8]) {
        if buffer.capacity > spareOutput.capacity && buffer.capacity <= 1 << 20 {
            buffer.removeAll(keepingCapacity: true)
            swap(&buffer, &spareOutput)
        }
        buffer = []
    }

    // MARK: Stopping

    /// Stops accepting, closes idle connections, lets in-flight answers finish (with `Connection: close`),
    /// and after `limits.shutdownGracePeriod` closes what is left. `completion` runs once all are closed.
    func stop(completion: @escaping @Sendable () -> Void) {
        queue.async { [self] in
            guard !isStopping else { return }
            isStopping = true
            onStopped = completion
            poller.remove(listener.fd)
            listening = false
            for case let connection? in connections { connection.stopGracefully() }
            if liveConnections == 0 {
                finishStop()
                return
            }
            after(limits.shutdownGracePeriod) { [self] in
                for case let connection? in connections { connection.close() }
            }
        }
    }

    private func finishStop() {
        guard let completion = onStopped else { return }
        onStopped = nil
        if spareDescriptor >= 0 { Platform.close(spareDescriptor) }
        spareDescriptor = -1
        timer?.cancel()
        source?.cancel()
        completion()
    }
}

/// Monotonic time in nanoseconds.
func monotonicNanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
