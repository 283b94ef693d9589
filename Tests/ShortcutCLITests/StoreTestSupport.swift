import Foundation
import ShortcutStore
import TestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the store tests through the real binary share: runs that cannot hang the suite, stores with
/// damaged files, and read-only stores.
enum StoreFixture {
    /// Runs the binary to completion, killing it if it hangs; `hung` says whether it had to be killed.
    /// `input`: a file for its standard input.
    static func run(_ arguments: [String], input: URL? = nil) throws -> (run: ServeBinary.Run, hung: Bool) {
        try ServeBinary.runWatched(arguments, input: input)
    }

    /// Sends SIGTERM and waits for the exit, killing the server if it does not stop; returns its exit
    /// status, whether it had to be killed, and its standard error.
    static func stop(_ server: ServeBinary.Server) -> (status: Int32, hung: Bool, stderr: String) {
        kill(server.process.processIdentifier, SIGTERM)
        let watchdog = HangWatchdog(server.process)
        server.process.waitUntilExit()
        let hung = watchdog.disarm()
        let log = String(decoding: server.stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (server.process.terminationStatus, hung, log)
    }

    /// Reads `server`'s standard error until it holds `text` (or ends); returns what was read. The server
    /// reports damaged files in the background after it starts: this waits for that line itself.
    static func standardError(of server: ServeBinary.Server, until text: String) -> String {
        let watchdog = HangWatchdog(server.process)
        defer { _ = watchdog.disarm() }
        var log = ""
        while !log.contains(text) {
            let chunk = server.stderr.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            log += String(decoding: chunk, as: UTF8.self)
        }
        return log
    }

    /// Kills `server` if a failed test left it running (for `defer`).
    static func ensureStopped(_ server: ServeBinary.Server) {
        if server.process.isRunning {
            kill(server.process.processIdentifier, SIGKILL)
            server.process.waitUntilExit()
        }
    }

    /// A new store folder (not created yet) under the temp folder.
    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("ss-store-\(UUID().uuidString)")
    }

    /// A store holding two good mocks, `good1` and `good2`, and a shortcut `short`.
    static func storeWithGoodRecords() throws -> URL {
        let url = folder()
        let store = try PageStore(directory: url)
        for (index, id) in ["good1", "good2"].enumerated() {
            try store.create(
                StoredPage(
                    id: id, name: id, body: Array("<p>\(id)</p>".utf8),
                    createdAt: Date(timeIntervalSinceReferenceDate: Double(index)),
                    metadata: ["kind": "mock"]))
        }
        try store.create(
            StoredPage(
                id: "short", body: Array("<p>shortcut</p>".utf8),
                createdAt: Date(timeIntervalSinceReferenceDate: 5),
                metadata: ["kind": "shortcut", "title": "Short", "url": "app://s"]))
        return url
    }

    /// Writes `bytes` as the store's file `name` (e.g. `pages/x.page`).
    static func write(_ bytes: [UInt8], _ name: String, in store: URL) throws {
        try Data(bytes).write(to: store.appendingPathComponent(name))
    }

    /// Makes a FIFO named `name` in the store.
    static func makeFIFO(_ name: String, in store: URL) throws {
        let path = store.appendingPathComponent(name).path
        guard mkfifo(path, 0o644) == 0 else { throw RawClient.Failure(description: "mkfifo \(path): errno \(errno)") }
    }

    /// Makes `name` in the store a sparse file of `size` bytes.
    static func makeSparse(_ name: String, size: Int64, in store: URL) throws {
        let path = store.appendingPathComponent(name).path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw RawClient.Failure(description: "open \(path): errno \(errno)") }
        defer { close(fd) }
        guard ftruncate(fd, off_t(size)) == 0 else { throw RawClient.Failure(description: "ftruncate \(path): errno \(errno)") }
    }

    /// A record file cut short: its header is whole, its body is not.
    static func truncatedRecord(_ store: URL, id: String) throws {
        let scratch = folder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        try PageStore(directory: scratch).create(StoredPage(id: id, body: Array(repeating: 0x74, count: 500), metadata: ["kind": "mock"]))
        let full = try Data(contentsOf: scratch.appendingPathComponent("pages/\(id).page"))
        try full.dropLast(100).write(to: store.appendingPathComponent("pages/\(id).page"))
    }
}
