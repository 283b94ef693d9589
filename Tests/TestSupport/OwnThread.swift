import Foundation

/// Runs `body` on a thread of its own and waits for it without holding a thread of Swift's concurrency pool.
/// For tests that block (raw-socket reads) while the server under test runs `async` handlers as tasks: the
/// pool has one thread per core, and tests that block in it can leave no thread for those tasks.
public func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result(catching: body)) }.start()
    }
}
