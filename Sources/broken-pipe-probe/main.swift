import ShortcutPlatform
import SwifterCompat
import TestSupport

// broken-pipe-probe: used only by SwifterCompatTests' BrokenPipeTests, not a product. It writes to a peer
// that has gone, through one kind of socket, with SIGPIPE at its default action (which ends the process),
// and exits 0 when each write answered an error instead. A child of its own, because a signal's default
// action ends the whole process: the test reads the exit status.
//
//     broken-pipe-probe swifter-compat|set-no-sig-pipe|accepted
//
// Exit 0: survived, every write failed as it should; 1: a write did not fail; 2: setup failed; 64: usage;
// killed by SIGPIPE: the defect.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

signal(SIGPIPE, SIG_DFL)

/// Two connected AF_UNIX stream sockets, or exit 2.
func socketPair() -> (Int32, Int32) {
    guard let pair = makeSocketPair() else { exit(2) }
    return pair
}

let chunk = [UInt8](repeating: 1, count: 1 << 16)

switch CommandLine.arguments.dropFirst().first {
case "swifter-compat":
    // A socket the app made and handed to SwifterCompat.
    let (mine, theirs) = socketPair()
    let socket = SwifterCompat.Socket(socketFileDescriptor: mine)
    close(theirs)
    var failures = 0
    for _ in 0..<3 {
        do { try socket.writeUInt8(chunk) } catch { failures += 1 }
    }
    exit(failures == 3 ? 0 : 1)
case "set-no-sig-pipe":
    // A socket the app made, marked with Swifter's `setNoSigPipe`, then written by the platform layer.
    let (mine, theirs) = socketPair()
    SwifterCompat.Socket.setNoSigPipe(mine)
    close(theirs)
    let results = (0..<3).map { _ in chunk.withUnsafeBytes { ShortcutPlatform.Socket(fd: mine).write($0) } }
    exit(results.allSatisfy { $0 == .closed } ? 0 : 1)
case "accepted":
    // A connection the core accepted, whose client closed with unread bytes (a reset, RFC 9293 §3.6.1).
    guard let address = SocketAddress(host: "127.0.0.1", port: 0),
        let listener = try? ShortcutPlatform.Socket.listen(on: address, backlog: 8),
        let port = try? listener.localAddress().port
    else { exit(2) }
    var client: RawClient? = try? RawClient(port: port)
    if client == nil { exit(2) }
    var accepted: ShortcutPlatform.Socket?
    while accepted == nil {
        do {
            accepted = try listener.accept()?.0  // the handshake is done: the connection is queued
        } catch {
            exit(2)
        }
    }
    guard let server = accepted, case .bytes = chunk.withUnsafeBytes({ server.write($0) }) else { exit(2) }
    client = nil
    var sawClosed = false
    for _ in 0..<64 where !sawClosed {
        if case .closed = chunk.withUnsafeBytes({ server.write($0) }) { sawClosed = true }
    }
    exit(sawClosed ? 0 : 1)
default:
    print("usage: broken-pipe-probe swifter-compat|set-no-sig-pipe|accepted")
    exit(64)
}
