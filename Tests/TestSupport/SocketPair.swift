#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Two connected AF_UNIX stream sockets (`socketpair`): a client and a server with no port; nil when the
/// system refuses one.
public func makeSocketPair() -> (Int32, Int32)? {
    var fds: [Int32] = [0, 0]
    #if canImport(Glibc)
        let made = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds)
    #else
        let made = socketpair(AF_UNIX, SOCK_STREAM, 0, &fds)
    #endif
    return made == 0 ? (fds[0], fds[1]) : nil
}
