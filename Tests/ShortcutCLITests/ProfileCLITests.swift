import Foundation
import TestSupport
import Testing

@testable import ShortcutCLI

/// `shortcut-serve profile` through the real binary: the same bytes the server serves, written where asked.
@Suite struct ProfileCLITests {
    @Test func theProfileCommandWritesWhatTheServerServes() throws {
        let store = ServeBinary.temporaryStore()
        let added = try ServeBinary.run(["add", "--store", store, "--title", "Scan", "--open", "myapp://scan", "--id", "scan"])
        #expect(added.status == 0, "\(added.stderr)")
        let printed = try ServeBinary.run(["profile", "scan", "--store", store])
        #expect(printed.status == 0 && printed.stderr.isEmpty, "\(printed.stderr)")

        let server = try ServeBinary.Server(["--store", store, "--quiet"])
        defer { _ = server.stop() }
        let client = try RawClient(port: server.port)
        try client.send("GET /w/scan.mobileconfig HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let served = try client.readResponse()
        #expect(served.status == 200)
        #expect(printed.stdout == served.bodyText, "one profile, whether from the CLI or the server")

        let file = store + "/scan.mobileconfig"
        let written = try ServeBinary.run([
            "profile", "scan", "--store", store, "--target", "page", "--base-url",
            "http://192.168.1.20:9081/", "--out", file,
        ])
        #expect(written.status == 0 && written.stdout.hasPrefix("wrote \(file) ("), "\(written.stdout) \(written.stderr)")
        let plist = try Plist.read(Array(try Data(contentsOf: URL(fileURLWithPath: file))))
        #expect(plist["PayloadContent"]?.items.first?["URL"] == .string("http://192.168.1.20:9081/p/scan"))
        #expect(plist["PayloadContent"]?.items.first?["FullScreen"] == .bool(true))

        let demo = try ServeBinary.run(["profile", "demo", "--store", store, "--profile-prefix", "com.example.dev"])
        #expect(try Plist.read(Array(demo.stdout.utf8))["PayloadIdentifier"] == .string("com.example.dev.demo"))
        let missing = try ServeBinary.run(["profile", "nope", "--store", store])
        #expect(missing.status == 1 && missing.stderr.hasPrefix("error: no shortcut 'nope' in \(store)"), "\(missing.stderr)")
        let all = try Plist.read(Array(try ServeBinary.run(["profile", "all", "--store", store]).stdout.utf8))
        #expect(all["PayloadContent"]?.items.compactMap { $0["Label"]?.string } == ["Scan"])
    }

    /// Issue 24: a page profile for 127.0.0.1 opens nothing on a phone. With a loopback base, the page is
    /// this machine's network address (said on standard error); with none, a refusal says what to give.
    @Test func aPageProfileNeverPointsAPhoneAtLoopback() throws {
        var command = ProfileCommand(id: "scan")
        command.target = .page
        #expect(try command.pageRoot { _ in "http://192.168.1.20:9081" } == "http://192.168.1.20:9081")
        #expect(throws: StoreCommand.Failure.self) { try command.pageRoot { _ in nil } }
        do {
            _ = try command.pageRoot { _ in nil }
        } catch {
            #expect("\(error)".contains("a phone cannot reach") && "\(error)".contains("--base-url"))
        }
        command.baseURL = "https://mac.example/"
        #expect(try command.pageRoot { _ in nil } == "https://mac.example", "a base a phone can open is used as it is")
        command.target = .app
        command.baseURL = StoreCommand.defaultBaseURL
        #expect(try command.pageRoot { _ in nil } == "http://127.0.0.1:9081", "an app profile holds no page address")

        let store = ServeBinary.temporaryStore()
        _ = try ServeBinary.run(["add", "--title", "Scan", "--open", "myapp://scan", "--id", "scan", "--store", store])
        let lan = try NetworkAddress.first()
        let run = try ServeBinary.run(["profile", "scan", "--store", store, "--target", "page"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Plist.read(Array(run.stdout.utf8))["PayloadContent"]?.items.first?["URL"] == .string("http://\(lan):9081/p/scan"))
        #expect(run.stderr.contains("note: the profile opens http://\(lan):9081/p/"), "\(run.stderr)")
    }

    @Test func readingAProfileNeverMakesAStore() throws {
        let missing = ServeBinary.temporaryStore()
        let demo = try ServeBinary.run(["profile", "demo", "--store", missing])
        #expect(demo.status == 0, "the built-in demo needs no store: \(demo.stderr)")
        #expect(try Plist.read(Array(demo.stdout.utf8))["PayloadIdentifier"] == .string("local.shortcut-serve.demo"))
        let other = try ServeBinary.run(["profile", "scan", "--store", missing])
        #expect(other.status == 1 && other.stderr.hasPrefix("error: no store at \(missing)"), "\(other.stderr)")
        #expect(!FileManager.default.fileExists(atPath: missing), "a mistyped --store is not made")
    }

    @Test(arguments: [
        (["profile"], 64, "Error: profile takes one shortcut id (or all)"),
        (["profile", "a", "b"], 64, "Error: profile takes one shortcut id (or all)"),
        (["profile", "../x"], 64, "Error: '../x' is not a shortcut id"),
        (["profile", "demo", "--target", "safari"], 64, "Error: --target is app or page, not 'safari'"),
        (["profile", "demo", "--profile-prefix", "bad prefix"], 64, "Error: --profile-prefix takes a reverse-DNS name"),
        (["profile", "missing"], 1, "error: no store at "),
    ])
    func mistakesAreSaidPlainly(arguments: [String], status: Int32, message: String) throws {
        let run = try ServeBinary.run(arguments + ["--store", ServeBinary.temporaryStore()])
        #expect(run.status == status)
        #expect(run.stderr.hasPrefix(message), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }
}
