import Testing
import SwifterCompat
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Socket {
    /// Two connected sockets (`socketpair`, AF_UNIX stream): the tests' stand-in for a client and a server.
    static func connectedPair() throws -> (Socket, Socket) {
        var fds: [Int32] = [0, 0]
        #if canImport(Glibc)
        let made = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds)
        #else
        let made = socketpair(AF_UNIX, SOCK_STREAM, 0, &fds)
        #endif
        try #require(made == 0)
        return (Socket(socketFileDescriptor: fds[0]), Socket(socketFileDescriptor: fds[1]))
    }
}
