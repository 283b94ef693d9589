import Foundation
import ShortcutServe
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue 47: what an attacker's pass over `/__admin/` and stubbed paths found, each kept as a regression:
/// links and FIFOs planted in a stubs folder, the journal through a tunnel, browser pages on `/__admin/`,
/// persistent stubs removed by metadata, an import refused half-way, a proxy aimed at the server itself, a
/// limit's refusal that names its flag.
@Suite struct StubAttackRegressionTests {
    /// A WireMock root folder (`mappings/`, `__files/`) under the temp folder, with `outside/secret.txt` beside it.
    final class Folder {
        let base: URL
        var root: URL { base.appendingPathComponent("root") }
        var files: URL { root.appendingPathComponent("__files") }
        var mappings: URL { root.appendingPathComponent("mappings") }
        var secret: URL { base.appendingPathComponent("outside/secret.txt") }

        init() throws {
            base = FileManager.default.temporaryDirectory.appendingPathComponent("attack-\(UUID().uuidString)")
            for folder in [files, mappings, secret.deletingLastPathComponent()] {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            try Data("top secret".utf8).write(to: secret)
            try Data("plain".utf8).write(to: files.appendingPathComponent("plain.txt"))
            try mapping("plain", #"{"request": {"url": "/plain"}, "response": {"bodyFileName": "plain.txt"}}"#)
        }

        func mapping(_ name: String, _ json: String) throws {
            try Data(json.utf8).write(to: mappings.appendingPathComponent(name + ".json"))
        }

        /// A stub serving `__files/<name>` at `/<name>`.
        func bodyFileStub(_ name: String) throws {
            try mapping("file-" + name, #"{"request": {"url": "/\#(name)"}, "response": {"bodyFileName": "\#(name)"}}"#)
        }

        func link(_ name: String, to target: String) throws {
            try FileManager.default.createSymbolicLink(atPath: files.appendingPathComponent(name).path, withDestinationPath: target)
        }

        func server(_ change: (inout ServerConfiguration) -> Void = { _ in }) throws -> AppServer {
            var options = ServerConfiguration()
            options.stubsPath = root.path
            change(&options)
            return try AppServer(options: options)
        }

        func remove() { try? FileManager.default.removeItem(at: base) }
    }

    /// A FIFO at `url` with no writer, and a way to give it one: if a reader is stuck in `open` on it (the
    /// defect), opening it for writing and closing lets that reader go, so a failing test ends instead of
    /// hanging the suite.
    struct FIFO {
        let path: String

        init(at url: URL) throws {
            path = url.path
            guard mkfifo(path, 0o644) == 0 else { throw RawClient.Failure(description: "mkfifo \(path)", code: errno) }
        }

        /// Lets a reader stuck in `open` go; returns whether one was (a writer's non-blocking open succeeds
        /// only when a reader has it open or is opening it).
        @discardableResult
        func release() -> Bool {
            let fd = open(path, O_WRONLY | O_NONBLOCK)
            guard fd >= 0 else { return false }
            close(fd)
            return true
        }
    }

    // MARK: 1. links out of __files/

    @Test func aBodyFileThatIsALinkOutOfFilesIsRefused() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try folder.link("absolute.txt", to: folder.secret.path)
        try folder.link("relative.txt", to: "../../outside/secret.txt")
        try folder.link("outside", to: folder.secret.deletingLastPathComponent().path)
        try folder.link("inside.txt", to: "plain.txt")
        for name in ["absolute.txt", "relative.txt", "inside.txt"] { try folder.bodyFileStub(name) }
        try folder.mapping("folder", #"{"request": {"url": "/through-folder"}, "response": {"bodyFileName": "outside/secret.txt"}}"#)
        let server = try folder.server()
        defer { server.stop() }
        for path in ["/absolute.txt", "/relative.txt", "/through-folder"] {
            let answer = try server.request("GET", path)
            #expect(answer.status == 500 && !answer.bodyText.contains("top secret"), "\(path): \(answer.status) \(answer.bodyText)")
            #expect(answer.bodyText.contains("leads out of its folder"), "\(path): \(answer.bodyText)")
        }
        let inside = try server.request("GET", "/inside.txt")
        #expect(inside.status == 200 && inside.bodyText == "plain", "a link that stays inside __files/ serves: \(inside.bodyText)")
    }

    @Test func aFilesFolderThatIsALinkOutIsRefused() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try FileManager.default.removeItem(at: folder.files)
        try FileManager.default.createSymbolicLink(
            atPath: folder.files.path, withDestinationPath: folder.secret.deletingLastPathComponent().path)
        try folder.bodyFileStub("secret.txt")
        let server = try folder.server()
        defer { server.stop() }
        let answer = try server.request("GET", "/secret.txt")
        #expect(answer.status == 500 && answer.bodyText.contains("leads out of its folder"), "\(answer.status) \(answer.bodyText)")
    }

    // MARK: 2. a FIFO as a body file

    @Test func aBodyFileThatIsAFIFOIsRefusedAtOnceAndOtherStubsServe() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let fifo = try FIFO(at: folder.files.appendingPathComponent("pipe.txt"))
        try folder.bodyFileStub("pipe.txt")
        let server = try folder.server()
        defer { server.stop() }
        var stuck = false
        for _ in 0..<4 {
            let answer = try? server.request("GET", "/pipe.txt")
            if answer == nil { stuck = fifo.release() || true }
            #expect(
                answer?.status == 500 && answer?.bodyText.contains("a FIFO") == true, "\(answer?.bodyText ?? "no answer: held in open")")
        }
        #expect(!stuck, "a request waited for the FIFO's writer")
        for _ in 0..<6 {
            let plain = try? server.request("GET", "/plain")
            #expect(plain?.status == 200, "the plain stub answers")
        }
    }

    // MARK: 3 and 4. a FIFO named *.json in mappings/

    @Test func aMappingFileThatIsAFIFOIsAWarningAtStartAndInTheWatch() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let fifo = try FIFO(at: folder.mappings.appendingPathComponent("evil.json"))
        // Whatever happens, the FIFO gets a writer within the bound, so a server stuck on it fails this test.
        let started = DispatchSemaphore(value: 0)
        let releaser = Thread {
            if started.wait(timeout: .now() + 10) == .timedOut { fifo.release() }
        }
        releaser.start()
        let server = try folder.server()
        started.signal()
        defer { server.stop() }
        let problems = server.app.stubs.loadProblems
        #expect(problems.count == 1 && problems.first?.contains("evil.json") == true, "\(problems)")
        #expect(problems.first?.contains("a FIFO, not a regular file") == true, "\(problems)")
        #expect(try server.request("GET", "/plain").status == 200)

        // Made while running: the watch reads the folder again, says the FIFO, and serves the new file.
        let second = try FIFO(at: folder.mappings.appendingPathComponent("evil2.json"))
        try folder.mapping("later", #"{"request": {"url": "/later"}, "response": {"body": "later"}}"#)
        let watched = DispatchSemaphore(value: 0)
        let releaser2 = Thread {
            if watched.wait(timeout: .now() + 10) == .timedOut { second.release() }
        }
        releaser2.start()
        server.app.stubs.checkFolderNow()
        watched.signal()
        #expect(try server.request("GET", "/later").bodyText == "later")
        #expect(server.app.stubs.loadProblems.contains { $0.contains("evil2.json") }, "\(server.app.stubs.loadProblems)")
    }

    // MARK: 5. the journal through a tunnel

    @Test func theJournalsAdminRoutesRefuseAForwardedRequestEvenWithTheToken() throws {
        let token = "b1f4c3a9e8d7f6a5b4c3d2e1f0a9b8c7"
        var options = ServerConfiguration()
        options.apiToken = token
        let server = try AppServer(options: options)
        defer { server.stop() }
        #expect(try server.request("POST", "/__admin/mappings", json: #"{"request": {"urlPath": "/x"}, "response": {}}"#).status == 201)
        #expect(try server.request("GET", "/x?secret=1").status == 200)
        let tunnel = ["X-Forwarded-For": "203.0.113.9", "Authorization": "Bearer \(token)"]
        for (method, path, body) in [
            ("GET", "/__admin/requests", nil), ("GET", "/__admin/requests/unmatched", nil),
            ("GET", "/__admin/requests/unmatched/near-misses", nil), ("POST", "/__admin/requests/find", "{}"),
            ("POST", "/__admin/requests/count", "{}"), ("DELETE", "/__admin/requests", nil),
        ] as [(String, String, String?)] {
            let answer = try server.request(method, path, json: body, headers: tunnel)
            #expect(answer.status == 403, "\(method) \(path): \(answer.status) \(answer.bodyText.prefix(200))")
            #expect(
                !answer.bodyText.contains("secret=1") && answer.bodyText.contains("forwarded"), "\(path): \(answer.bodyText.prefix(200))")
        }
        let local = try server.request("GET", "/__admin/requests")
        #expect(local.status == 200 && local.bodyText.contains("secret=1"), "this machine still reads it")
        let mappings = try server.request("GET", "/__admin/mappings", headers: tunnel)
        #expect(mappings.status == 200, "the rest of /__admin/ keeps --expose-api's rule: \(mappings.status)")
    }

    // MARK: browser pages on /__admin/

    @Test func adminRefusesWhatABrowserPageSendsEvenFromItsOwnOrigin() throws {
        let server = try AppServer()
        defer { server.stop() }
        let stub = #"{"request": {"url": "/page"}, "response": {"body": "<script>…</script>"}}"#
        let own = "http://127.0.0.1:\(server.port)"
        for headers in [
            ["Origin": own], ["Origin": "null"], ["Sec-Fetch-Site": "same-origin"], ["Sec-Fetch-Mode": "cors"],
            ["Origin": own, "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "cors"],
        ] {
            let refused = try server.request("POST", "/__admin/mappings", json: stub, headers: headers, host: "127.0.0.1:\(server.port)")
            #expect(refused.status == 403 && refused.bodyText.contains("--admin-from-browsers"), "\(headers): \(refused.bodyText)")
            let read = try server.request("GET", "/__admin/mappings", headers: headers, host: "127.0.0.1:\(server.port)")
            #expect(read.status == 403, "\(headers): a read too")
        }
        #expect(server.app.stubs.count == 0)
        #expect(try server.request("POST", "/__admin/mappings", json: stub).status == 201, "a program sends neither")
        let typed = ["Sec-Fetch-Site": "none", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"]
        #expect(try server.request("GET", "/__admin/mappings", headers: typed).status == 200, "an address typed in the bar")

        var options = ServerConfiguration()
        options.adminFromBrowsers = true
        let open = try AppServer(options: options)
        defer { open.stop() }
        let allowed = try open.request(
            "POST", "/__admin/mappings", json: stub, headers: ["Origin": "http://localhost:\(open.port)"], host: "localhost:\(open.port)")
        #expect(allowed.status == 201, "--admin-from-browsers: the own origin may: \(allowed.bodyText)")
        let other = try open.request(
            "POST", "/__admin/mappings", json: stub, headers: ["Origin": "https://evil.example"], host: "localhost:\(open.port)")
        #expect(other.status == 403, "never another origin")
    }

    // MARK: 10. remove-by-metadata and persistent stubs

    @Test func removeByMetadataRemovesPersistentStubsFromTheStore() throws {
        let directory = AppServer.temporaryStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try AppServer(directory: directory)
        for index in 0..<20 {
            let group = index % 2 == 0 ? "a" : "b"
            let stub =
                #"{"persistent": true, "metadata": {"grp": "\#(group)"}, "request": {"url": "/m\#(index)"}, "response": {"body": "\#(index)"}}"#
            #expect(try server.request("POST", "/__admin/mappings", json: stub).status == 201)
        }
        let removed = try server.request("POST", "/__admin/mappings/remove-by-metadata", json: #"{"equalToJson": {"grp": "a"}}"#)
        #expect(removed.status == 200)
        #expect(server.app.stubs.count == 10)
        #expect(try server.request("POST", "/__admin/mappings/reset").status == 200)
        #expect(server.app.stubs.count == 10, "a reset brings back only what the store still holds")
        #expect(try server.request("GET", "/m0").status == 404 && server.request("GET", "/m1").status == 200)
        server.stop(removeFiles: false)
        let again = try AppServer(directory: directory)
        defer { again.stop(removeFiles: false) }
        #expect(again.app.stubs.count == 10, "a restart too")
    }

    // MARK: an import refused half-way

    @Test func anImportIsAllOrNothing() throws {
        let server = try AppServer()
        defer { server.stop() }
        #expect(try server.request("POST", "/__admin/mappings", json: #"{"request": {"url": "/before"}, "response": {}}"#).status == 201)
        // The last mapping's template does not compile: refused after every other was read.
        var mappings = (0..<50).map { #"{"request": {"url": "/i\#($0)"}, "response": {"body": "\#($0)"}}"# }
        mappings.append(
            #"{"request": {"url": "/bad"}, "response": {"body": "{{#if request.url}}never closed", "transformers": ["response-template"]}}"#
        )
        let refused = try server.request(
            "POST", "/__admin/mappings/import",
            json: #"{"mappings": [\#(mappings.joined(separator: ","))], "importOptions": {"deleteAllNotInImport": true}}"#)
        #expect(refused.status == 422 && refused.bodyText.contains("/mappings/50"), "\(refused.bodyText)")
        #expect(server.app.stubs.count == 1, "nothing imported, nothing removed: \(server.app.stubs.count)")
        #expect(try server.request("GET", "/before").status == 200 && server.request("GET", "/i0").status == 404)
    }

    // MARK: a proxy aimed at the server itself

    @Test func aProxyOrARecordingAimedAtTheServerItselfIsRefused() throws {
        let server = try AppServer()
        defer { server.stop() }
        for base in ["http://127.0.0.1:\(server.port)", "http://localhost:\(server.port)/v2"] {
            let stub = #"{"request": {"urlPathPattern": "/loop/.*"}, "response": {"proxyBaseUrl": "\#(base)"}}"#
            let added = try server.request("POST", "/__admin/mappings", json: stub)
            #expect(added.status == 201)
            let answer = try server.request("GET", "/loop/1")
            #expect(answer.status == 502 && answer.bodyText.contains("this server itself"), "\(base): \(answer.status) \(answer.bodyText)")
            #expect(try server.request("DELETE", "/__admin/mappings").status == 200)
        }
        let recording = try server.request(
            "POST", "/__admin/recordings/start", json: #"{"targetBaseUrl": "http://127.0.0.1:\#(server.port)"}"#)
        #expect(recording.status == 422 && recording.bodyText.contains("this server itself"), "\(recording.bodyText)")
        #expect(try server.request("GET", "/__admin/recordings/status").bodyText.contains("NeverStarted"))
    }

    // MARK: limits named by their flags

    @Test func aBodyOverTheLimitIsRefusedNamingTheFlag() throws {
        var options = ServerConfiguration()
        options.limits.maxBodyBytes = 16
        let server = try AppServer(options: options)
        defer { server.stop() }
        let answer = try server.request("POST", "/__admin/mappings", json: String(repeating: " ", count: 17))
        #expect(answer.status == 413 && answer.bodyText.contains("--max-body-bytes"), "\(answer.bodyText)")
    }
}
