import ShortcutPlatform
import Testing

/// The one error type of the platform layer, and the one EINTR loop.
@Suite struct SystemErrorTests {
    @Test func theDescriptionNamesTheCallTheSubjectAndTheSystemsText() {
        let error = SystemError("open", "/x/y", errno: Errno.noSuchFileOrDirectory)
        #expect(error.description == "open /x/y: \(Platform.errorText(Errno.noSuchFileOrDirectory))")
        #expect(Platform.errorText(Errno.noSuchFileOrDirectory) == "No such file or directory")
        #expect(SystemError("epoll_create1", errno: Errno.tooManyOpenFiles).description == "epoll_create1: Too many open files")
        #expect(SystemError("bind", "127.0.0.1:9081", errno: Errno.addressInUse).isAddressInUse)
    }

    @Test func aFailingCallIsReportedWithItsNameSubjectAndErrno() throws {
        let error = #expect(throws: SystemError.self) { try Platform.open("/nonexistent-\(Platform.processID)/f", .readOnly) }
        #expect(error?.call == "open")
        #expect(error?.subject == "/nonexistent-\(Platform.processID)/f")
        #expect(error?.errno == Errno.noSuchFileOrDirectory)
    }

    /// Calls made by a test body, in order.
    final class Calls: @unchecked Sendable {
        var count = 0
    }

    @Test func eintrIsRetriedUntilTheCallSucceeds() throws {
        let calls = Calls()
        let result = try Platform.retryingEINTR("read", "f") { () -> Int in
            calls.count += 1
            if calls.count < 3 {
                Platform.errno = Errno.interrupted
                return -1
            }
            return 42
        }
        #expect(result == 42)
        #expect(calls.count == 3, "failed twice with EINTR, then succeeded")
    }

    @Test func anyOtherErrnoIsThrownWithTheCallsNameAtOnce() {
        let calls = Calls()
        #expect(throws: SystemError("fsync", "f", errno: Errno.ioError)) {
            try Platform.retryingEINTR("fsync", "f") { () -> Int32 in
                calls.count += 1
                Platform.errno = Errno.ioError
                return -1
            }
        }
        #expect(calls.count == 1)
    }

    @Test func aSubjectIsOnlyMadeWhenTheCallFails() throws {
        let calls = Calls()
        func subject() -> String {
            calls.count += 1
            return "s"
        }
        _ = try Platform.retryingEINTR("close", subject()) { 0 }
        #expect(calls.count == 0)
    }
}
