import Dispatch
import ShortcutPlatform

/// One serial queue, one poller and one thread of its own that waits in the poller, outside the queue, and
/// serves every ready event in a batch on the queue (`queue.sync`, which runs the batch on that thread).
/// Dispatch never watches the poller: a Dispatch read source on its descriptor (the earlier design; a
/// source per connection costs ~5 extra system calls per request, `../shared/DISPATCH-NOTES.md`) made
/// each wake-up a hand-off from Dispatch's event thread to a worker (futex, re-arming `epoll_ctl`), and
/// nested the poller in Dispatch's own epoll set. Measured (issue 25, GET /s, c100, with another build
/// busy on the machine): context switches 0.19 → 0.08 a request, wake-ups 0.072 → 0.036 (nginx: 0.06 and
/// 0.05), no futex or `epoll_ctl` calls left per request. What else runs on the queue (hand-overs, the deadline
/// timer, delayed and deferred answers, `stop`) runs between two batches, never behind a wait.
///
/// The listening socket is in every loop's poller, so any loop may accept; the connection then goes to the
/// loop holding the fewest (`ConnectionCounter.tryAcquire`), handed over once, so connections spread evenly.
/// Everything below is confined to `queue`.
/// The loop owns its connections and their shared `ConnectionContext`; a connection never calls the loop:
/// the loop calls it and applies the `ConnectionAction` it returns (`apply`).
/// Its hot `var`s are `@exclusivity(unchecked)`, as `Connection`'s are, for the same reason.
final class EventLoop: @unchecked Sendable {
    /// This loop's place among the server's loops (its slot in `ConnectionCounter`'s per-loop counts).
    let index: Int
    let queue: DispatchQueue
    let poller: EventPoller
    let limits: ServerLimits
    /// What this loop's connections share (limits, clock, buffers, log, whether stopping).
    let context: ConnectionContext
    let counter: ConnectionCounter
    /// Where blocking handlers run (`HTTPServer.MethodRoutes.blocking`); shared by the server's loops.
    let blocking: BlockingPool
    #if !canImport(Darwin)
        /// Where async handlers' tasks run (`HandlerExecutor`).
        let handlerExecutor: HandlerExecutor
    #endif
    let listener: Socket
    /// Every loop of the server, this one included, by index: where accepted connections are handed. Set
    /// before `start`, emptied when stopped (the loops would otherwise keep each other alive).
    var siblings: [EventLoop] = []
    /// Connections other loops accepted for this one, taken before each batch (`EventLoop+HandOver`).
    let inbox = HandOverInbox()
    /// Set (once) when the loop's thread is to end; `poller.interrupt()` then wakes it, unless the thread, woken
    /// by something else in between, has closed the poller already (then the interruption does nothing).
    private let threadStops = AtomicWord(0)
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
    private var onStopped: (@Sendable () -> Void)?
    /// Whether `stop` has begun closing the connections (`isStopping` comes first, with `stopAccepting`).
    private var isClosing = false

    /// Whether `stop` has begun.
    var isStopping: Bool { context.isStopping }

    /// Set on every loop's queue: whether code runs on one (`HTTPServer.stopAndWait` from a handler).
    static let queueMark = QueueMark()

    /// `logWriter`: where the access log goes; nil for none. `journal`: where exchanges are recorded; nil for
    /// none. `clock`: where deadlines read the time.
    /// `onListenerFailure`: see its property.
    init(
        index: Int, listener: Socket, responder: Responder, limits: ServerLimits, counter: ConnectionCounter,
        blocking: BlockingPool, logWriter: LogWriter?, journal: RequestJournal? = nil, clock: any MonotonicClock = SystemClock.shared,
        onListenerFailure: @escaping @Sendable (SystemError) -> Void = { _ in }
    )
        throws(SystemError)
    {
        self.index = index
        queue = DispatchQueue(label: "shortcut-serve.loop.\(index)", qos: .userInitiated)
        queue.setSpecific(key: EventLoop.queueMark.key, value: index)
        poller = try EventPoller()
        self.listener = listener
        self.limits = limits
        self.counter = counter
        self.blocking = blocking
        #if !canImport(Darwin)
            handlerExecutor = HandlerExecutor(pool: blocking)
        #endif
        self.onListenerFailure = onListenerFailure
        context = ConnectionContext(limits: limits, responder: responder, clock: clock, logWriter: logWriter, journal: journal)
    }

    /// Starts watching the listener, and the loop's thread.
    func start() throws(SystemError) {
        try poller.addListener(listener.fd)
        listening = true
        spareDescriptor = EventLoop.openSpareDescriptor()
        do throws(SystemError) {
            try Platform.startThread { [self] in run() }
        } catch {
            if spareDescriptor >= 0 { Platform.close(spareDescriptor) }
            spareDescriptor = -1
            poller.close()
            throw error
        }
        let tick = EventLoop.tick(for: limits)
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + .nanoseconds(tick), repeating: .nanoseconds(tick), leeway: .nanoseconds(tick / 4))
        timer.setEventHandler { [unowned self] in checkDeadlines() }
        timer.activate()
        self.timer = timer
    }

    /// Deadlines are checked at a quarter of the shortest timeout, between 5 ms and 1 s.
    static func tick(for limits: ServerLimits) -> Int {
        let shortest =
            [limits.headerReadTimeout, limits.idleTimeout, limits.bodyReadTimeout, limits.writeTimeout]
            .map(\.nanoseconds).min() ?? 1_000_000_000
        return Int(min(max(shortest / 4, 5_000_000), 1_000_000_000))
    }

    /// The loop's thread: waits in the poller (as long as it takes: the deadline timer is Dispatch's), then
    /// serves what is ready on the queue, until `threadStops`. It alone polls, and it closes the poller.
    private func run() {
        while threadStops.load() == 0 {
            let count = poller.poll(into: &events, waitingAtMost: -1)
            guard count > 0, threadStops.load() == 0 else { continue }
            queue.sync { serve(count) }
        }
        poller.close()
    }

    /// Serves the first `count` polled events (after the connections handed over meanwhile).
    private func serve(_ count: Int) {
        dispatchPrecondition(condition: .onQueue(queue))
        context.tick()
        adoptHandedOver()
        for event in events.prefix(count) {
            if event.fd == listener.fd {
                if listening { _ = acceptConnections() }
                continue
            }
            guard let connection = connection(for: event.fd) else { continue }
            if event.writable { apply(connection.writable(), to: connection) }
            if event.readable && !connection.isClosed {
                apply(connection.readable(hangup: event.hangup, inputEnded: event.inputEnded), to: connection)
            }
        }
        // The access log goes out before the thread waits again.
        context.log.flush()
    }

    /// Ends the loop's thread (which then closes the poller) and the deadline timer: for `finishStop`, and
    /// for a server whose start failed after this loop had started.
    func endThread() {
        timer?.cancel()
        threadStops.store(1)
        poller.interrupt()
    }

    private func connection(for fd: Int32) -> Connection? {
        fd >= 0 && Int(fd) < connections.count ? connections[Int(fd)] : nil
    }

    /// Does what a connection's event asked for.
    @inline(__always)
    func apply(_ action: ConnectionAction, to connection: Connection) {
        if action.close { return action.detach ? handOver(connection) : remove(connection) }
        if let interest = action.watch {
            do { try poller.modify(connection.socket.fd, interest) } catch { return remove(connection) }
        }
        if let delay = action.answerDelayedAfter {
            // On the server's clock (a test's steps it), not Dispatch's.
            let (deadline, overflow) = context.clock.now().addingReportingOverflow(delay)
            context.clock.schedule(at: overflow ? .max : deadline, on: queue) { [self] in
                context.tick()
                apply(connection.answerDelayed(), to: connection)
                context.log.flush()
            }
        }
        if action.startsDeferredWork, let work = connection.takeDeferredWork() { start(work, for: connection) }
    }

    /// Runs a handler's deferred work off this loop, and brings its answer back onto the loop's queue.
    private func start(_ work: DeferredAnswer, for connection: Connection) {
        // The answer comes back through the relay, a thread at this loop's priority (and started by it), not
        // from the pool's lowered threads straight onto the queue: see `AnswerRelay`.
        let relay = blocking.relay
        relay.start()
        let answer: @Sendable (HTTPResponse) -> Void = { [self] response in
            relay.post { [self] in
                queue.async { [self] in
                    context.tick()
                    apply(connection.answerDeferred(response), to: connection)
                    context.log.flush()
                }
            }
        }
        switch work {
        case .blocking(let body): blocking.run { answer(body()) }
        case .async(let body):
            let run: @Sendable () async -> Void = { await PoolThread.$isAsyncHandler.withValue(true) { answer(await body()) } }
            #if canImport(Darwin)
                Task(operation: run)
            #else
                Task(executorPreference: handlerExecutor, operation: run)
            #endif
        }
    }

    /// Closes a connection (if it has not closed itself), takes it out of the table, and closes its socket.
    /// Closing the descriptor takes it out of the poller too (epoll and kqueue both drop a closed
    /// descriptor's registration; no socket is ever duplicated), so no `epoll_ctl(DEL)` is made first: one
    /// system call less per connection.
    func remove(_ connection: Connection) {
        connection.close()
        connection.socket.close()
        if connection.socket.fd >= 0 && Int(connection.socket.fd) < connections.count,
            connections[Int(connection.socket.fd)] === connection
        {
            connections[Int(connection.socket.fd)] = nil
        }
        liveConnections -= 1
        counter.release(loop: index)
        if isStopping && liveConnections == 0 { finishStop() }
    }

    /// Takes an upgraded connection out of the poller and the table, as `remove` does, but hands its socket
    /// (made blocking) to the response's upgrade handler on a thread of its own instead of closing it.
    func handOver(_ connection: Connection) {
        let socket = connection.socket
        poller.remove(socket.fd)
        if socket.fd >= 0 && Int(socket.fd) < connections.count, connections[Int(socket.fd)] === connection {
            connections[Int(socket.fd)] = nil
        }
        liveConnections -= 1
        counter.release(loop: index)
        if let (handler, bufferedBytes) = connection.takeUpgrade() {
            do {
                try socket.setBlocking()
                // A thread of its own, not a Dispatch worker: the handler may block for the connection's life.
                try Platform.startThread { handler(UpgradedConnection(socket: socket, bufferedBytes: bufferedBytes)) }
            } catch {
                socket.close()
            }
        } else {
            socket.close()
        }
        if isStopping && liveConnections == 0 { finishStop() }
    }

    /// Reads the clock and lets every connection check its deadline (the timer's work; tests call it after
    /// advancing their clock).
    func checkDeadlines() {
        dispatchPrecondition(condition: .onQueue(queue))
        context.tick()
        for case let connection? in connections { apply(connection.checkDeadline(), to: connection) }
        context.log.flush()
    }

    /// Runs `body` on this loop's queue after `delay`.
    func after(_ delay: Duration, _ body: @escaping @Sendable () -> Void) {
        let nanoseconds = Int(min(delay.nanoseconds, UInt64(Int.max)))
        queue.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [self] in
            context.tick()
            body()
            context.log.flush()
        }
    }

    // MARK: Stopping

    /// Stops accepting (the loop accepts, and so hands over, nothing after this has run), then `then`.
    /// `HTTPServer.stop` does this on every loop before `stop`, so that no connection handed over
    /// from another loop can arrive after this loop has finished stopping.
    func stopAccepting(then: @escaping @Sendable () -> Void) {
        queue.async { [self] in
            beginStopping()
            then()
        }
    }

    private func beginStopping() {
        guard !isStopping else { return }
        context.isStopping = true
        poller.remove(listener.fd)
        listening = false
    }

    /// Stops accepting, closes idle connections, lets in-flight answers finish (with `Connection: close`),
    /// and after `limits.shutdownGracePeriod` closes what is left. `completion` runs once all are closed.
    func stop(completion: @escaping @Sendable () -> Void) {
        queue.async { [self] in
            guard !isClosing else { return }
            isClosing = true
            beginStopping()
            onStopped = completion
            for case let connection? in connections { apply(connection.stopGracefully(), to: connection) }
            if liveConnections == 0 {
                finishStop()
                return
            }
            after(limits.shutdownGracePeriod) { [self] in
                for case let connection? in connections { remove(connection) }
            }
        }
    }

    private func finishStop() {
        guard let completion = onStopped else { return }
        onStopped = nil
        if spareDescriptor >= 0 { Platform.close(spareDescriptor) }
        spareDescriptor = -1
        siblings = []
        endThread()
        completion()
    }
}

/// The key marking the loops' queues. A class of its own: Darwin's `DispatchSpecificKey` is not `Sendable`,
/// and it is never changed after it is made.
final class QueueMark: @unchecked Sendable {
    let key = DispatchSpecificKey<Int>()
}
