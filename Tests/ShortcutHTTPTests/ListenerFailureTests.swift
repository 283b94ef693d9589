import Foundation
import ShortcutPlatform
import TestSupport
import Testing

@testable import ShortcutHTTP

/// A listening socket that stops working under a running server (iOS may reclaim a suspended app's
/// sockets, TN2277). On Linux, shutdown(2) on its descriptor makes it fail as an accept sees it: every
/// loop's poller reports it and accept answers EINVAL, as XNU's does for a socket that no longer accepts
/// (XNU answers ENOTCONN to shutdown on a listener, so those tests are Linux's). Anywhere, /dev/null put
/// in its place with dup2 is what `checkListener` must find.
@Suite struct ListenerFailureTests {
    /// Errors reported to `onListenerFailure`, and a signal for each.
    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var errors: [ListenerFailure] = []  // guarded by lock
        let arrived = DispatchSemaphore(value: 0)

        func record(_ error: ListenerFailure) {
            lock.withLock { errors.append(error) }
            arrived.signal()
        }

        var all: [ListenerFailure] { lock.withLock { errors } }
    }

    #if os(Linux)
        @Test func aFailedListenerIsReportedOnceAndNoLongerWatchedWhileConnectionsServeOn() throws {
            let server = HTTPServer(loopCount: 2)
            server.GET["/"] = { _ in .ok(.text("here")) }
            let reports = Reports()
            server.onListenerFailure = { reports.record($0) }
            let port = try server.start(0).port
            defer { server.stopAndWait() }
            #expect(server.isListening)
            #expect(server.checkListener())
            let client = try RawClient(port: port)
            try client.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(try client.readResponse().bodyText == "here")

            let fd = try #require(server.listenerDescriptor)
            #expect(shutdown(fd, Int32(SHUT_RDWR)) == 0)
            #expect(reports.arrived.wait(timeout: .now() + 10) == .success, "the failure is reported")
            #expect(!server.isListening)
            #expect(!server.checkListener())
            // Every loop has stopped watching it (the server told each on its queue, before the handler ran):
            // a listener that fails on every accept is not polled again and again.
            for loop in server.runningLoops {
                #expect(loop.queue.sync { !loop.listening && loop.listenerFailed })
            }
            #expect(reports.all.count == 1, "once, though each loop saw it and checkListener found it again")
            #expect(reports.all.first?.errno == EINVAL)

            try client.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(try client.readResponse().bodyText == "here", "connections already open are served on")
        }

        @Test func stopAndStartListenAgainAfterAFailure() throws {
            let server = HTTPServer(loopCount: 1)
            server.GET["/"] = { _ in .ok(.text("again")) }
            let reports = Reports()
            server.onListenerFailure = { reports.record($0) }
            try server.start(0)
            let fd = try #require(server.listenerDescriptor)
            #expect(shutdown(fd, Int32(SHUT_RDWR)) == 0)
            #expect(reports.arrived.wait(timeout: .now() + 10) == .success)
            server.stopAndWait()
            let port = try server.start(0).port
            defer { server.stopAndWait() }
            #expect(server.isListening)
            let client = try RawClient(port: port)
            try client.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(try client.readResponse().bodyText == "again")
            #expect(reports.all.count == 1)
        }
    #endif

    @Test func checkListenerFindsAListenerThatNoLongerWorks() throws {
        let server = HTTPServer(loopCount: 1)
        let reports = Reports()
        server.onListenerFailure = { reports.record($0) }
        #expect(!server.checkListener(), "not started")
        try server.start(0)
        defer { server.stopAndWait() }
        #expect(server.checkListener())
        // Closing the socket this way takes it out of the pollers unseen: only a check can find it.
        let fd = try #require(server.listenerDescriptor)
        let null = open("/dev/null", O_RDONLY)
        #expect(dup2(null, fd) == fd)
        close(null)
        #expect(!server.checkListener())
        #expect(reports.arrived.wait(timeout: .now() + 10) == .success)
        #expect(reports.all.map(\.errno) == [ENOTSOCK])
        #expect(!server.isListening)
        let loop = try #require(server.runningLoops.first)
        #expect(loop.queue.sync { !loop.listening && loop.listenerFailed })
    }
}

/// Issue 23: the check an app makes when it becomes active, over a probe that fails as a listener iOS
/// reclaimed does (EBADF from every call on it), which no socket here can be made to do.
@Suite struct ListenerProbeTests {
    @Test func aProbeThatFindsTheListenerReclaimedStopsItOnceAndReportsWhy() throws {
        let server = HTTPServer(loopCount: 2)
        server.GET["/"] = { _ in .ok(.text("here")) }
        let reports = ListenerFailureTests.Reports()
        server.onListenerFailure = { reports.record($0) }
        let reclaimed = AtomicFlag()
        server.listenerProbe = { socket throws(SystemError) in
            if reclaimed.isSet { throw SystemError("getsockopt", "SO_ACCEPTCONN", errno: EBADF) }
            try socket.checkAcceptingConnections()
        }
        let port = try server.start(0).port
        defer { server.stopAndWait() }
        #expect(server.checkListener(), "a working listener passes the real probe")
        let client = try RawClient(port: port)
        try client.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try client.readResponse().bodyText == "here")

        reclaimed.set()
        #expect(!server.checkListener())
        #expect(reports.arrived.wait(timeout: .now() + 10) == .success)
        #expect(reports.all.map(\.errno) == [EBADF])
        #expect(!server.isListening)
        for loop in server.runningLoops {
            #expect(loop.queue.sync { !loop.listening && loop.listenerFailed }, "no loop polls it again")
        }
        #expect(!server.checkListener(), "checked again: still failed, reported once")
        #expect(reports.all.count == 1)
        try client.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try client.readResponse().bodyText == "here", "open connections are served on")
    }
}

/// A flag set once from the test and read by the probe on any thread.
final class AtomicFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
