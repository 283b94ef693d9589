import ShortcutPlatform
import Testing

/// `Platform.synchronize`: `F_FULLFSYNC` where the system has it (Darwin), `fsync` when it fails or is absent.
@Suite struct SynchronizeTests {
    /// Calls made by `Platform.synchronize`, in order.
    final class Calls: @unchecked Sendable {
        var names: [String] = []
    }

    @Test func aFullSyncIsPreferredAndAPlainOneTakesOverWhenItFails() throws {
        let calls = Calls()
        try Platform.synchronize(
            7, subject: "f",
            full: { _ in
                calls.names.append("full")
                return 0
            },
            plain: { _ in
                calls.names.append("plain")
                return 0
            })
        #expect(calls.names == ["full"])

        calls.names = []
        try Platform.synchronize(
            7, subject: "f",
            full: { _ in
                calls.names.append("full")
                Platform.errno = Errno.notSupported
                return -1
            },
            plain: { _ in
                calls.names.append("plain")
                return 0
            })
        #expect(calls.names == ["full", "plain"], "F_FULLFSYNC unsupported on the volume: fsync")

        calls.names = []
        var interrupted = true
        try Platform.synchronize(
            7, subject: "f",
            full: { _ in
                calls.names.append("full")
                if interrupted {
                    interrupted = false
                    Platform.errno = Errno.interrupted
                    return -1
                }
                return 0
            },
            plain: { _ in
                calls.names.append("plain")
                return 0
            })
        #expect(calls.names == ["full", "full"], "EINTR is retried, not taken for 'unsupported'")

        #expect(throws: SystemError("fsync", "f", errno: Errno.ioError)) {
            try Platform.synchronize(
                7, subject: "f",
                full: { _ in
                    Platform.errno = Errno.notSupported
                    return -1
                },
                plain: { _ in
                    Platform.errno = Errno.ioError
                    return -1
                })
        }
        calls.names = []
        try Platform.synchronize(
            7, subject: "f", full: nil,
            plain: { _ in
                calls.names.append("plain")
                return 0
            })
        #expect(calls.names == ["plain"], "Linux: fsync alone")
    }

    @Test func aRealFileIsSynchronised() throws {
        let path = "/tmp/shortcut-platform-sync-\(Platform.processID)"
        let fd = try Platform.open(path, [.writeOnly, .create, .exclusive])
        defer {
            Platform.close(fd)
            _ = try? Platform.unlink(path)
        }
        try Platform.writeAll(fd, Array("durable".utf8), subject: path)
        try Platform.synchronize(fd, subject: path)
        #expect(try Platform.status(of: fd).size == 7)
        #expect(try Platform.status(of: fd).kind == .regular)
    }
}
