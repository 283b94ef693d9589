import Foundation

/// Binding a port again just after a server of this process let it go, in a test process that also spawns
/// processes (the CLI tests run the binary). The server closes its listener before its stop returns, but a
/// process spawned at that moment holds a copy of every descriptor of this one between its fork and its exec
/// (close-on-exec acts at the exec), and the port stays taken until then. Measured: with two threads spawning
/// `/bin/true`, 48% of re-binds of a just-closed port failed with EADDRINUSE, none without them (a Python probe;
/// in a full `swift test` with two cores loaded, one run in ten failed `StartStopTests` at its 26th cycle).
///
/// So a refused bind is tried again only while no descriptor of this process listens on the port: that is
/// the claim a test makes, and it is checked first (Linux: `/proc/net/tcp*` and `/proc/self/fd`). Elsewhere the
/// owner cannot be told, and the first refusal is final.
public enum PortRebind {
    /// Runs `start` until it does not throw an address-in-use error (`isAddressInUse`), for at most
    /// `seconds`, while `PortRebind.thisProcessListens(on:)` is false; any other error, or one while this
    /// process holds the port, is thrown at once.
    public static func start<Started>(
        on port: UInt16, seconds: Double = 5, isAddressInUse: (Error) -> Bool, _ start: () throws -> Started
    ) throws -> Started {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            do {
                return try start()
            } catch  where isAddressInUse(error) && thisProcessListens(on: port) == false && Date() < deadline {
                // A pause, not synchronisation: nothing tells this process when another one reaches its exec.
                usleep(1_000)
            }
        }
    }

    /// Whether this process has closed its listener on `port`. Linux: no descriptor of it listens there (a
    /// connection could still reach the copy a process spawned beside the test holds for a moment); elsewhere,
    /// a connection to 127.0.0.1 is refused.
    public static func thisProcessHasClosed(port: UInt16) -> Bool {
        if let listens = thisProcessListens(on: port) { return !listens }
        return (try? RawClient(port: port)) == nil
    }

    /// Whether a descriptor of this process is a TCP socket listening on `port` (any address); nil where that
    /// cannot be read (not Linux).
    public static func thisProcessListens(on port: UInt16) -> Bool? {
        #if os(Linux)
            let listening = listeningSocketInodes(port: port)
            guard let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return nil }
            return descriptors.contains { name in
                guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + name),
                    target.hasPrefix("socket:["), target.hasSuffix("]")
                else { return false }
                return listening.contains(String(target.dropFirst("socket:[".count).dropLast()))
            }
        #else
            return nil
        #endif
    }

    /// The inodes of the sockets listening on `port`, from `/proc/net/tcp` and `tcp6`: lines of
    /// `sl local_address rem_address st … inode`, the address as hex `ADDRESS:PORT`, LISTEN as state `0A`.
    static func listeningSocketInodes(port: UInt16) -> Set<String> {
        let portHex = ":" + String(format: "%04X", port)
        var inodes: Set<String> = []
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            guard let text = try? String(contentsOfFile: table, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                guard fields.count > 9, fields[1].hasSuffix(portHex), fields[3] == "0A" else { continue }
                inodes.insert(String(fields[9]))
            }
        }
        return inodes
    }
}
