import Foundation
import ShortcutStore
import TestSupport
import Testing

@testable import ShortcutCLI

/// Issue 24, item 5: a running server adds itself to its store's `servers.json`, so the command line prints
/// the addresses it really serves; an entry whose process is gone is skipped, and dropped by the next writer.
@Suite struct RunningServerTests {
    @Test func theCommandLinePrintsTheRunningServersAddressNotTheDefaultPort() throws {
        let store = ServeBinary.temporaryStore()
        let server = try ServeBinary.Server(["--store", store, "--quiet"])
        let registry = URL(fileURLWithPath: store)
        #expect(RunningServers.live(in: registry).map(\.pid) == [server.process.processIdentifier])
        let added = try ServeBinary.run(["add", "--title", "Scan", "--open", "myapp://scan", "--id", "scan", "--store", store])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("shortcut: http://127.0.0.1:\(server.port)/s/scan"), "\(added.stdout)")
        #expect(added.stdout.contains("listens on loopback only"), "a loopback server gives a phone no address: \(added.stdout)")
        let chosen = try ServeBinary.run([
            "add", "--title", "Two", "--open", "myapp://two", "--id", "two", "--store", store,
            "--base-url", "http://mac.example:8080",
        ])
        #expect(chosen.stdout.contains("shortcut: http://mac.example:8080/s/two"), "--base-url still decides")
        let open = try ServeBinary.run(["open", "scan", "--store", store])
        #expect(open.stdout.contains("http://127.0.0.1:\(server.port)/s/scan"), "\(open.stdout)")
        #expect(server.stop() == 0)
        #expect(RunningServers.live(in: registry).isEmpty, "removed at stop")
        #expect(FileManager.default.fileExists(atPath: store + "/servers.json"), "emptied, not removed: no new name per start")
        let after = try ServeBinary.run(["open", "scan", "--store", store])
        #expect(after.stdout.contains("http://127.0.0.1:9081/s/scan"), "no server: the default again")
    }

    @Test func aPublicServerGivesItsPublicURLToEveryCommand() throws {
        let store = ServeBinary.temporaryStore()
        let server = try ServeBinary.Server(["--store", store, "--quiet", "--public-url", "https://mac.tail1234.ts.net"])
        defer { _ = server.stop() }
        let added = try ServeBinary.run(["add", "--title", "Scan", "--open", "myapp://scan", "--id", "scan", "--store", store, "--qr"])
        #expect(added.stdout.contains("shortcut: https://mac.tail1234.ts.net/s/scan"), "\(added.stdout)")
        #expect(try DeviceCLITests.decodedQR(in: added.stdout) == "https://mac.tail1234.ts.net/s/scan")
        let qr = try ServeBinary.run(["qr", "scan", "--store", store])
        #expect(qr.stdout.hasPrefix("https://mac.tail1234.ts.net/s/scan\n"), "\(qr.stdout)")
        let profile = try ServeBinary.run(["profile", "scan", "--store", store, "--target", "page"])
        #expect(
            try Plist.read(Array(profile.stdout.utf8))["PayloadContent"]?.items.first?["URL"]
                == .string("https://mac.tail1234.ts.net/p/scan"))
    }

    /// Issue 42, one voice: `qr ID` (no --base-url, no --port) takes the running server's addresses as `add` and
    /// `/qr/` do, and on a loopback-only server says so and draws no code. Before, it drew a code of this machine's
    /// network address at port 9081, where no server listened.
    @Test func qrOfAShortcutOnALoopbackOnlyServerSaysSoAndDrawsNoCode() throws {
        let store = ServeBinary.temporaryStore()
        let server = try ServeBinary.Server(["--store", store, "--quiet"])
        defer { _ = server.stop() }
        #expect(try ServeBinary.run(["add", "--title", "Scan", "--open", "myapp://scan", "--id", "scan", "--store", store]).status == 0)
        let qr = try ServeBinary.run(["qr", "scan", "--store", store])
        #expect(qr.status == 1)
        #expect(qr.stdout.isEmpty, "no code: \(qr.stdout)")
        #expect(
            qr.stderr
                == "error: the server at http://127.0.0.1:\(server.port) listens on loopback only, which a phone cannot open "
                + "(start it with --host 0.0.0.0, or --public-url https://NAME behind a tunnel); --base-url URL draws a code of another address\n"
        )
        let given = try ServeBinary.run(["qr", "scan", "--store", store, "--base-url", "http://192.0.2.7:9081"])
        #expect(given.status == 0 && given.stdout.hasPrefix("http://192.0.2.7:9081/s/scan\n"), "--base-url still decides")
    }

    /// `qr ID` on a store whose registry is damaged guesses no address, as `add` does.
    @Test func qrWithADamagedRegistryGuessesNoAddress() throws {
        let store = ServeBinary.temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: store) }
        #expect(try ServeBinary.run(["add", "--title", "Scan", "--open", "myapp://scan", "--id", "scan", "--store", store]).status == 0)
        try Data("[{\"pid\": oops".utf8).write(to: URL(fileURLWithPath: store + "/servers.json"))
        let qr = try ServeBinary.run(["qr", "scan", "--store", store])
        #expect(qr.status == 1)
        #expect(qr.stdout.isEmpty, "no code: \(qr.stdout)")
        #expect(qr.stderr.hasPrefix("error: no address for a phone: \(store)/servers.json: not a list of running servers"), "\(qr.stderr)")
        #expect(qr.stderr.hasSuffix(" (--base-url names the address a phone opens)\n"), "\(qr.stderr)")
    }

    @Test func twoServersOnOneStoreAreBothNamed() throws {
        let store = ServeBinary.temporaryStore()
        let first = try ServeBinary.Server(["--store", store, "--quiet"])
        let second = try ServeBinary.Server(["--store", store, "--quiet"])
        defer {
            _ = first.stop()
            _ = second.stop()
        }
        let added = try ServeBinary.run(["add", "--title", "Scan", "--open", "myapp://scan", "--id", "scan", "--store", store])
        #expect(
            added.stderr.contains("2 servers use this store: ") && added.stderr.contains(":\(first.port) (pid")
                && added.stderr.contains(":\(second.port) (pid") && added.stderr.contains("--base-url chooses"), "\(added.stderr)")
    }

    @Test func anEntryOfAGoneProcessIsSkippedAndDroppedByTheNextWriter() throws {
        let store = URL(fileURLWithPath: ServeBinary.temporaryStore())
        try FileManager.default.createDirectory(at: store.appendingPathComponent("locks"), withIntermediateDirectories: true)
        // A child that has exited and been reaped: its pid names no process now.
        let gone = TestProcess()
        gone.executableURL = URL(fileURLWithPath: "/bin/sh")
        gone.arguments = ["-c", "exit 0"]
        try gone.run()
        gone.waitUntilExit()
        let stale = RunningServer(pid: gone.processIdentifier, url: "http://127.0.0.1:1", publicURL: nil, networkRoots: [])
        try RunningServers.announce(stale, in: store)
        #expect(RunningServers.live(in: store).isEmpty, "skipped by a reader")
        let mine = RunningServer(
            pid: getpid(), url: "http://127.0.0.1:2", publicURL: "https://a.example", networkRoots: ["http://10.0.0.2:2"])
        try RunningServers.announce(mine, in: store)
        #expect(RunningServers.live(in: store) == [mine])
        let text = try String(contentsOf: store.appendingPathComponent("servers.json"), encoding: .utf8)
        #expect(!text.contains("\(gone.processIdentifier)"), "dropped by the next writer: \(text)")
        #expect(text.contains("\"public_url\""))
        try Data("not json".utf8).write(to: store.appendingPathComponent("servers.json"))
        #expect(RunningServers.live(in: store).isEmpty, "a damaged file is no server")
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.path).sorted() == ["locks", "servers.json"], "no other name")
        // A writer killed between naming the new file and renaming it leaves a temp name: the next open sweeps it.
        try Data("[]".utf8).write(to: store.appendingPathComponent(".tmp-1-0123456789abcdef"))
        _ = try PageStore(directory: store)
        #expect(!FileManager.default.fileExists(atPath: store.appendingPathComponent(".tmp-1-0123456789abcdef").path))
        #expect(mine.phoneRoot == "https://a.example" && mine.baseURL == "https://a.example")
        #expect(RunningServer.localURL(of: try #require(.init(host: "0.0.0.0", port: 9081))) == "http://127.0.0.1:9081")
        #expect(RunningServer.localURL(of: try #require(.init(host: "::", port: 9081))) == "http://[::1]:9081")
    }
}
