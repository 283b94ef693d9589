#if os(Linux)
    import Glibc
    import Testing

    @testable import ShortcutPlatform

    /// A stopping event loop interrupts its poller from the loop's queue while the loop's thread, woken by
    /// something else just then, may already have closed it (`EventLoop.endThread` and `EventLoop.run`). By then
    /// the poller's descriptor numbers may be another socket's, in this process: nothing may reach them.
    @Suite struct EventPollerCloseTests {
        @Test func anInterruptOrACloseAfterCloseReachesNoOtherDescriptor() throws {
            // A pipe's write end is put on the closed eventfd's number (`F_DUPFD`: the lowest free number from
            // there); the pipe is made first, or it would take the freed numbers itself. Another test of this
            // process may take the number first: then all is made again.
            for _ in 0..<20 {
                var ends: [Int32] = [0, 0]
                try #require(pipe(&ends) == 0)
                defer {
                    close(ends[0])
                    close(ends[1])
                }
                let poller = try EventPoller()
                let number = poller.interruption
                poller.close()
                let reused = fcntl(ends[1], F_DUPFD, number)
                defer { if reused >= 0 { close(reused) } }
                guard reused == number else { continue }
                _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)

                poller.interrupt()
                var byte: UInt8 = 0
                let count = read(ends[0], &byte, 1)
                #expect(count == -1 && errno == EAGAIN, "the interruption was written into the pipe that took its number")
                poller.close()
                #expect(fcntl(reused, F_GETFD) >= 0, "a second close closed the pipe that took the number")
                return
            }
            Issue.record("the closed poller's number was taken by another descriptor 20 times in a row")
        }
    }
#endif
