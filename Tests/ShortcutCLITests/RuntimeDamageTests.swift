import Foundation
import TestSupport
import Testing

/// Damage is said where it is met (issue 39), through the real binary: a record altered under a running
/// server answers 500 (it served it before) with what is wrong and the command that removes it; one found
/// damaged at its first read answers 404 the same way; each damaged file is one line on standard error, not
/// one per request; `/api/problems` and the index page list them; a damaged stats file keeps its count; a
/// damaged `servers.json` is said and never trusted for addresses.
@Suite struct RuntimeDamageTests {
    /// The answer to `GET path` from `server`.
    static func get(_ path: String, from server: ServeBinary.Server) throws -> RawResponse {
        let client = try RawClient(port: server.port)
        try client.send("GET \(path) HTTP/1.1\r\nHost: localhost\r\n\r\n")
        return try client.readResponse()
    }

    /// Plays `path` until the answer's status is not 200 (the server's 250 ms check has noticed the change),
    /// at most `limit` times; returns the last answer.
    static func playUntilRefused(_ path: String, from server: ServeBinary.Server, limit: Int = 20_000) throws -> RawResponse {
        var answer = try get(path, from: server)
        var tries = 1
        while answer.status == 200 && tries < limit {
            answer = try get(path, from: server)
            tries += 1
        }
        return answer
    }

    /// How many lines of `log` mention `fragment`.
    static func lines(in log: String, mentioning fragment: String) -> Int {
        log.split(separator: "\n").filter { $0.contains(fragment) }.count
    }

    @Test func aRecordAlteredUnderARunningServerAnswers500WithItsDamageOnceOnStandardError() throws {
        let store = try StoreFixture.storeWithGoodRecords()
        let server = try ServeBinary.Server(["--store", store.path, "--quiet"])
        defer { StoreFixture.ensureStopped(server) }
        #expect(try Self.get("/v3/good1", from: server).status == 200)
        try StoreFixture.write(Array("shortcut-serve-record 1\ncut".utf8), "pages/good1.page", in: store)
        let damaged = try Self.playUntilRefused("/v3/good1", from: server)
        #expect(damaged.status == 500, "a record the server served, damaged while it ran: \(damaged.status) \(damaged.bodyText)")
        #expect(damaged.bodyText.contains("record 'good1' is damaged: not a valid page record: "), "\(damaged.bodyText)")
        #expect(damaged.bodyText.contains("remove it with: shortcut-serve rm good1"), "\(damaged.bodyText)")
        #expect(!damaged.bodyText.contains(store.path), "the store's path stays off the network: \(damaged.bodyText)")
        for _ in 0..<3 { #expect(try Self.get("/v3/good1", from: server).status == 500) }

        let problems = try Self.get("/api/problems", from: server)
        #expect(problems.status == 200)
        #expect(problems.json?["count"] == .number(1), "\(problems.bodyText)")
        #expect(
            problems.bodyText.contains("good1.page") && problems.bodyText.contains("shortcut-serve rm good1 --store "),
            "\(problems.bodyText)")
        let index = try Self.get("/", from: server)
        #expect(index.bodyText.contains("Problems in the store (1)") && index.bodyText.contains("good1.page"))

        let stopped = StoreFixture.stop(server)
        #expect(stopped.status == 0 && !stopped.hung)
        #expect(Self.lines(in: stopped.stderr, mentioning: "pages/good1.page") == 1, "one line per damaged file: \(stopped.stderr)")
        #expect(stopped.stderr.contains("remove it with: shortcut-serve rm good1 --store \(store.path)"), "\(stopped.stderr)")
    }

    @Test func aRecordDamagedBeforeItWasEverServedAnswers404WithItsDamage() throws {
        let store = try StoreFixture.storeWithGoodRecords()
        try StoreFixture.write(Array("not a record".utf8), "pages/torn.page", in: store)
        let server = try ServeBinary.Server(["--store", store.path, "--quiet"])
        defer { StoreFixture.ensureStopped(server) }
        for _ in 0..<3 {
            let answer = try Self.get("/v3/torn", from: server)
            #expect(answer.status == 404)
            #expect(answer.bodyText.contains("record 'torn' is damaged: not a valid page record: "), "\(answer.bodyText)")
        }
        let page = try Self.get("/p/torn", from: server)
        #expect(page.status == 404 && page.bodyText.contains("record 'torn' is damaged"), "\(page.bodyText)")
        let never = try Self.get("/v3/never", from: server)
        #expect(never.status == 404 && never.bodyText.contains("no stored page 'never'"), "an unknown id is still said as such")
        let stopped = StoreFixture.stop(server)
        #expect(Self.lines(in: stopped.stderr, mentioning: "pages/torn.page") == 1, "\(stopped.stderr)")
    }

    @Test func aDamagedStatsFileKeepsItsCountAndIsReportedOnce() throws {
        let store = try StoreFixture.storeWithGoodRecords()
        let server = try ServeBinary.Server(["--store", store.path, "--quiet"])
        defer { StoreFixture.ensureStopped(server) }
        for _ in 0..<2 { #expect(try Self.get("/v3/good1", from: server).status == 200) }
        #expect(try Self.get("/api/mock/good1/stats", from: server).json?["totalAccess"] == .number(2))
        try StoreFixture.write(Array("garbage".utf8), "stats/good1.stats", in: store)
        for _ in 0..<3 {
            let stats = try Self.get("/api/mock/good1/stats", from: server)
            #expect(stats.json?["totalAccess"] == .number(2), "kept, not reset: \(stats.bodyText)")
        }
        let problems = try Self.get("/api/problems", from: server)
        #expect(problems.bodyText.contains("stats/good1.stats"), "\(problems.bodyText)")
        #expect(try Self.get("/v3/good1", from: server).status == 200)
        let stopped = StoreFixture.stop(server)
        #expect(stopped.status == 0)
        #expect(Self.lines(in: stopped.stderr, mentioning: "stats/good1.stats") == 1, "\(stopped.stderr)")
        let written = try String(contentsOf: store.appendingPathComponent("stats/good1.stats"), encoding: .utf8)
        #expect(written.contains("\"totalAccess\":3"), "written back with the kept count: \(written)")
    }

    @Test func aDamagedServerRegistryIsSaidAndNoAddressIsTakenOrGuessed() throws {
        let store = ServeBinary.temporaryStore()
        _ = try ServeBinary.run(["add", "--title", "First", "--open", "myapp://a", "--id", "first", "--store", store])
        try Data("[{\"pid\": oops".utf8).write(to: URL(fileURLWithPath: store + "/servers.json"))
        let added = try ServeBinary.run(["add", "--title", "Scan", "--open", "myapp://scan", "--id", "scan", "--store", store])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("on your network: unknown: \(store)/servers.json: not a list of running servers"), "\(added.stdout)")
        #expect(!added.stdout.contains("on your network: http"), "no network address guessed: \(added.stdout)")
        #expect(added.stderr.contains("servers.json: not a list of running servers (damaged)"), "\(added.stderr)")
        #expect(added.stdout.contains("shortcut: http://127.0.0.1:9081/s/scan"), "\(added.stdout)")
    }
}
