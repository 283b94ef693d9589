import Dispatch
import ShortcutPlatform
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `Platform.writeAll`, the one loop that writes everything (the store's records, the access log, the CLI's
/// output), through real pipes.
@Suite struct WriteAllTests {
    /// A pipe; its ends are closed by the test.
    static func makePipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw SystemError("pipe", errno: Platform.errno) }
        return (ends[0], ends[1])
    }

    @Test func everythingArrivesInOrderThroughAPipeWhoseReaderDrainsSlowly() throws {
        let (readEnd, writeEnd) = try Self.makePipe()
        defer { Platform.close(readEnd) }
        // 1 MiB, sixteen times what a pipe holds: the writer blocks until the reader, taking 100 bytes a
        // read, has made room, again and again.
        let bytes = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 11) }
        let done = DispatchSemaphore(value: 0)
        let received = Received()
        DispatchQueue.global().async {
            var chunk = [UInt8](repeating: 0, count: 100)
            while true {
                let count = (try? Platform.read(readEnd, into: &chunk, upTo: 100)) ?? 0
                if count == 0 { break }
                received.bytes += chunk[0..<count]
                received.reads += 1
            }
            done.signal()
        }
        try Platform.writeAll(writeEnd, bytes, subject: "the pipe")
        Platform.close(writeEnd)
        done.wait()
        #expect(received.bytes == bytes)
        #expect(received.reads >= bytes.count / 100)
    }

    @Test func shortWritesAndEINTRAreContinuedUntilAllIsWritten() throws {
        let (readEnd, writeEnd) = try Self.makePipe()
        defer { Platform.close(readEnd) }
        let bytes = Array("a write the kernel takes 7 bytes at a time, interrupted now and then".utf8)
        var calls = 0
        try bytes.withUnsafeBytes { raw in
            try Platform.writeAll(writeEnd, raw, subject: "the pipe") { fd, start, count in
                calls += 1
                if calls % 3 == 0 {
                    Platform.errno = Errno.interrupted
                    return -1
                }
                return write(fd, start, min(count, 7))
            }
        }
        Platform.close(writeEnd)
        var all: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 256)
        while case let count = try Platform.read(readEnd, into: &chunk, upTo: 256), count > 0 { all += chunk[0..<count] }
        #expect(all == bytes)
        #expect(calls > bytes.count / 7, "every write was short")
    }

    @Test func aReaderThatHasGoneIsReportedAsEPIPE() throws {
        Platform.ignore(signal: Platform.brokenPipeSignal)  // as the server does: the write fails, nothing dies
        let (readEnd, writeEnd) = try Self.makePipe()
        defer { Platform.close(writeEnd) }
        Platform.close(readEnd)
        #expect(throws: SystemError("write", "the log", errno: Errno.brokenPipe)) {
            try Platform.writeAll(writeEnd, [1, 2, 3], subject: "the log")
        }
    }

    @Test func aWriteThatTakesNothingIsAnError() throws {
        var calls = 0
        #expect(throws: SystemError("write", "f", errno: Errno.ioError)) {
            try [UInt8](repeating: 0, count: 10).withUnsafeBytes { raw in
                try Platform.writeAll(-1, raw, subject: "f") { _, _, _ in
                    calls += 1
                    return 0
                }
            }
        }
        #expect(calls == 1, "no spinning on a descriptor that takes nothing")
    }
}

/// What the reading thread got; read by the test only after `done` is signalled.
private final class Received: @unchecked Sendable {
    var bytes: [UInt8] = []
    var reads = 0
}
