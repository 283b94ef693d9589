import Foundation
import ShortcutPlatform
import Testing

/// Who holds a listening port (issue 42: a port in use names its holder): the `/proc/net/tcp` table read
/// without a socket, and the live answer for a socket of this process.
@Suite struct PortHolderTests {
    static let table = """
          sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
           0: 0100007F:2379 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 41234 1 0000000000000000 100 0 0 10 0
           1: 0100007F:2379 0100007F:C350 01 00000000:00000000 00:00000000 00000000  1000        0 41299 1 0000000000000000 20 4 30 10 -1
           2: 00000000:0050 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1594 1 0000000000000000 100 0 0 10 0
           3: 0100007F:2379 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 0 1 0000000000000000 100 0 0 10 0
        """

    @Test(arguments: [(9081, [41234]), (80, [1594]), (443, [])] as [(UInt16, [UInt64])])
    func listeningSocketsOfAPortAreFoundInTheTable(port: UInt16, inodes: [UInt64]) {
        // 0x2379 is 9081; an established connection (01) or an inode 0 (a socket in TIME_WAIT) is no holder.
        #expect(PortHolder.listeningInodes(in: Self.table, port: port) == inodes)
        #expect(PortHolder.listeningInodes(in: "", port: port).isEmpty)
    }

    @Test func aSocketOfThisProcessIsFoundWithItsPidAndName() throws {
        guard let any = SocketAddress(host: "127.0.0.1", port: 0) else { throw SystemError("address", errno: 22) }
        let listener = try Socket.listen(on: any, backlog: 1)
        defer { listener.close() }
        let port = try listener.localAddress().port
        #if os(Linux)
            let comm = try String(contentsOfFile: "/proc/self/comm", encoding: .utf8).trimmingCharacters(in: .newlines)
            #expect(PortHolder.listening(on: port) == PortHolder(pid: getpid(), command: comm))
        #else
            #expect(PortHolder.listening(on: port) == nil, "Darwin does not say")
        #endif
    }
}
