#if canImport(Darwin)
    import Darwin

    /// kqueue(2), level-triggered (kqueue filters are level-triggered unless EV_CLEAR is set).
    package final class EventPoller: EventPolling {
        /// The kqueue descriptor.
        package let descriptor: Int32
        /// What `kevent` fills; confined, like the poller, to its event loop's queue.
        @usableFromInline var buffer: [kevent]
        /// Guards `isClosed` (see `EventPolling.interrupt`).
        private let closing = Lock()
        private var isClosed = false

        /// A poller that takes up to `capacity` events per `poll`.
        package init(capacity: Int = 256) throws(SystemError) {
            descriptor = try Platform.retryingEINTR("kqueue") { kqueue() }
            buffer = Array(repeating: kevent(), count: capacity)
            // A user event for `interrupt`: without EV_CLEAR it stays triggered once triggered.
            var change = kevent(ident: 0, filter: Int16(EVFILT_USER), flags: UInt16(EV_ADD), fflags: 0, data: 0, udata: nil)
            if kevent(descriptor, &change, 1, nil, 0, nil) < 0 {
                let error = SystemError("kevent", "EVFILT_USER", errno: Platform.errno)
                Platform.close(descriptor)
                throw error
            }
        }

        /// See `EventPolling`.
        package func add(_ fd: Int32, _ interest: PollInterest) throws(SystemError) { try modify(fd, interest) }

        /// See `EventPolling`.
        @inlinable
        package func modify(_ fd: Int32, _ interest: PollInterest) throws(SystemError) {
            let reads = interest == .read || interest == .inputEnd
            let read = UInt16(reads ? EV_ADD | EV_ENABLE : EV_ADD | EV_DISABLE)
            let write = UInt16(interest == .write ? EV_ADD | EV_ENABLE : EV_ADD | EV_DISABLE)
            // .inputEnd: input is reported only at a low-water mark past anything the receive buffer holds (XNU
            // bounds it by the buffer's size), EV_EOF whatever waits. Every change sets the mark anew (a knote
            // takes the fflags and data of each EV_ADD): .read puts the default back.
            let lowWaterFlag: UInt32 = interest == .inputEnd ? UInt32(NOTE_LOWAT) : 0
            let lowWater: Int = interest == .inputEnd ? Int.max : 0
            var changes = [
                kevent(ident: UInt(fd), filter: Int16(EVFILT_READ), flags: read, fflags: lowWaterFlag, data: lowWater, udata: nil),
                kevent(ident: UInt(fd), filter: Int16(EVFILT_WRITE), flags: write, fflags: 0, data: 0, udata: nil),
            ]
            _ = try Platform.retryingEINTR("kevent") { kevent(descriptor, &changes, 2, nil, 0, nil) }
        }

        /// See `EventPolling`.
        package func addListener(_ listener: Int32) throws(SystemError) {
            try add(listener, .read)
        }

        /// See `EventPolling`.
        package func remove(_ fd: Int32) {
            var changes = [
                kevent(ident: UInt(fd), filter: Int16(EVFILT_READ), flags: UInt16(EV_DELETE), fflags: 0, data: 0, udata: nil),
                kevent(ident: UInt(fd), filter: Int16(EVFILT_WRITE), flags: UInt16(EV_DELETE), fflags: 0, data: 0, udata: nil),
            ]
            _ = kevent(descriptor, &changes, 2, nil, 0, nil)
        }

        /// See `EventPolling`.
        @inlinable
        package func poll(into events: inout [PollEvent], waitingAtMost milliseconds: Int32 = 0) -> Int {
            var wait = timespec(tv_sec: Int(milliseconds / 1000), tv_nsec: Int(milliseconds % 1000) * 1_000_000)
            let count = buffer.withUnsafeMutableBufferPointer { events in
                milliseconds < 0
                    ? kevent(descriptor, nil, 0, events.baseAddress, Int32(events.count), nil)
                    : kevent(descriptor, nil, 0, events.baseAddress, Int32(events.count), &wait)
            }
            guard count > 0 else { return 0 }
            events.removeAll(keepingCapacity: true)
            for event in buffer[0..<Int(count)] {
                if event.filter == Int16(EVFILT_USER) {
                    events.append(PollEvent(fd: -1, readable: false, writable: false, hangup: false))
                    continue
                }
                let isRead = event.filter == Int16(EVFILT_READ)
                let isEOF = event.flags & UInt16(EV_EOF) != 0
                // EV_EOF on the write filter: the peer can take nothing more (kqueue(2)). A disabled read filter
                // reports nothing, so unlike epoll no hang-up arrives for a connection that watches `.none`; one
                // that watches `.inputEnd` hears the peer's end of input (EV_EOF on the read filter).
                events.append(
                    PollEvent(
                        fd: Int32(event.ident), readable: isRead || isEOF,
                        writable: event.filter == Int16(EVFILT_WRITE), hangup: !isRead && isEOF, inputEnded: isRead && isEOF))
            }
            return Int(count)
        }

        /// See `EventPolling`.
        package func interrupt() {
            closing.withLock {
                guard !isClosed else { return }
                var change = kevent(
                    ident: 0, filter: Int16(EVFILT_USER), flags: 0, fflags: UInt32(NOTE_TRIGGER), data: 0, udata: nil)
                _ = kevent(descriptor, &change, 1, nil, 0, nil)
            }
        }

        /// See `EventPolling`.
        package func close() {
            closing.withLock {
                guard !isClosed else { return }
                isClosed = true
                Platform.close(descriptor)
            }
        }
    }
#endif
