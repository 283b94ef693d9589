import Foundation
import ShortcutHTTP
import ShortcutServe
import TestSupport
import Testing

/// Issue 41: proxy stubs and the recorder against a real loopback upstream (an HTTPServer on port 0 that
/// the test starts and stops): what is recorded replays byte for byte with the upstream gone, across a
/// restart, and repeated requests replay in order.
@Suite struct StubProxyRecordingTests {
    /// The upstream: a JSON user, a binary image, a counter that changes each call, and an echo of what it got.
    final class Upstream: @unchecked Sendable {
        let server = HTTPServer(logsRequests: false, loopCount: 1)
        let port: UInt16
        /// Calls of `/v1/counter` so far.
        final class Calls: @unchecked Sendable {
            private let lock = NSLock()
            private var count = 0
            func next() -> Int {
                lock.withLock {
                    count += 1
                    return count
                }
            }
        }
        static let image: [UInt8] = (0..<3_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }

        init() throws {
            server.GET["/v1/users/:id"] = { request in
                HTTPResponse(
                    status: .ok, headers: ["Content-Type": "application/json", "X-Upstream": "yes"],
                    body: Array(#"{"id": "\#(request.params["id"] ?? "")", "name": "Ada"}"#.utf8))
            }
            server.GET["/v1/image"] = { _ in HTTPResponse(status: .ok, headers: ["Content-Type": "image/png"], body: Upstream.image) }
            let calls = Calls()
            server.GET["/v1/counter"] = { _ in .ok(.text("call \(calls.next())")) }
            server.POST["/v1/echo"] = { request in
                let seen =
                    "host=\(request.headers["Host"] ?? "") x-added=\(request.headers["X-Added"] ?? "-") "
                    + "x-secret=\(request.headers["X-Secret"] ?? "-") path=\(request.path) body=\(String(decoding: request.body, as: UTF8.self))"
                return HTTPResponse(status: HTTPStatus(code: 201, reasonPhrase: "Made"), body: .text(seen))
            }
            port = try server.start(0).port
        }

        var base: String { "http://127.0.0.1:\(port)" }
        func stop() { server.stopAndWait() }
    }

    static func stubsFolder() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("rec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        return root
    }

    @Test func aProxyStubForwardsShapedRequestsAndALowPriorityOneCatchesTheRest() throws {
        let upstream = try Upstream()
        defer { upstream.stop() }
        let server = try AppServer()
        defer { server.stop() }
        let proxy = #"""
            {"priority": 10, "request": {"urlPattern": "/api/.*|/up/.*"}, "response": {"proxyBaseUrl": "\#(upstream.base)",
             "proxyUrlPrefixToRemove": "/up", "additionalProxyRequestHeaders": {"X-Added": "1"}, "removeProxyRequestHeaders": ["X-Secret"]}}
            """#
        #expect(try server.request("POST", "/__admin/mappings", json: proxy).status == 201)
        let local = #"{"request": {"url": "/up/v1/users/7"}, "response": {"body": "local"}}"#
        #expect(try server.request("POST", "/__admin/mappings", json: local).status == 201)
        #expect(try server.request("GET", "/up/v1/users/7").bodyText == "local", "a stub of higher priority answers first")
        let user = try server.request("GET", "/up/v1/users/42")
        #expect(user.status == 200 && user.bodyText == #"{"id": "42", "name": "Ada"}"#)
        #expect(user.header("X-Upstream") == "yes" && user.header("Content-Type") == "application/json")
        let echo = try server.request("POST", "/up/v1/echo", json: "hello", headers: ["X-Secret": "s", "X-Added": "client's"])
        #expect(
            echo.status == 201 && echo.bodyText.hasPrefix("host=127.0.0.1:\(upstream.port) x-added=1 x-secret=- path=/v1/echo body=hello"),
            "\(echo.bodyText)")
        upstream.stop()
        let gone = try server.request("GET", "/up/v1/users/42")
        #expect(gone.status == 502 && gone.bodyText.contains(upstream.base), "a 502 naming the upstream: \(gone.bodyText)")
    }

    @Test func aProxyStubIsRefusedWithABadBaseOrABody() throws {
        let server = try AppServer()
        defer { server.stop() }
        let cases = [
            (#"{"response": {"proxyBaseUrl": "ftp://x"}}"#, "/response/proxyBaseUrl"),
            (#"{"response": {"proxyBaseUrl": "http://x", "body": "b"}}"#, "/response/proxyBaseUrl"),
            (#"{"response": {"proxyUrlPrefixToRemove": "/a"}}"#, "/response/proxyUrlPrefixToRemove"),
            (#"{"response": {"proxyBaseUrl": "http://x?y=1"}}"#, "/response/proxyBaseUrl"),
        ]
        for (mapping, pointer) in cases {
            let refused = try server.request("POST", "/__admin/mappings", json: mapping)
            #expect(refused.status == 422 && refused.bodyText.contains(#""pointer":"\#(pointer)""#), "\(mapping): \(refused.bodyText)")
        }
    }

    @Test func aRecordingReplaysByteForByteWithTheUpstreamStoppedAcrossARestart() throws {
        let upstream = try Upstream()
        let folder = try Self.stubsFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = AppServer.temporaryStore()
        defer { try? FileManager.default.removeItem(at: store) }
        var options = ServerConfiguration()
        options.stubsPath = folder.path
        var live: [String: (status: Int, contentType: String?, body: [UInt8])] = [:]
        do {
            let server = try AppServer(directory: store, options: options)
            defer { server.stop(removeFiles: false) }
            #expect(try server.request("GET", "/__admin/recordings/status").json?["status"] == .string("NeverStarted"))
            let start = try server.request("POST", "/__admin/recordings/start", json: #"{"targetBaseUrl": "\#(upstream.base)"}"#)
            #expect(start.status == 200, "\(start.bodyText)")
            #expect(try server.request("GET", "/__admin/recordings/status").json?["status"] == .string("Recording"))
            #expect(try server.request("POST", "/__admin/recordings/start", json: #"{"targetBaseUrl": "\#(upstream.base)"}"#).status == 409)
            for path in ["/v1/users/42", "/v1/image", "/v1/counter", "/v1/counter", "/v1/counter"] {
                let answer = try server.request("GET", path)
                #expect(answer.status == 200)
                if live[path] == nil { live[path] = (answer.status, answer.header("Content-Type"), answer.body) }
            }
            let stop = try server.request("POST", "/__admin/recordings/stop")
            #expect(stop.status == 200, "\(stop.bodyText)")
            guard case .array(let mappings)? = stop.json?["mappings"] else {
                throw RawClient.Failure(description: "no mappings: \(stop.bodyText)")
            }
            #expect(mappings.count == 5, "each exchange, the counter's three as a scenario")
            #expect(try server.request("POST", "/__admin/recordings/stop").status == 409, "none runs")
        }
        upstream.stop()
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("mappings").path)
        #expect(written.filter { $0.hasSuffix(".json") }.count == 5)
        // A new server on the same folder, the upstream gone: the same bytes.
        let replay = try AppServer(directory: store, options: options)
        defer { replay.stop(removeFiles: false) }
        for path in ["/v1/users/42", "/v1/image"] {
            let answer = try replay.request("GET", path)
            let recorded = try #require(live[path])
            #expect(answer.status == recorded.status && answer.header("Content-Type") == recorded.contentType, "\(path)")
            #expect(answer.body == recorded.body, "\(path) replays byte for byte")
        }
        #expect(try replay.request("GET", "/v1/image").body == Upstream.image)
        // Repeated requests replay in order; the last repeats.
        let counts = try (0..<4).map { _ in try replay.request("GET", "/v1/counter").bodyText }
        #expect(counts == ["call 1", "call 2", "call 3", "call 3"])
    }

    @Test func aSnapshotMakesMappingsFromWhatProxyStubsForwarded() throws {
        let upstream = try Upstream()
        defer { upstream.stop() }
        let server = try AppServer()
        defer { server.stop() }
        let proxy = #"{"priority": 10, "request": {"urlPathPattern": "/v1/.*"}, "response": {"proxyBaseUrl": "\#(upstream.base)"}}"#
        #expect(try server.request("POST", "/__admin/mappings", json: proxy).status == 201)
        #expect(try server.request("GET", "/v1/users/1").status == 200)
        #expect(try server.request("GET", "/v1/image").status == 200)
        let snapshot = try server.request(
            "POST", "/__admin/recordings/snapshot", json: #"{"filters": {"urlPathPattern": "/v1/users/.*"}, "persist": false}"#)
        #expect(snapshot.status == 200, "\(snapshot.bodyText)")
        guard case .array(let mappings)? = snapshot.json?["mappings"] else { throw RawClient.Failure(description: snapshot.bodyText) }
        #expect(mappings.count == 1 && mappings[0]["request"]?["url"] == .string("/v1/users/1"))
        let ids = try server.request("POST", "/__admin/recordings/snapshot", json: #"{"outputFormat": "IDS", "persist": false}"#)
        guard case .array(let list)? = ids.json?["ids"] else { throw RawClient.Failure(description: ids.bodyText) }
        #expect(list.count == 2)
        let refused = try server.request("POST", "/__admin/recordings/snapshot", json: #"{"transformers": ["x"]}"#)
        #expect(refused.status == 422 && refused.bodyText.contains("/transformers"), "\(refused.bodyText)")
    }
}
