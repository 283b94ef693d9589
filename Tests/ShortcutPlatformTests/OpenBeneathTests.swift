import Foundation
import ShortcutPlatform
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `Platform.openRegularFile(_:beneath:)`: what a folder a user was handed (a cloned repository's stubs) may
/// hold — links out of it, links in it, a FIFO, a socket's place, a folder — opened without leaving it and
/// without waiting.
@Suite struct OpenBeneathTests {
    /// `root/` with `a.txt`, `sub/b.txt`, and `outside.txt` beside `root`.
    final class Tree {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("beneath-\(UUID().uuidString)")
        var root: String { base.appendingPathComponent("root").path }

        init() throws {
            try FileManager.default.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
            try Data("a".utf8).write(to: URL(fileURLWithPath: root + "/a.txt"))
            try Data("b".utf8).write(to: URL(fileURLWithPath: root + "/sub/b.txt"))
            try Data("outside".utf8).write(to: base.appendingPathComponent("outside.txt"))
        }

        func link(_ name: String, _ target: String) throws {
            try FileManager.default.createSymbolicLink(atPath: root + "/" + name, withDestinationPath: target)
        }

        /// The file's bytes, or the refusal.
        func read(_ path: String) -> Result<String, BeneathOpenFailure> {
            do throws(BeneathOpenFailure) {
                let fd = try Platform.openRegularFile(path, beneath: root)
                defer { Platform.close(fd) }
                var buffer = [UInt8](repeating: 0, count: 64)
                let count = (try? Platform.read(fd, into: &buffer, upTo: 64)) ?? 0
                return .success(String(decoding: buffer[0..<count], as: UTF8.self))
            } catch {
                return .failure(error)
            }
        }

        deinit { try? FileManager.default.removeItem(at: base) }
    }

    @Test func filesAndLinksThatStayInsideOpen() throws {
        let tree = try Tree()
        try tree.link("to-a", "a.txt")
        try tree.link("to-sub", "sub")
        try tree.link("sub/up-to-a", "../a.txt")
        try tree.link("chain", "to-a")
        #expect(try tree.read("a.txt").get() == "a")
        #expect(try tree.read("sub/b.txt").get() == "b")
        #expect(try tree.read("./sub//b.txt").get() == "b")
        #expect(try tree.read("to-a").get() == "a")
        #expect(try tree.read("to-sub/b.txt").get() == "b")
        #expect(try tree.read("sub/up-to-a").get() == "a")
        #expect(try tree.read("sub/../a.txt").get() == "a")
        #expect(try tree.read("chain").get() == "a")
    }

    @Test func linksAndPathsThatLeadOutAreRefused() throws {
        let tree = try Tree()
        let outside = tree.base.appendingPathComponent("outside.txt").path
        try tree.link("absolute", outside)
        try tree.link("relative", "../outside.txt")
        try tree.link("sub/deep", "../../outside.txt")
        try tree.link("folder", tree.base.path)
        try tree.link("loop", "loop")
        for path in ["absolute", "relative", "sub/deep", "folder/outside.txt", "../outside.txt", "sub/../../outside.txt"] {
            guard case .failure(let failure) = tree.read(path), case .leavesFolder = failure else {
                Issue.record("\(path) was not refused as leading out: \(tree.read(path))")
                continue
            }
        }
        #expect(tree.read("loop") == .failure(.tooManyLinks))
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let tree = try Tree()
        #expect(mkfifo(tree.root + "/pipe", 0o644) == 0)
        // A blocking open would wait here for a writer, forever: the test would hang, not fail.
        #expect(tree.read("pipe") == .failure(.notRegularFile(.fifo)))
        #expect(tree.read("sub") == .failure(.notRegularFile(.directory)))
        guard case .failure(.system(let error)) = tree.read("missing.txt") else {
            Issue.record("a missing file is the system's refusal")
            return
        }
        #expect(error.errno == ENOENT)
    }
}
