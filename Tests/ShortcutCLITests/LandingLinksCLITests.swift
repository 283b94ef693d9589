import Foundation
import ShortcutLinks
import TestSupport
import Testing

@testable import ShortcutCLI

/// `shortcut-serve links add|list|show|rm`, a restart, and the association built from links, through the
/// real binary.
@Suite struct LandingLinksCLITests {
    static let spring = [
        "links", "add", "spring", "--title", "Spring sale", "--app-url", "myapp://sale/spring",
        "--fallback-url", "https://example.com/sale", "--universal-url", "https://example.com/sale/spring",
        "--app-id", "ABCDE12345.com.example.app", "--app-store-id", "123456789",
    ]

    /// One request to a running server on a fresh connection.
    static func request(_ port: UInt16, _ method: String, _ path: String, json: String? = nil) throws -> RawResponse {
        let client = try RawClient(port: port)
        let body = json ?? ""
        var head = "\(method) \(path) HTTP/1.1\r\nHost: localhost\r\n"
        if json != nil { head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
        try client.send(head + "\r\n" + body)
        return try client.readResponse()
    }

    /// Asks until `done` holds for the answer or 3 s pass (a server notices another process's change
    /// within a second, docs/server.md); the last answer.
    static func poll(_ port: UInt16, _ path: String, until done: (RawResponse) -> Bool) throws -> RawResponse {
        let deadline = secondsNow() + 3
        var answer = try request(port, "GET", path)
        while !done(answer) && secondsNow() < deadline { answer = try request(port, "GET", path) }
        return answer
    }

    @Test func addListShowRemove() throws {
        let store = ServeBinary.temporaryStore()
        let added = try ServeBinary.run(Self.spring + ["--store", store])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.hasPrefix("id: spring\nlink: http://127.0.0.1:9081/open/spring\nsecret: "))
        #expect(added.stderr.isEmpty)
        let listed = try ServeBinary.run(["links", "list", "--store", store])
        #expect(listed.status == 0 && listed.stdout == "spring\tSpring sale\tmyapp://sale/spring\thttps://example.com/sale\n")
        let shown = try ServeBinary.run(["links", "show", "spring", "--store", store])
        #expect(
            shown.stdout == """
                id: spring
                title: Spring sale
                app_url: myapp://sale/spring
                universal_url: https://example.com/sale/spring
                fallback_url: https://example.com/sale
                app_store_id: 123456789
                app_id: ABCDE12345.com.example.app

                """)
        let again = try ServeBinary.run(Self.spring + ["--store", store])
        #expect(again.status == 1 && again.stderr == "error: id \"spring\" is taken\n")
        let shortcut = try ServeBinary.run(["add", "--title", "S", "--open", "myapp://s", "--id", "scan", "--store", store])
        #expect(shortcut.status == 0)
        let notALink = try ServeBinary.run(["links", "rm", "scan", "--store", store])
        #expect(
            notALink.status == 1 && notALink.stderr == "error: 'scan' is a shortcut, not a landing link (see shortcut-serve show scan)\n")
        #expect(try ServeBinary.run(["links", "rm", "spring", "--store", store]).stdout == "removed spring\n")
        let gone = try ServeBinary.run(["links", "rm", "spring", "--store", store])
        #expect(gone.status == 1 && gone.stderr == "error: no record 'spring' in \(store)\n")
        #expect(try ServeBinary.run(["links", "list", "--store", store]).stdout.isEmpty)
    }

    @Test func mockAndShortcutCommandsSayALinkIsNotTheirsAndLeaveIt() throws {
        let store = ServeBinary.temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: store) }
        #expect(try ServeBinary.run(Self.spring + ["--store", store]).status == 0)
        let link = "'spring' is a landing link, not a mock (see shortcut-serve links show spring)"
        for verb in ["show", "rm"] {
            let run = try ServeBinary.run(["mock", verb, "spring", "--store", store])
            #expect(run.status == 1 && run.stdout.isEmpty && run.stderr == "error: \(link)\n", "mock \(verb): \(run.stderr)")
        }
        let asShortcut = "'spring' is a landing link, not a shortcut (see shortcut-serve links show spring)"
        for verb in ["show", "rm"] {
            let run = try ServeBinary.run([verb, "spring", "--store", store])
            #expect(run.status == 1 && run.stderr == "error: \(asShortcut)\n", "\(verb): \(run.stderr)")
        }
        #expect(try ServeBinary.run(["links", "show", "spring", "--store", store]).stdout.hasPrefix("id: spring\ntitle: Spring sale\n"))
        let badID = try ServeBinary.run([
            "links", "add", "a.b", "--title", "T", "--app-url", "myapp://x", "--fallback-url", "https://e.com/",
            "--store", store,
        ])
        #expect(badID.status == 1 && badID.stderr == "error: invalid id 'a.b': use 1–64 characters of A-Z a-z 0-9 _ -\n")
        let reserved = try ServeBinary.run([
            "links", "add", "match", "--title", "T", "--app-url", "myapp://x", "--fallback-url", "https://e.com/",
            "--store", store,
        ])
        #expect(
            reserved.status == 1 && reserved.stderr == "error: id 'match' is reserved: /api/links/match is the universal-link matcher\n")
    }

    @Test(arguments: [
        (["--app-url", "javascript:alert(1)"], "error: app_url scheme 'javascript' is not allowed\n"),
        (["--fallback-url", "data:text/html,x"], "error: fallback_url scheme 'data' is not allowed\n"),
        (["--app-store-id", "12a"], "error: app_store_id is the app's App Store id: 1 to 12 digits, not '12a'\n"),
        (["--title", String(repeating: "t", count: LandingLink.maxTitleBytes + 1)], "error: title is 401 bytes; the limit is 400\n"),
    ])
    func aRefusedFieldIsOneErrorLineAndExit1(change: [String], error: String) throws {
        var arguments = ["links", "add", "x", "--title", "T", "--app-url", "myapp://x", "--fallback-url", "https://e.com/"]
        if let at = arguments.firstIndex(of: change[0]) { arguments[at + 1] = change[1] } else { arguments += change }
        let store = ServeBinary.temporaryStore()
        let run = try ServeBinary.run(arguments + ["--store", store])
        #expect(run.status == 1)
        #expect(run.stderr == error)
        #expect(!FileManager.default.fileExists(atPath: store), "a refused link makes no store")
    }

    @Test(arguments: [
        (
            ["links", "add", "x", "--title", "T", "--fallback-url", "https://e.com"],
            "Error: links add needs --app-url URL (what the page tries first)"
        ),
        (["links", "add", "--title", "T", "--app-url", "a:b", "--fallback-url", "https://e.com"], "Error: links add takes one ID"),
        (["links", "show"], "Error: links show takes one ID"),
        (["links", "list", "--bogus"], "Error: unknown option '--bogus'"),
        (["links", "bogus"], "Error: unknown links command 'bogus': check, match, add, list, show or rm"),
    ])
    func usageErrorsExit64WithTheUsage(arguments: [String], message: String) throws {
        let run = try ServeBinary.run(arguments)
        #expect(run.status == 64)
        #expect(run.stderr == message + "\n" + LinksCommand.usage + "\n")
    }

    @Test func linksMadeByTheAPISurviveARestartOfTheBinary() throws {
        let store = ServeBinary.temporaryStore()
        let first = try ServeBinary.Server(["--store", store, "--quiet"])
        let created = try Self.request(first.port, "POST", "/api/links", json: SampleInputs.promoLink)
        #expect(created.status == 201, "\(created.bodyText)")
        #expect(first.stop() == 0)
        let second = try ServeBinary.Server(["--store", store, "--quiet"])
        defer { _ = second.stop() }
        let page = try Self.request(second.port, "GET", "/open/promo")
        #expect(page.status == 200)
        #expect(page.bodyText.contains(#"var appURL = "myapp://promo/1";"#))
        #expect(try ServeBinary.run(["links", "list", "--store", store]).stdout.hasPrefix("promo\tSpring sale\tmyapp://promo/1\t"))
    }

    @Test func theServerBuildsTheAASAFromLinksAndRebuildsItWhenTheyChange() throws {
        let store = ServeBinary.temporaryStore()
        let server = try ServeBinary.Server(["--store", store, "--quiet"])
        defer { _ = server.stop() }
        #expect(try Self.request(server.port, "GET", "/.well-known/apple-app-site-association").status == 404)
        // Added by another process while the server runs: served, and declared, without a restart.
        #expect(try ServeBinary.run(Self.spring + ["--store", store]).status == 0)
        let served = try Self.poll(server.port, "/.well-known/apple-app-site-association") { $0.status == 200 }
        #expect(served.status == 200 && served.header("Content-Type") == "application/json")
        #expect(
            served.bodyText
                == #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/sale/spring","comment":"landing link spring"}]}]}}"#
        )
        // Our own checker takes the served bytes, and the matcher opens the universal link in the app.
        let report = AASAChecker.check(served.body, file: "served")
        #expect(report.problems.isEmpty, "\(report.problems)")
        let file = try SampleInputs.file(served.body)
        let matched = try ServeBinary.run(["links", "match", "https://example.com/sale/spring", "--aasa", file])
        #expect(matched.status == 0)
        #expect(matched.stdout.contains("opens in ABCDE12345.com.example.app"), "\(matched.stdout)")
        let api = try Self.request(server.port, "GET", "/api/links/match?url=https%3A%2F%2Fexample.com%2Fsale%2Fspring")
        #expect(api.json?["app"] == .string("ABCDE12345.com.example.app"))
        // Removed: the rule goes with it.
        #expect(try ServeBinary.run(["links", "rm", "spring", "--store", store]).status == 0)
        #expect(try Self.poll(server.port, "/.well-known/apple-app-site-association") { $0.status == 404 }.status == 404)
    }

    @Test func theAASAFileWinsOverLinks() throws {
        let store = ServeBinary.temporaryStore()
        #expect(try ServeBinary.run(Self.spring + ["--store", store]).status == 0)
        let file = try SampleInputs.file(Array(SampleInputs.aasa.utf8))
        let server = try ServeBinary.Server(["--store", store, "--aasa", file, "--quiet"])
        defer { _ = server.stop() }
        let served = try Self.request(server.port, "GET", "/.well-known/apple-app-site-association")
        #expect(served.body == Array(SampleInputs.aasa.utf8))
        let matched = try Self.request(server.port, "GET", "/api/links/match?url=https%3A%2F%2Fexample.com%2Fsale%2Fspring")
        #expect(matched.json?["opens_app"] == .bool(false), "the file has no rule for /sale/spring")
    }

    @Test func aDamagedLinkFileIsReportedAndTheServerServesOn() throws {
        let store = ServeBinary.temporaryStore()
        #expect(try ServeBinary.run(Self.spring + ["--store", store]).status == 0)
        try Data("{\"checksum\":\"torn".utf8).write(to: URL(fileURLWithPath: store + "/pages/torn.page"))
        let listed = try ServeBinary.run(["links", "list", "--store", store])
        #expect(listed.status == 0 && listed.stdout.hasPrefix("spring\t"))
        #expect(listed.stderr.hasPrefix("warning: \(store)/pages/torn.page: not a valid page record"), "\(listed.stderr)")
        let shown = try ServeBinary.run(["links", "show", "torn", "--store", store])
        #expect(shown.status == 1 && shown.stderr.hasPrefix("error: record 'torn' in \(store) is damaged or unreadable: "))
        let server = try ServeBinary.Server(["--store", store, "--quiet"])
        defer { _ = server.stop() }
        #expect(try Self.request(server.port, "GET", "/open/torn").status == 404)
        #expect(try Self.request(server.port, "GET", "/open/spring").status == 200)
        #expect(try Self.request(server.port, "GET", "/.well-known/apple-app-site-association").status == 200)
    }
}
