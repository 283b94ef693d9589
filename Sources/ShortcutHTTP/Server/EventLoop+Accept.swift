import Dispatch
import ShortcutPlatform

/// Accepting connections: the connection limit, running out of descriptors, and a listener that fails.
extension EventLoop {
    /// How long a loop stops watching the listener after an accept failure it cannot answer (out of
    /// descriptors with no spare left, out of kernel memory): the listener stays readable meanwhile, so
    /// retrying at once would spin; this long, waiting clients barely notice.
    static let acceptPause: Duration = .milliseconds(100)

    /// Accepts what is pending (up to 64); returns whether any connection was accepted.
    func acceptConnections() -> Bool {
        var accepted = false
        for _ in 0..<64 {
            let next: (Socket, SocketAddress)?
            do {
                next = try listener.accept()
            } catch {
                if error.meansListenerFailed {
                    stopWatchingListener()
                    onListenerFailure(error)
                    return accepted
                }
                guard error.isOutOfDescriptors, refuseWithSpareDescriptor() else {
                    pauseAccepting()
                    return accepted
                }
                continue
            }
            guard let (socket, address) = next else { return accepted }
            guard let owner = counter.tryAcquire(preferring: index) else {
                refuse(socket, "server is at its limit of \(limits.maxConnections) connections (--max-connections); try again")
                continue
            }
            if owner == index || owner >= siblings.count {
                accepted = adopt(socket, address) || accepted
            } else {
                // The loop holding fewer connections owns it: one hop now, none per request after.
                siblings[owner].receiveHandedOver(socket, address)
            }
        }
        return accepted
    }

    /// Serves an accepted connection, already counted for this loop; returns whether it is served (not while
    /// stopping: a connection handed over just as the server stops is closed, as one still in the backlog is).
    func adopt(_ socket: Socket, _ address: SocketAddress) -> Bool {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !isStopping else {
            counter.release(loop: index)
            socket.close()
            return false
        }
        // A dual-stack listener's IPv4 peer arrives as `::ffff:a.b.c.d`: recorded as the IPv4 address it is, so
        // the log, the journal and every "is this from this machine" check read one form (`127.0.0.1:50312`).
        let connection = Connection(socket: socket, remote: address.unmapped.description, context: context)
        do { try poller.add(socket.fd, .read) } catch {
            counter.release(loop: index)
            socket.close()
            return false
        }
        let slot = Int(socket.fd)
        if slot >= connections.count { connections += Array(repeating: nil, count: slot + 64 - connections.count) }
        connections[slot] = connection
        liveConnections += 1
        return true
    }

    /// A short 503 (best effort, the socket is fresh) and close.
    func refuse(_ socket: Socket, _ reason: String) {
        var bytes: [UInt8] = []
        ResponseWriter.append(
            .error(.serviceUnavailable, reason), to: &bytes, isHead: false, keepAlive: false,
            echoKeepAlive: false, date: context.date.now())
        _ = bytes.withUnsafeBytes { socket.write($0) }
        socket.shutdownWrite()
        socket.close()
    }

    /// Out of descriptors (EMFILE, ENFILE): frees the spare one to accept the next client and tell it 503,
    /// then takes the spare back. Clients then hear why instead of waiting in the backlog, and the listener,
    /// which stays readable while they wait, does not keep the loop spinning. Returns false when there is no
    /// spare, or the freed descriptor went to another thread first.
    private func refuseWithSpareDescriptor() -> Bool {
        guard spareDescriptor >= 0 else { return false }
        Platform.close(spareDescriptor)
        spareDescriptor = -1
        defer { spareDescriptor = EventLoop.openSpareDescriptor() }
        do {
            if let (socket, _) = try listener.accept() {
                refuse(socket, "server is out of file descriptors; try again")
            }
            return true
        } catch {
            return false
        }
    }

    /// Stops watching a listener that no longer works, for good: retrying it would only spin.
    func stopWatchingListener() {
        listenerFailed = true
        guard listening else { return }
        poller.remove(listener.fd)
        listening = false
    }

    /// Stops watching the listener for `acceptPause`, then watches it again (unless stopping by then).
    private func pauseAccepting() {
        guard listening else { return }
        poller.remove(listener.fd)
        listening = false
        watchListener(after: EventLoop.acceptPause)
    }

    private func watchListener(after delay: Duration) {
        after(delay) { [self] in
            guard !isStopping, !listening, !listenerFailed else { return }
            // A spare lost to another thread's open is taken again once descriptors are free.
            if spareDescriptor < 0 { spareDescriptor = EventLoop.openSpareDescriptor() }
            do {
                try poller.addListener(listener.fd)
                listening = true
            } catch {
                watchListener(after: delay)
            }
        }
    }

    /// A descriptor to give up when out of descriptors; -1 when none could be opened.
    static func openSpareDescriptor() -> Int32 {
        (try? Platform.open("/dev/null", .readOnly)) ?? -1
    }
}

extension SystemError {
    /// The process or the system is out of file descriptors (`EMFILE`, `ENFILE`).
    var isOutOfDescriptors: Bool { errno == Errno.tooManyOpenFiles || errno == Errno.tooManyOpenFilesInSystem }

    /// The listening socket itself no longer works, for every later call too: closed or replaced under us
    /// (`EBADF`, `ENOTSOCK`), or no longer listening (`EINVAL`: shut down, or reclaimed by the system, as iOS
    /// may do to a suspended app's sockets, TN2277; XNU's accept answers EINVAL once `SO_ACCEPTCONN` is gone).
    var meansListenerFailed: Bool { errno == Errno.badFileDescriptor || errno == Errno.notSocket || errno == Errno.invalidArgument }
}
