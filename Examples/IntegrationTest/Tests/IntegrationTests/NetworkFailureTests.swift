import Foundation
import ShortcutServe
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking  // URLSession on Linux
#endif

/// What an app's client must survive, shown as its URLSession sees it: each stub fault arrives as the
/// `URLError` a real network failure gives, a slow answer as a timeout, and a dribbled body in pieces over
/// the time set. (Codes checked on Linux's FoundationNetworking here; on Apple platforms untested on a
/// device: the probe page and your own run of this test are how you check.) Serialized: the dribble's
/// timing is measured, and FoundationNetworking runs every session's transfers on one thread.
@Suite(.serialized) struct NetworkFailureTests {
    /// The error a request to `path` fails with, or nil when it answered.
    static func failure(of path: String, on server: EmbeddedServer, timeout: TimeInterval = 10) async throws -> URLError? {
        var request = URLRequest(url: try #require(URL(string: server.url(path))))
        request.timeoutInterval = timeout
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        do {
            _ = try await session.data(for: request)
            return nil
        } catch let error as URLError {
            return error
        }
    }

    @Test func aDroppedConnectionIsNetworkConnectionLost() async throws {
        let server = try EmbeddedServer.start()
        defer { server.stop() }
        try server.stub(.get("/v1/feed"), .fault(.emptyResponse))
        try server.stub(.get("/v1/reset"), .fault(.connectionResetByPeer))
        let empty = try #require(try await Self.failure(of: "/v1/feed", on: server))
        #if canImport(FoundationNetworking)
            // libcurl's "empty reply from server".
            #expect(empty.code == .badServerResponse, "EMPTY_RESPONSE: \(empty.code.rawValue)")
        #else
            #expect([.networkConnectionLost, .badServerResponse].contains(empty.code), "EMPTY_RESPONSE: \(empty.code.rawValue)")
        #endif
        let reset = try #require(try await Self.failure(of: "/v1/reset", on: server))
        #expect(reset.code == .networkConnectionLost, "CONNECTION_RESET_BY_PEER: \(reset.code.rawValue)")
    }

    @Test func aGarbledAnswerCannotBeParsed() async throws {
        let server = try EmbeddedServer.start()
        defer { server.stop() }
        try server.stub(.get("/v1/chunk"), .fault(.malformedResponseChunk))
        try server.stub(.get("/v1/noise"), .fault(.randomDataThenClose))
        let chunk = try #require(try await Self.failure(of: "/v1/chunk", on: server))
        let noise = try #require(try await Self.failure(of: "/v1/noise", on: server))
        #if canImport(FoundationNetworking)
            // libcurl's "bad chunk" (its receive error has no closer URLError) and, for bytes with no status
            // line, "unsupported protocol" (no HTTP/0.9).
            #expect(chunk.code == .unknown, "MALFORMED_RESPONSE_CHUNK: \(chunk.code.rawValue)")
            #expect(noise.code == .unsupportedURL, "RANDOM_DATA_THEN_CLOSE: \(noise.code.rawValue)")
        #else
            #expect(
                [.cannotParseResponse, .networkConnectionLost].contains(chunk.code), "MALFORMED_RESPONSE_CHUNK: \(chunk.code.rawValue)")
            #expect([.cannotParseResponse, .badServerResponse].contains(noise.code), "RANDOM_DATA_THEN_CLOSE: \(noise.code.rawValue)")
        #endif
    }

    @Test func aSlowAnswerTimesOut() async throws {
        let server = try EmbeddedServer.start()
        defer { server.stop() }
        try server.stub(.get("/v1/slow"), .json("{}").delayed(milliseconds: 2_000))
        let slow = try #require(try await Self.failure(of: "/v1/slow", on: server, timeout: 0.5))
        #expect(slow.code == .timedOut, "a 2 s delay against a 0.5 s timeout: \(slow.code.rawValue)")
    }

    /// Collects when each piece of a body arrives.
    final class Arrivals: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        private let lock = NSLock()
        private var pieces: [(at: ContinuousClock.Instant, bytes: Int)] = []
        private var started = ContinuousClock.now
        let done = DispatchSemaphore(value: 0)
        var failure: Error?

        func start() { lock.withLock { started = .now } }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            lock.withLock { pieces.append((.now, data.count)) }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
            failure = error
            done.signal()
        }

        var report: (count: Int, bytes: Int, lastAfter: Duration) {
            lock.withLock { (pieces.count, pieces.reduce(0) { $0 + $1.bytes }, (pieces.last?.at ?? started) - started) }
        }
    }

    @Test func aDribbledBodyArrivesInPiecesOverItsDuration() throws {
        let server = try EmbeddedServer.start()
        defer { server.stop() }
        let body = String(repeating: "0123456789", count: 100)
        try server.stub(.get("/v1/download"), .text(body).dribbled(chunks: 5, overMilliseconds: 1_000))
        let arrivals = Arrivals()
        let session = URLSession(configuration: .ephemeral, delegate: arrivals, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        arrivals.start()
        session.dataTask(with: try #require(URL(string: server.url("/v1/download")))).resume()
        #expect(arrivals.done.wait(timeout: .now() + 10) == .success, "the download ends")
        #expect(arrivals.failure == nil)
        let (count, bytes, lastAfter) = arrivals.report
        #expect(bytes == 1_000)
        #expect(count >= 4, "in pieces: \(count)")
        // ±20% of the 1 s set (the head at once, the last piece at 1 s).
        #expect(lastAfter >= .milliseconds(800) && lastAfter <= .milliseconds(1_200), "last piece after \(lastAfter)")
    }
}
