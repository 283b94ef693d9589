import Foundation
import TestSupport
import Testing

/// `shortcut-serve stubs …` through the real binary, against a server running on the same store.
@Suite struct StubsCLITests {
    @Test func addListRemoveImportAndNearMissesOnTheRunningServer() throws {
        let store = ServeBinary.temporaryStore()
        let server = try ServeBinary.Server(["--store", store, "--quiet"])
        defer { _ = server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stubs-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        let one = folder.appendingPathComponent("one.json").path
        try Data(#"{"request": {"method": "GET", "url": "/v1/one"}, "response": {"status": 200, "body": "one"}}"#.utf8)
            .write(to: URL(fileURLWithPath: one))
        let added = try ServeBinary.run(["stubs", "add", one, "--store", store])
        #expect(added.status == 0 && added.stdout.hasPrefix("added "), "\(added.stdout)\(added.stderr)")
        let id = String(added.stdout.dropFirst(6).prefix { !$0.isNewline })

        let listed = try ServeBinary.run(["stubs", "list", "--store", store])
        #expect(listed.stdout.contains("\(id)\tGET\turl /v1/one\t200"), "\(listed.stdout)")
        let shown = try ServeBinary.run(["stubs", "show", id, "--store", store])
        #expect(shown.status == 0 && shown.stdout.contains("\"/v1/one\""))

        let bad = folder.appendingPathComponent("bad.json").path
        try Data(#"{"request": {"url": "/x", "host": "y"}, "response": {}}"#.utf8).write(to: URL(fileURLWithPath: bad))
        let refused = try ServeBinary.run(["stubs", "add", bad, "--store", store])
        #expect(refused.status == 1 && refused.stderr.contains("422: ") && refused.stderr.contains("request.host"), "\(refused.stderr)")

        try Data(
            #"{"mappings": [{"request": {"url": "/v1/a"}, "response": {"body": "a"}}, {"request": {"url": "/v1/b"}, "response": {"body": "b"}}]}"#
                .utf8
        )
        .write(to: folder.appendingPathComponent("mappings/two.json"))
        let imported = try ServeBinary.run(["stubs", "import", folder.path, "--store", store])
        #expect(imported.stdout.contains("imported 2 mappings from 1 file"), "\(imported.stdout)\(imported.stderr)")

        let client = try RawClient(port: server.port)
        try client.send("GET /v1/c HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(try client.readResponse().status == 404)
        let misses = try ServeBinary.run(["stubs", "near-misses", "--store", store])
        #expect(misses.stdout.contains("GET /v1/c -> closest stub"), "\(misses.stdout)")

        let removed = try ServeBinary.run(["stubs", "rm", id, "--store", store])
        #expect(removed.stdout == "removed \(id)\n")
        let again = try ServeBinary.run(["stubs", "rm", id, "--store", store])
        #expect(again.status == 1 && again.stderr.contains("404"), "\(again.stderr)")
        let usage = try ServeBinary.run(["stubs"])
        #expect(usage.status == 64 && usage.stderr.contains("Usage: shortcut-serve stubs"))
    }
}

extension StubsCLITests {
    @Test func scenariosAreListedResetAndSetOnTheRunningServer() throws {
        let store = ServeBinary.temporaryStore()
        let server = try ServeBinary.Server(["--store", store, "--quiet"])
        defer { _ = server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenarios-cli-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(
            #"""
            {"mappings": [
              {"scenarioName": "login flow", "requiredScenarioState": "Started", "newScenarioState": "signed in", "request": {"url": "/in"}, "response": {}},
              {"scenarioName": "login flow", "requiredScenarioState": "signed in", "request": {"url": "/me"}, "response": {"body": "me"}}
            ]}
            """#.utf8
        ).write(to: folder)
        #expect(try ServeBinary.run(["stubs", "add", folder.path, "--store", store]).status == 0)
        #expect(try ServeBinary.run(["scenarios", "--store", store]).stdout == "login flow\tStarted\tStarted, signed in\n")
        let set = try ServeBinary.run(["scenarios", "set", "login flow", "signed in", "--store", store])
        #expect(set.status == 0 && set.stdout == "login flow is at signed in\n", "\(set.stdout)\(set.stderr)")
        #expect(try ServeBinary.run(["scenarios", "--store", store]).stdout.contains("login flow\tsigned in"))
        let wrong = try ServeBinary.run(["scenarios", "set", "login flow", "nowhere", "--store", store])
        #expect(wrong.status == 1 && wrong.stderr.contains("has no state nowhere"), "\(wrong.stderr)")
        #expect(try ServeBinary.run(["scenarios", "reset", "--store", store]).stdout == "every scenario is at Started\n")
        #expect(try ServeBinary.run(["scenarios", "--store", store]).stdout.contains("login flow\tStarted\t"))
    }
}

/// Issue 48, point 8: `stubs list` shows a fault, a proxy, a delay and a dribble for what they are (a fault stub
/// was listed as `GET url /v1/sync 200`).
extension StubsCLITests {
    @Test func listShowsFaultsProxiesDelaysAndDribbles() throws {
        let store = ServeBinary.temporaryStore()
        let server = try ServeBinary.Server(["--store", store, "--quiet"])
        defer { _ = server.stop() }
        let stubs = [
            #"{"request": {"method": "GET", "url": "/v1/sync"}, "response": {"fault": "CONNECTION_RESET_BY_PEER"}}"#,
            #"{"request": {"url": "/v1/up"}, "response": {"proxyBaseUrl": "http://192.0.2.1:8080"}}"#,
            #"{"request": {"url": "/v1/slow"}, "response": {"status": 201, "fixedDelayMilliseconds": 250}}"#,
            #"{"request": {"url": "/v1/jitter"}, "response": {"delayDistribution": {"type": "uniform", "lower": 1, "upper": 5}}}"#,
            #"{"request": {"url": "/v1/drip"}, "response": {"body": "abcd", "chunkedDribbleDelay": {"numberOfChunks": 4, "totalDuration": 1000}}}"#,
        ]
        for stub in stubs {
            let client = try RawClient(port: server.port)
            try client.send("POST /__admin/mappings HTTP/1.1\r\nHost: localhost\r\nContent-Length: \(stub.utf8.count)\r\n\r\n\(stub)")
            #expect(try client.readResponse().status == 201)
        }
        let listed = try ServeBinary.run(["stubs", "list", "--store", store])
        #expect(listed.status == 0, "\(listed.stderr)")
        for expected in [
            "GET\turl /v1/sync\tfault CONNECTION_RESET_BY_PEER", "ANY\turl /v1/up\tproxy http://192.0.2.1:8080",
            "ANY\turl /v1/slow\t201 after 250 ms", "ANY\turl /v1/jitter\t200 after a uniform delay",
            "ANY\turl /v1/drip\t200 dribbled in 4 chunks over 1000 ms",
        ] {
            #expect(listed.stdout.contains(expected), "\(expected) in \(listed.stdout)")
        }
    }
}
