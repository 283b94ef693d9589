/// The process that holds a listening TCP port, when the system says: what a port in use is told with
/// (`the port is in use (by nginx, pid 1234)`). Linux says it in `/proc`: the socket's inode in
/// `/proc/net/tcp` and `tcp6` (a line in the LISTEN state for the port), then the process one of whose
/// descriptors `/proc/PID/fd/N` links to `socket:[inode]`, named by `/proc/PID/comm`. Darwin says it only to
/// `lsof`'s privileges: nothing there.
package struct PortHolder: Sendable, Equatable {
    /// The process id.
    package let pid: Int32
    /// Its command name (`comm`: at most 15 bytes).
    package let command: String

    package init(pid: Int32, command: String) {
        self.pid = pid
        self.command = command
    }

    /// The process (the lowest pid of those sharing the socket) listening on TCP `port` on any address; nil
    /// when the system does not say: Darwin, a process of another user (its descriptors cannot be read), a
    /// `/proc` that cannot be read.
    package static func listening(on port: UInt16) -> PortHolder? {
        #if os(Linux)
            let inodes = Set(["/proc/net/tcp", "/proc/net/tcp6"].flatMap { listeningInodes(in: readSmallFile($0), port: port) })
            guard !inodes.isEmpty, let pid = process(holdingAnyOf: inodes) else { return nil }
            let command = readSmallFile("/proc/\(pid)/comm").split(separator: "\n").first.map(String.init) ?? ""
            return PortHolder(pid: pid, command: command.isEmpty ? "?" : command)
        #else
            return nil
        #endif
    }

    /// The inodes of the sockets that `table` (`/proc/net/tcp` or `tcp6`) lists in the LISTEN state (`0A`)
    /// on local port `port`: `sl local_address rem_address st … uid timeout inode …`, addresses as
    /// `HEXADDR:HEXPORT`.
    package static func listeningInodes(in table: String, port: UInt16) -> [UInt64] {
        table.split(separator: "\n").dropFirst().compactMap { line -> UInt64? in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count > 9, fields[3] == "0A", let colon = fields[1].lastIndex(of: ":"),
                UInt16(fields[1][fields[1].index(after: colon)...], radix: 16) == port, let inode = UInt64(fields[9]), inode != 0
            else { return nil }
            return inode
        }
    }

    /// The lowest pid one of whose descriptors is a socket of `inodes`; nil when none that may be read is.
    private static func process(holdingAnyOf inodes: Set<UInt64>) -> Int32? {
        let links = Set(inodes.map { "socket:[\($0)]" })
        var pids: [Int32] = []
        do {
            try Platform.scanDirectory("/proc") { name, _ in
                if let pid = Int32(String(decoding: name, as: UTF8.self)) { pids.append(pid) }
            }
        } catch {
            return nil  // no /proc: the system does not say
        }
        for pid in pids.sorted() {
            var descriptors: [String] = []
            do {
                try Platform.scanDirectory("/proc/\(pid)/fd") { name, _ in descriptors.append(String(decoding: name, as: UTF8.self)) }
            } catch {
                continue  // another user's process, or one that has ended
            }
            if descriptors.contains(where: { links.contains(readLink("/proc/\(pid)/fd/\($0)") ?? "") }) { return pid }
        }
        return nil
    }

    /// The target of the symbolic link `path`, or nil.
    private static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBufferPointer { Syscall.readLink(path, $0.baseAddress!, $0.count) }
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The text of a `/proc` file (whose size `stat` does not give: read to its end), at most 16 MiB; "" when
    /// it cannot be read.
    private static func readSmallFile(_ path: String) -> String {
        let fd: Int32
        do {
            fd = try Platform.open(path, [.readOnly])
        } catch {
            return ""
        }
        defer { Platform.close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while bytes.count < 16 << 20 {
            let count: Int
            do {
                count = try Platform.read(fd, into: &chunk, upTo: chunk.count, subject: path)
            } catch {
                return ""
            }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
