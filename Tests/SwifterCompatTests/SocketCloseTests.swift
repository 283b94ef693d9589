import SwifterCompat
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `Socket` that is closed writes nothing more: its descriptor's number is free after `close()`, and the
/// next connection the process accepts may be given it. A websocket session held by an app (and written to
/// after the peer left) sent its frame into another connection that way: a full test run once showed a
/// frame's bytes at the start of another test's raw upgrade.
@Suite struct SocketCloseTests {
    @Test func aWriteAfterCloseFailsAndReachesNoOtherDescriptor() throws {
        let (left, right) = try Socket.connectedPair()
        let number = left.socketFileDescriptor
        left.close()
        // The lowest free number is the one just closed: the next pair most likely takes it.
        let (newLeft, newRight) = try #require(makeSocketPair())
        defer {
            close(newLeft)
            close(newRight)
        }
        #expect(throws: SocketError.self) { try left.writeUTF8("leak") }
        #expect(throws: SocketError.self) { try left.writeUInt8([1, 2, 3]) }
        // Whichever descriptor now has the number, nothing was written through it.
        #expect([newLeft, newRight].contains(number), "the closed number was given to the new pair (else this proves less)")
        for fd in [newLeft, newRight] {
            var byte: UInt8 = 0
            #expect(recv(fd, &byte, 1, Int32(MSG_DONTWAIT)) == -1, "descriptor \(fd) received a byte")
        }
        withExtendedLifetime(right) {}
    }
}
