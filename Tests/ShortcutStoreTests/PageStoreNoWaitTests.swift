import Dispatch
import Foundation
import ShortcutPlatform
import Testing

@testable import ShortcutStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A read never waits behind someone else's write (issue 39): another process holding every lock file
/// (here: descriptors of this test's own, which `flock` treats as another holder), a writer of one record
/// waiting for them while it holds its stripe, a flush stalled on `stats/.lock`: a cold read of another
/// record, a stats read and a play of an expired record all answer meanwhile.
///
/// Each waits for its answer at most `patience` and fails with a message past it, instead of hanging: before
/// the change, each of these calls waited until the locks were let go, which here is never (4.27 s in the
/// issue's live measurement, where another process let go).
@Suite struct PageStoreNoWaitTests {
    static let patience: DispatchTimeInterval = .seconds(20)

    /// Holds an exclusive `flock` on each of `paths` through descriptors of its own, as another process does.
    final class HeldLocks {
        private var fds: [Int32] = []

        init(_ paths: [String]) throws {
            for path in paths {
                let fd = open(path, O_RDWR | O_CREAT, 0o644)
                guard fd >= 0, flock(fd, LOCK_EX) == 0 else { throw PageStoreError.io(path: path, errno: errno) }
                fds.append(fd)
            }
        }

        func release() {
            for fd in fds { close(fd) }
            fds = []
        }

        deinit { release() }
    }

    /// Every record lock file of the store in `folder`.
    static func recordLockFiles(_ folder: TemporaryFolder) -> [String] {
        (0..<RecordLocks.stripeCount).map { folder.path + "/locks/" + RecordLocks.fileName(stripe: $0) }
    }

    /// Runs `body` on another thread and returns its result, or nil when it has not answered within `patience`.
    static func answer<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T? {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox<T>()
        Thread.detachNewThread {
            box.value = body()
            done.signal()
        }
        guard done.wait(timeout: .now() + patience) == .success else { return nil }
        return box.value
    }

    final class ResultBox<T>: @unchecked Sendable {  // written before the semaphore's signal, read after its wait
        var value: T?
    }

    /// Waits (at most `patience`) until `lock` is held by someone else: the writer has taken its stripe.
    static func waitUntilHeld(_ lock: ShortcutPlatform.Lock) -> Bool {
        let deadline = DispatchTime.now() + patience
        while DispatchTime.now() < deadline {
            if lock.tryLock() {
                lock.unlock()
                sched_yield()
                continue
            }
            return true
        }
        return false
    }

    /// An id other than `id` that shares `id`'s in-process stripe (the lock a writer of `id` holds).
    static func stripeTwin(of id: String, in store: PageStore) -> String {
        var n = 0
        while store.idLock("b\(n)") !== store.idLock(id) { n += 1 }
        return "b\(n)"
    }

    @Test func aColdReadOfAnotherRecordAnswersWhileAWriteOfItsStripeWaitsForAnotherProcess() throws {
        let folder = try TemporaryFolder()
        let probe = try PageStore(directory: folder.url)
        let twin = Self.stripeTwin(of: "stallx", in: probe)
        try probe.create(StoredPage.make(id: "stallx"))
        try probe.create(StoredPage.make(id: twin, body: "twin"))
        // A new store has read nothing: the twin's read is a cold one, from disk.
        let store = try PageStore(directory: folder.url)
        let held = try HeldLocks(Self.recordLockFiles(folder))
        let writer = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = try? store.put(StoredPage.make(id: "stallx", body: "new"))
            writer.signal()
        }
        #expect(Self.waitUntilHeld(store.idLock("stallx")), "the writer never took its stripe")
        let read = Self.answer { store.get(twin)?.body }
        #expect(read == Array("twin".utf8), "a cold read of \(twin) waited for the write of stallx (same stripe)")
        #expect(writer.wait(timeout: .now()) == .timedOut, "the write went on though another process held its lock file")
        held.release()
        #expect(writer.wait(timeout: .now() + Self.patience) == .success)
        #expect(store.get("stallx")?.body == Array("new".utf8))
    }

    @Test func statsAndColdReadsAnswerWhileAFlushWaitsForAnotherProcessesStatsLock() throws {
        let folder = try TemporaryFolder()
        let probe = try PageStore(directory: folder.url)
        try probe.create(StoredPage.make(id: "played"))
        try probe.create(StoredPage.make(id: "cold", body: "cold"))
        let store = try PageStore(directory: folder.url)
        #expect(store.play("played").page != nil)
        let held = try HeldLocks([folder.path + "/stats/.lock"])
        // The timer's flush puts the plays off; an explicit flush (at close) waits for the lock file.
        store.maintenanceQueue.sync { store.maintenanceTick() }
        let flushed = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            store.flush()
            flushed.signal()
        }
        #expect(Self.waitUntilHeld(store.statsFlushLock), "the flush never started")
        #expect(Self.answer { store.stats("played")?.totalAccess } == 1, "stats waited for the stalled flush")
        #expect(Self.answer { store.get("cold")?.body } == Array("cold".utf8), "a cold read waited for the stalled flush")
        #expect(Self.answer { store.play("played").page?.id } == "played")
        held.release()
        #expect(flushed.wait(timeout: .now() + Self.patience) == .success)
        #expect(store.stats("played")?.totalAccess == 2)
        #expect(try String(contentsOfFile: folder.path + "/stats/played.stats", encoding: .utf8).contains(#""totalAccess":2"#))
    }

    @Test func aPlayOfAnExpiredRecordAnswersAtOnceAndItsRemovalWaitsForNoOne() throws {
        let folder = try TemporaryFolder()
        let probe = try PageStore(directory: folder.url)
        try probe.create(StoredPage.make(id: "old", expiresAt: Date(timeIntervalSinceNow: 3600)))
        let store = try PageStore(directory: folder.url)
        #expect(store.get("old") != nil)
        // Expired now, as seen by the cached page: rewrite it with an expiry in the past.
        try writeRecordFile(StoredPage.make(id: "old", expiresAt: Date(timeIntervalSinceNow: -1)), in: folder)
        let fresh = try PageStore(directory: folder.url)
        let held = try HeldLocks(Self.recordLockFiles(folder))
        #expect(Self.answer { fresh.play("old") } == .missing, "the play of an expired record waited for its removal")
        fresh.maintenanceQueue.sync {}  // the removal ran, found the lock file held, and left it
        #expect(try folder.names(in: "pages").contains("old.page"), "removed though another process held its lock file")
        held.release()
        #expect(fresh.play("old") == .missing)
        fresh.maintenanceQueue.sync {}
        #expect(try !folder.names(in: "pages").contains("old.page"))
    }
}
