import SwifterCompat
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Socket {
    /// Two connected sockets (`socketpair`, AF_UNIX stream): the tests' stand-in for a client and a server.
    static func connectedPair() throws -> (Socket, Socket) {
        let (left, right) = try #require(makeSocketPair())
        return (Socket(socketFileDescriptor: left), Socket(socketFileDescriptor: right))
    }
}
