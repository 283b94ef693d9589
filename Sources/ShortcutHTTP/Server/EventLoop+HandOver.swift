import ShortcutPlatform

/// Connections accepted by another loop for this one to own (`ConnectionCounter.tryAcquire`).
///
/// A hand-over used to be a block on this loop's queue, and a busy loop then kept its queue for up to 64
/// polls: the new connection waited for all of them (p99 of `Connection: close` at c10 7.8 ms against
/// 1.5 ms without hand-overs, measured). Now the connection waits in `pending`, which the loop takes before
/// each batch it serves; a block on the queue still comes after, for a loop waiting in its poller.
final class HandOverInbox: @unchecked Sendable {
    private let lock = Lock()
    private var pending: [(Socket, SocketAddress)] = []  // guarded by lock
    /// How many connections wait in `pending`: read before every batch without taking the lock.
    private let waiting = AtomicWord(0)

    /// Leaves a connection for the loop; true when the inbox was empty (the caller then wakes the loop).
    func put(_ socket: Socket, _ address: SocketAddress) -> Bool {
        lock.withLock {
            pending.append((socket, address))
            waiting.store(UInt64(pending.count))
            return pending.count == 1
        }
    }

    /// Whether connections wait (a load, no lock).
    var isEmpty: Bool { waiting.load() == 0 }

    /// Takes every waiting connection.
    func takeAll() -> [(Socket, SocketAddress)] {
        lock.withLock {
            defer {
                pending.removeAll(keepingCapacity: true)
                waiting.store(0)
            }
            return pending
        }
    }
}

extension EventLoop {
    /// Gives this loop a connection another loop accepted for it (from that loop's queue).
    func receiveHandedOver(_ socket: Socket, _ address: SocketAddress) {
        guard inbox.put(socket, address) else { return }
        queue.async { [self] in
            context.tick()
            adoptHandedOver()
        }
    }

    /// Serves the connections other loops handed over (on this loop's queue).
    func adoptHandedOver() {
        guard !inbox.isEmpty else { return }
        for (socket, address) in inbox.takeAll() { _ = adopt(socket, address) }
    }
}
