import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Damaged store files through the real binary (issue 8, point 3): a FIFO, a 100 GB sparse record and a
/// stats file at `Int.max` are reported and skipped; none of them hangs or crashes `mock list` or the server.
@Suite struct DamagedStoreCLITests {
    @Test func aFIFOAmongTheRecordsHangsNeitherMockListNorTheServer() throws {
        let store = try StoreFixture.storeWithGoodRecords()
        try StoreFixture.makeFIFO("pages/fifo.page", in: store)
        try FileManager.default.removeItem(at: store.appendingPathComponent("stats/good1.stats"))
        try StoreFixture.makeFIFO("stats/good1.stats", in: store)
        let (list, hung) = try StoreFixture.run(["mock", "list", "--store", store.path])
        #expect(!hung, "mock list hung on the FIFO")
        #expect(list.stdout.contains("good1\t200") && list.stdout.contains("good2\t200"), "\(list.stdout)")

        let server = try ServeBinary.Server(["--store", store.path, "--quiet"])
        defer { StoreFixture.ensureStopped(server) }
        let client = try RawClient(port: server.port)
        try client.send("GET /api/mock HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let listed = try client.readResponse()
        #expect(listed.status == 200)
        #expect(listed.bodyText.contains("\"good1\"") && !listed.bodyText.contains("\"fifo\""))
        let played = try RawClient(port: server.port)
        try played.send("GET /v3/good1 HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(try played.readResponse().status == 200)
        let stopped = StoreFixture.stop(server)
        #expect(!stopped.hung, "SIGTERM did not stop the server")
        #expect(stopped.status == 0)
    }

    @Test func aHundredGigabyteSparseRecordIsReportedNotRead() throws {
        let store = try StoreFixture.storeWithGoodRecords()
        try StoreFixture.makeSparse("pages/huge.page", size: 100 << 30, in: store)
        let (list, hung) = try StoreFixture.run(["mock", "list", "--store", store.path])
        #expect(!hung)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("good1\t200") && list.stdout.contains("good2\t200"))

        let server = try ServeBinary.Server(["--store", store.path, "--quiet"])
        defer { StoreFixture.ensureStopped(server) }
        let client = try RawClient(port: server.port)
        try client.send("GET /api/mock HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let listed = try client.readResponse()
        #expect(listed.status == 200 && listed.bodyText.contains("\"good2\""))
        let missing = try RawClient(port: server.port)
        try missing.send("GET /v3/huge HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(try missing.readResponse().status == 404)
        let reported = StoreFixture.standardError(of: server, until: "107374182400 bytes")
        #expect(reported.contains("warning: store: \(store.path)/pages/huge.page: "), "reported at start: \(reported)")
        #expect(reported.contains("107374182400 bytes"), "\(reported)")
        let stopped = StoreFixture.stop(server)
        #expect(stopped.status == 0 && !stopped.hung)
    }

    @Test func playCountsAtIntMaxSaturateInsteadOfCrashing() throws {
        let store = try StoreFixture.storeWithGoodRecords()
        try StoreFixture.write(Array(#"{"lastAccessAt":800000000,"totalAccess":9223372036854775807}"#.utf8), "stats/good1.stats", in: store)
        let server = try ServeBinary.Server(["--store", store.path, "--quiet"])
        defer { StoreFixture.ensureStopped(server) }
        for _ in 0..<2 {
            let client = try RawClient(port: server.port)
            try client.send("GET /v3/good1 HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(try client.readResponse().status == 200)
        }
        let client = try RawClient(port: server.port)
        try client.send("GET /api/mock/good1/stats HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let stats = try client.readResponse()
        #expect(stats.status == 200)
        #expect(stats.json?["totalAccess"] == .number(Double(Int.max)), "\(stats.bodyText)")
        let stopped = StoreFixture.stop(server)
        #expect(stopped.status == 0 && !stopped.hung, "the stop flushes the plays: \(stopped.stderr)")
        let written = try String(contentsOf: store.appendingPathComponent("stats/good1.stats"), encoding: .utf8)
        #expect(written.contains("\"totalAccess\":9223372036854775807"), "\(written)")
    }
}
