#if canImport(Darwin)
import Darwin

extension Socket {
    static func makeStreamSocket(family: Int32) -> Int32 {
        let fd = socket(family, SOCK_STREAM, 0)
        if fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return fd
    }

    static func acceptNonBlocking(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: inout socklen_t) -> Int32 {
        // Qualified: inside `extension Socket` a bare `accept` names the method `Socket.accept()`.
        let client = Darwin.accept(fd, address, &length)
        if client >= 0 {
            _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
        }
        return client
    }

    static func sendNoSignal(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        send(fd, buffer, count, 0)
    }

    static func sendNoSignal(_ fd: Int32, _ message: UnsafePointer<msghdr>) -> Int {
        sendmsg(fd, message, 0)
    }

    /// Darwin has no `MSG_NOSIGNAL`; the socket option does the same.
    func disableSIGPIPE() {
        try? setOption(SOL_SOCKET, SO_NOSIGPIPE, 1, "SO_NOSIGPIPE")
    }
}

extension OpenFileLimit {
    // <sys/resource.h>: `#define RLIMIT_NOFILE 8`, imported as a plain Int32; `getrlimit(int, struct rlimit *)`.
    static func readNoFileLimit(_ limit: inout rlimit) -> Bool { getrlimit(RLIMIT_NOFILE, &limit) == 0 }

    static func writeNoFileLimit(_ limit: inout rlimit) -> Bool { setrlimit(RLIMIT_NOFILE, &limit) == 0 }

    /// getrlimit(2), COMPATIBILITY: setrlimit "no longer accepts rlim_cur = RLIM_INFINITY for RLIM_NOFILE.
    /// Use rlim_cur = min(OPEN_MAX, rlim_max)." (`OPEN_MAX` is 10240, <sys/syslimits.h>; the hard limit is
    /// often RLIM_INFINITY, and the default soft limit 256.)
    static func highestSoftLimit(hard: rlim_t) -> rlim_t { min(hard, rlim_t(OPEN_MAX)) }
}
#endif
