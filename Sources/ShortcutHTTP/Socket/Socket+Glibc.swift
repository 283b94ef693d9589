#if canImport(Glibc)
import CSystemShims
import Glibc

extension Socket {
    static func makeStreamSocket(family: Int32) -> Int32 {
        socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    }

    static func acceptNonBlocking(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: inout socklen_t) -> Int32 {
        CSystemShims_accept4(fd, address, &length, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
    }

    static func sendNoSignal(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        send(fd, buffer, count, Int32(MSG_NOSIGNAL))
    }

    static func sendNoSignal(_ fd: Int32, _ message: UnsafePointer<msghdr>) -> Int {
        sendmsg(fd, message, Int32(MSG_NOSIGNAL))
    }

    /// Linux uses `MSG_NOSIGNAL` on each send instead.
    func disableSIGPIPE() {}
}

extension OpenFileLimit {
    // glibc declares the resource as an enum (`__rlimit_resource`) and the parameter as its raw `Int32`.
    static func readNoFileLimit(_ limit: inout rlimit) -> Bool {
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0
    }

    static func writeNoFileLimit(_ limit: inout rlimit) -> Bool {
        setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0
    }

    /// Linux takes any soft limit up to the hard one.
    static func highestSoftLimit(hard: rlim_t) -> rlim_t { hard }
}
#endif
