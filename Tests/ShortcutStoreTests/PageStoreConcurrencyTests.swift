import Dispatch
import Foundation
import ShortcutStore
import Testing

@Suite struct PageStoreConcurrencyTests {
    @Test func manyThreadsCreatingReadingAndRemovingAgree() throws {
        let folder = try TemporaryFolder()
        let store = try PageStore(directory: folder.url, cacheBudgetBytes: 16 << 10)
        let threads = 8
        let perThread = 40
        let failures = Counter()
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<perThread {
                let id = "t\(thread)-\(index)"
                do {
                    try store.create(StoredPage.make(id: id, body: id))
                    if store.get(id)?.body != Array(id.utf8) { failures.add("get \(id) after create") }
                    store.recordAccess(id)
                    if index % 2 == 1 {
                        if try !store.remove(id) { failures.add("remove \(id) said absent") }
                        if store.get(id) != nil { failures.add("get \(id) after remove") }
                    }
                    // Read a neighbour's pages too, to race with its writes.
                    _ = store.get("t\((thread + 1) % threads)-\(index)")
                } catch {
                    failures.add("\(id): \(error)")
                }
            }
        }
        #expect(failures.values.isEmpty)
        let expected = Set(
            (0..<threads).flatMap { thread in
                stride(from: 0, to: perThread, by: 2).map { "t\(thread)-\($0)" }
            })
        #expect(Set(store.list().map(\.id)) == expected)
        #expect(store.count == expected.count)
        #expect(Set(try folder.names(in: "pages")) == Set(expected.map { $0 + ".page" }))
        store.flush()
        for id in expected { #expect(store.stats(id)?.totalAccess == 1) }
        let reopened = try PageStore(directory: folder.url)
        #expect(Set(reopened.list().map(\.id)) == expected)
    }

    @Test func exactlyOneOfManyRacingCreatesWins() throws {
        let folder = try TemporaryFolder()
        let first = try PageStore(directory: folder.url)
        let second = try PageStore(directory: folder.url)
        let outcomes = Counter()
        DispatchQueue.concurrentPerform(iterations: 16) { attempt in
            let store = attempt % 2 == 0 ? first : second
            do {
                try store.create(StoredPage.make(id: "contested", body: "\(attempt)"))
                outcomes.add("won")
            } catch PageStoreError.alreadyExists("contested") {
                outcomes.add("exists")
            } catch {
                outcomes.add("\(error)")
            }
        }
        #expect(outcomes.values.filter { $0 == "won" }.count == 1)
        #expect(outcomes.values.filter { $0 == "exists" }.count == 15)
        #expect(first.get("contested") == second.get("contested"))
    }

    @Test func readersNeverSeeATornPageWhileItIsReplaced() throws {
        let folder = try TemporaryFolder()
        let writer = try PageStore(directory: folder.url)
        let reader = try PageStore(directory: folder.url, cacheBudgetBytes: 0)
        let bodies = (0..<20).map { String(repeating: Character(UnicodeScalar(65 + $0)!), count: 10_000) }
        try writer.create(StoredPage.make(id: "flip", body: bodies[0]))
        let failures = Counter()
        DispatchQueue.concurrentPerform(iterations: 2) { role in
            if role == 0 {
                for body in bodies.dropFirst() {
                    do { try writer.put(StoredPage.make(id: "flip", body: body)) } catch { failures.add("\(error)") }
                }
            } else {
                for _ in 0..<300 {
                    guard let page = reader.get("flip") else {
                        failures.add("missing")
                        continue
                    }
                    if !bodies.contains(where: { Array($0.utf8) == page.body }) { failures.add("torn") }
                }
            }
        }
        #expect(failures.values.isEmpty)
        #expect(reader.problems.isEmpty)
    }
}

/// A thread-safe list of strings for results gathered on many threads.
final class Counter: @unchecked Sendable {
    // Guarded by `lock`.
    private var stored: [String] = []
    private let lock = NSLock()

    func add(_ value: String) { lock.withLock { stored.append(value) } }
    var values: [String] { lock.withLock { stored } }
}
