#if canImport(Glibc)
import CSystemShims
import Glibc

/// epoll(7), level-triggered.
final class EventPoller: EventPolling {
    let descriptor: Int32
    private var buffer: [epoll_event]

    init(capacity: Int = 256) throws(SystemError) {
        descriptor = try retryingEINTR("epoll_create1", { epoll_create1(Int32(EPOLL_CLOEXEC)) })
        buffer = Array(repeating: epoll_event(), count: capacity)
    }

    func add(_ fd: Int32, _ interest: PollInterest) throws(SystemError) {
        try control(EPOLL_CTL_ADD, fd, interest, "epoll_ctl ADD")
    }

    func modify(_ fd: Int32, _ interest: PollInterest) throws(SystemError) {
        try control(EPOLL_CTL_MOD, fd, interest, "epoll_ctl MOD")
    }

    func remove(_ fd: Int32) {
        var event = epoll_event()
        _ = epoll_ctl(descriptor, EPOLL_CTL_DEL, fd, &event)
    }

    func poll(into events: inout [PollEvent]) -> Int {
        let count = buffer.withUnsafeMutableBufferPointer { epoll_wait(descriptor, $0.baseAddress, Int32($0.count), 0) }
        guard count > 0 else { return 0 }
        events.removeAll(keepingCapacity: true)
        // EPOLLHUP and EPOLLERR come whatever the interest; EPOLLRDHUP (the peer's FIN) only with .read.
        let hangup = EPOLLHUP.rawValue | EPOLLERR.rawValue
        for event in buffer[0..<Int(count)] {
            events.append(PollEvent(
                fd: event.data.fd,
                readable: event.events & (EPOLLIN.rawValue | EPOLLRDHUP.rawValue | hangup) != 0,
                writable: event.events & EPOLLOUT.rawValue != 0,
                hangup: event.events & hangup != 0))
        }
        return Int(count)
    }

    func close() { _ = Glibc_close(descriptor) }

    private func control(_ operation: Int32, _ fd: Int32, _ interest: PollInterest, _ label: String) throws(SystemError) {
        var event = epoll_event()
        switch interest {
        case .read: event.events = EPOLLIN.rawValue | EPOLLRDHUP.rawValue
        case .write: event.events = EPOLLOUT.rawValue
        case .none: event.events = 0
        }
        event.data.fd = fd
        _ = try retryingEINTR(label, { epoll_ctl(descriptor, operation, fd, &event) })
    }
}
#endif
