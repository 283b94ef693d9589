import Foundation
import TestSupport
import Testing

/// Issue 15: one budget, `--cache-bytes`, for everything the server keeps for speed. The real binary with a
/// small budget answers a mix of every cached kind (data-mode redirects, pages, plays, web clip profiles,
/// offline-page manifests, workers and icons, QR images, lists); the caches' own count, read from SIGHUP's report,
/// never passes the budget or either share, and is not zero (the caches are used, and counted).
@Suite struct CacheBudgetLiveTests {
    struct Report {
        let total, budget, bodies, bodyBudget, answers, answerBudget: Int

        /// `cache: T of B bytes (pages and summaries b of bb, prepared answers and QR images a of ab)`.
        init(_ text: String) throws {
            guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix("SIGHUP: cache: ") }) else {
                throw RawClient.Failure(description: "no cache line in '\(text)'")
            }
            let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            guard numbers.count == 6 else { throw RawClient.Failure(description: "cannot read '\(line)'") }
            (total, budget, bodies, bodyBudget, answers, answerBudget) =
                (numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5])
        }
    }

    @Test func theCachesNeverHoldMoreThanTheBudgetWhateverTheMix() throws {
        let store = ServeBinary.temporaryStore()
        let budget = 256 << 10
        // 24 shortcuts (their pages are about 6 KB, their data-mode redirects about 8 KB of Location, twice
        // counted) and 24 stored pages of 9 KB: together several times the budget.
        for index in 0..<24 {
            #expect(
                try ServeBinary.run([
                    "add", "--title", "Shortcut \(index)", "--open", "app://\(index)", "--id", "s\(index)",
                    "--store", store,
                ]).status == 0)
            let file = store + "-page\(index).html"
            try Data(("<p>" + String(repeating: "\(index % 10)", count: 9_000) + "</p>").utf8).write(to: URL(fileURLWithPath: file))
            #expect(try ServeBinary.run(["mock", "add", "--file", file, "--id", "m\(index)", "--store", store]).status == 0)
        }
        // A public URL, so that /qr/ draws codes (on loopback only it draws none: issue 24).
        let server = try ServeBinary.Server([
            "--store", store, "--quiet", "--mode", "data", "--cache-bytes", "\(budget)",
            "--public-url", "https://mac.example",
        ])
        defer { _ = server.stop() }
        let paths = [
            "/s/s%d", "/p/s%d", "/v3/m%d", "/w/s%d.mobileconfig", "/p/s%d/manifest.webmanifest", "/p/s%d/sw.js",
            "/p/s%d/icon.png", "/qr/s%d.svg", "/api/mock", "/",
        ]
        let client = try RawClient(port: server.port)
        var reports: [Report] = []
        for round in 0..<3 {
            for index in 0..<24 {
                for path in paths {
                    try client.send(
                        "GET \(path.replacingOccurrences(of: "%d", with: "\((index * 7 + round) % 24)")) HTTP/1.1\r\nHost: localhost\r\n\r\n"
                    )
                    let response = try client.readResponse()
                    #expect([200, 301].contains(response.status), "\(path): \(response.status)")
                }
            }
            kill(server.process.processIdentifier, SIGHUP)
            let notice = try ServerProcessTests.read(server.stderr.fileHandleForReading.fileDescriptor) {
                $0.contains("SIGHUP: cache: ") && $0.hasSuffix("\n")
            }
            reports.append(try Report(notice))
        }
        for report in reports {
            #expect(report.budget == budget)
            #expect(report.bodyBudget + report.answerBudget == budget)
            #expect(report.total == report.bodies + report.answers)
            #expect(report.total <= budget)
            #expect(report.bodies <= report.bodyBudget && report.answers <= report.answerBudget)
            #expect(report.bodies > report.bodyBudget / 2, "the bodies' share is used")
            #expect(report.answers > report.answerBudget / 2, "the answers' share is used")
        }
    }

    @Test func zeroCachesNothingAndStillServes() throws {
        let store = ServeBinary.temporaryStore()
        let server = try ServeBinary.Server(["--store", store, "--quiet", "--cache-bytes", "0", "--public-url", "https://mac.example"])
        defer { _ = server.stop() }
        let client = try RawClient(port: server.port)
        for path in ["/s", "/p/demo", "/qr/demo.svg"] {
            try client.send("GET \(path) HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect([200, 301].contains(try client.readResponse().status))
        }
        kill(server.process.processIdentifier, SIGHUP)
        let notice = try ServerProcessTests.read(server.stderr.fileHandleForReading.fileDescriptor) {
            $0.contains("SIGHUP: cache: ") && $0.hasSuffix("\n")
        }
        let report = try Report(notice)
        #expect(report.total == 0 && report.budget == 0)
    }
}
