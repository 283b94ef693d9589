#if canImport(Glibc)
    import CSystemShims
    import Glibc

    /// epoll(7): connections edge-triggered, the listener and the interruption level-triggered (see
    /// `EventPolling`).
    package final class EventPoller: EventPolling {
        /// The epoll descriptor.
        package let descriptor: Int32
        /// An eventfd in the poller, readable once `interrupt` has run.
        @usableFromInline let interruption: Int32
        /// What `epoll_wait` fills; confined, like the poller, to its event loop's queue. Memory of its own, not
        /// an array in a `var`: an array cost each poll an exclusivity check, a retain and release and a
        /// uniqueness check (~70 instructions by callgrind) for a buffer that never changes size.
        @usableFromInline let buffer: UnsafeMutableBufferPointer<epoll_event>
        /// Guards `isClosed` (see `EventPolling.interrupt`).
        private let closing = Lock()
        private var isClosed = false

        /// A poller that takes up to `capacity` events per `poll`.
        package init(capacity: Int = 256) throws(SystemError) {
            let descriptor = try Platform.retryingEINTR("epoll_create1") { epoll_create1(Int32(EPOLL_CLOEXEC)) }
            let interruption = eventfd(0, Int32(EFD_CLOEXEC) | Int32(EFD_NONBLOCK))
            var event = epoll_event()
            event.events = EPOLLIN.rawValue
            event.data.fd = interruption
            guard interruption >= 0, epoll_ctl(descriptor, EPOLL_CTL_ADD, interruption, &event) == 0 else {
                let error = SystemError("eventfd", errno: Platform.errno)
                if interruption >= 0 { Platform.close(interruption) }
                Platform.close(descriptor)
                throw error
            }
            self.descriptor = descriptor
            self.interruption = interruption
            buffer = .allocate(capacity: max(capacity, 1))
            buffer.initialize(repeating: epoll_event())
        }

        deinit {
            buffer.deallocate()
        }

        /// See `EventPolling`.
        package func add(_ fd: Int32, _ interest: PollInterest) throws(SystemError) {
            try control(EPOLL_CTL_ADD, fd, interest, "ADD")
        }

        /// See `EventPolling`. Without `EPOLLEXCLUSIVE` every loop woke for each new connection and all but one
        /// found `accept` empty: 0.7 vain `accept4` calls per connection (strace, `Connection: close` at c10).
        package func addListener(_ listener: Int32) throws(SystemError) {
            var event = epoll_event()
            event.events = EPOLLIN.rawValue | EPOLLEXCLUSIVE.rawValue
            event.data.fd = listener
            _ = try Platform.retryingEINTR("epoll_ctl", "ADD") { epoll_ctl(descriptor, EPOLL_CTL_ADD, listener, &event) }
        }

        /// See `EventPolling`.
        @inlinable
        package func modify(_ fd: Int32, _ interest: PollInterest) throws(SystemError) {
            try control(EPOLL_CTL_MOD, fd, interest, "MOD")
        }

        /// See `EventPolling`.
        package func remove(_ fd: Int32) {
            var event = epoll_event()
            _ = epoll_ctl(descriptor, EPOLL_CTL_DEL, fd, &event)
        }

        /// See `EventPolling`.
        @inlinable
        package func poll(into events: inout [PollEvent], waitingAtMost milliseconds: Int32 = 0) -> Int {
            let count = Int(epoll_wait(descriptor, buffer.baseAddress, Int32(buffer.count), milliseconds))
            guard count > 0 else { return 0 }
            if events.count < count {
                events.append(
                    contentsOf: repeatElement(
                        PollEvent(fd: -1, readable: false, writable: false, hangup: false),
                        count: count - events.count))
            }
            // EPOLLHUP and EPOLLERR come whatever the interest; EPOLLRDHUP (the peer's FIN) only with .read or
            // .inputEnd.
            let hangup = EPOLLHUP.rawValue | EPOLLERR.rawValue
            // Written over in place (see `EventPolling.poll`): emptying the array first went through the generic
            // `replaceSubrange`, ~80 instructions a poll.
            events.withUnsafeMutableBufferPointer { out in
                for index in 0..<count {
                    let event = buffer[index]
                    out[index] = PollEvent(
                        fd: event.data.fd,
                        readable: event.events & (EPOLLIN.rawValue | EPOLLRDHUP.rawValue | hangup) != 0,
                        writable: event.events & EPOLLOUT.rawValue != 0,
                        hangup: event.events & hangup != 0,
                        inputEnded: event.events & (EPOLLRDHUP.rawValue | hangup) != 0)
                }
            }
            return count
        }

        /// See `EventPolling`.
        package func interrupt() {
            closing.withLock {
                guard !isClosed else { return }
                var one: UInt64 = 1
                _ = Glibc.write(interruption, &one, MemoryLayout<UInt64>.size)
            }
        }

        /// See `EventPolling`.
        package func close() {
            closing.withLock {
                guard !isClosed else { return }
                isClosed = true
                Platform.close(interruption)
                Platform.close(descriptor)
            }
        }

        @inlinable
        func control(_ operation: Int32, _ fd: Int32, _ interest: PollInterest, _ label: String) throws(SystemError) {
            var event = epoll_event()
            switch interest {
            case .read: event.events = EPOLLIN.rawValue | EPOLLRDHUP.rawValue | EPOLLET.rawValue
            case .write: event.events = EPOLLOUT.rawValue | EPOLLET.rawValue
            case .inputEnd: event.events = EPOLLRDHUP.rawValue | EPOLLET.rawValue
            case .none: event.events = EPOLLET.rawValue
            }
            event.data.fd = fd
            _ = try Platform.retryingEINTR("epoll_ctl", label) { epoll_ctl(descriptor, operation, fd, &event) }
        }
    }
#endif
