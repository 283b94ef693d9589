import Foundation
import ShortcutServe
import Testing

/// Stubs at the app's own paths over real sockets (issue 40's first served slice): WireMock's admin API for
/// mappings, a stub answering `/v1/...` (its status, headers, body, template), the 404 with near misses when
/// none matches, a WireMock root folder served as it is, and the API's guards on `/__admin/`.
@Suite struct StubRoutesTests {
    static let user = #"""
        {"request": {"method": "GET", "urlPathTemplate": "/v1/users/{id}", "queryParameters": {"expand": {"equalTo": "team"}},
                     "headers": {"Accept": {"contains": "json"}}},
         "response": {"status": 200, "headers": {"Content-Type": "application/json", "X-Id": "{{request.path.id}}"},
                      "jsonBody": {"id": "{{request.path.id}}", "team": "ios"}, "transformers": ["response-template"]}}
        """#

    @Test func aStubAddedThroughTheAdminAPIAnswersTheAppsOwnPath() throws {
        let server = try AppServer()
        defer { server.stop() }
        let created = try server.request("POST", "/__admin/mappings", json: Self.user)
        #expect(created.status == 201, "\(created.bodyText)")
        let id = try #require(created.json?["id"]?.stringValue)
        #expect(created.json?["uuid"]?.stringValue == id)

        let answer = try server.request("GET", "/v1/users/42?expand=team", headers: ["Accept": "application/json"])
        #expect(answer.status == 200, "\(answer.bodyText)")
        #expect(answer.header("X-Id") == "42")
        #expect(answer.json?["id"] == .string("42") && answer.json?["team"] == .string("ios"), "\(answer.bodyText)")

        let listed = try server.request("GET", "/__admin/mappings")
        #expect(listed.json?["meta"]?["total"] == .number(1))
        #expect(try server.request("GET", "/__admin/mappings/\(id.uppercased())").status == 200, "ids compare without case")
        #expect(try server.request("DELETE", "/__admin/mappings/\(id.uppercased())").status == 200)
        #expect(try server.request("GET", "/__admin/mappings/\(id)").status == 404)
        let gone = try server.request("GET", "/v1/users/42?expand=team", headers: ["Accept": "application/json"])
        #expect(gone.status == 404)
    }

    @Test func aRequestNoStubMatchesGets404WithTheNearMissNamingTheFailingCriterion() throws {
        let server = try AppServer()
        defer { server.stop() }
        #expect(try server.request("POST", "/__admin/mappings", json: Self.user).status == 201)
        let miss = try server.request("GET", "/v1/users/42?expand=org", headers: ["Accept": "text/plain"])
        #expect(miss.status == 404)
        #expect(miss.bodyText.contains("No stub matched GET /v1/users/42?expand=org"), "\(miss.bodyText)")
        #expect(miss.bodyText.contains("expand"), "the failing query parameter is named: \(miss.bodyText)")
        let json = try server.request("GET", "/v1/users/42?expand=org", headers: ["Accept": "application/json"])
        #expect(json.status == 404)
        let nearMisses = try #require(json.json?["nearMisses"])
        let entries = try #require(nearMisses.arrayValue, "nearMisses is not an array: \(json.bodyText)")
        #expect(entries.count == 1)
        // The built-in routes still answer, and a route's own 404 is unchanged.
        #expect(try server.request("GET", "/s").status == 301)
        #expect(try server.request("GET", "/v3/none").bodyText.contains("no stored page 'none'"))
    }

    @Test func aRefusedMappingIs422NamingTheFieldAndNothingIsAdded() throws {
        let server = try AppServer()
        defer { server.stop() }
        let cases: [(String, String)] = [
            (#"{"request": {"url": "/a", "multipartPatterns": []}, "response": {}}"#, "/request/multipartPatterns"),
            (#"{"request": {"urlPattern": "(a"}, "response": {}}"#, "/request/urlPattern"),
            (#"{"request": {"url": "/a", "headers": {"Accept": {"equalsTo": "x"}}}, "response": {}}"#, "/request/headers/Accept"),
            (#"{"request": {"url": "/a"}, "response": {"fault": "TIMEOUT"}}"#, "/response/fault"),
            (#"{"request": {"url": "/a"}, "response": {"bodyFileName": "../../etc/passwd"}}"#, "/response/bodyFileName"),
        ]
        for (mapping, pointer) in cases {
            let refused = try server.request("POST", "/__admin/mappings", json: mapping)
            #expect(refused.status == 422, "\(mapping): \(refused.status) \(refused.bodyText)")
            #expect(refused.bodyText.contains(#""pointer":"\#(pointer)""#), "\(mapping): \(refused.bodyText)")
        }
        #expect(try server.request("GET", "/__admin/mappings").json?["meta"]?["total"] == .number(0))
        #expect(try server.request("POST", "/__admin/mappings", json: "{").status == 400)
    }

    @Test func theAdminAPIHasTheAPIsGuardsAndTakesJSONWhateverTheContentType() throws {
        let server = try AppServer()
        defer { server.stop() }
        let body = #"{"request": {"url": "/ping"}, "response": {"body": "pong"}}"#
        let noType = try server.request(
            "POST", "/__admin/mappings", json: body, headers: ["Content-Type": "application/x-www-form-urlencoded"])
        #expect(noType.status == 201, "a Swift client's body without a JSON type is taken: \(noType.bodyText)")
        #expect(try server.request("GET", "/ping").bodyText == "pong")
        let crossSite = try server.request("DELETE", "/__admin/mappings", headers: ["Origin": "https://evil.example"])
        #expect(crossSite.status == 403)
        let rebound = try server.request("GET", "/__admin/mappings", host: "evil.example")
        #expect(rebound.status == 400 || rebound.status == 403, "\(rebound.status)")
        let forwarded = try server.request("GET", "/__admin/mappings", headers: ["X-Forwarded-For": "203.0.113.9"])
        #expect(forwarded.status == 403)
        #expect(try server.request("GET", "/__admin/health").json?["status"] == .string("healthy"))
        // A stub never answers the admin API; an app's /api/ is its own (issue 48), the built-in one shadowed.
        let shadow = #"{"request": {"urlPathPattern": "/(api|__admin)/.*"}, "response": {"body": "stub"}}"#
        #expect(try server.request("POST", "/__admin/mappings", json: shadow).status == 201)
        #expect(try server.request("GET", "/__admin/mappings").bodyText != "stub")
        #expect(try server.request("GET", "/api/problems").bodyText == "stub")
    }

    @Test func aWireMockRootFolderServesAsItIsAndABrokenFileIsReportedWhileTheOthersServe() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stubs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("__files"), withIntermediateDirectories: true)
        try Data(#"{"request": {"method": "GET", "url": "/v1/one"}, "response": {"status": 201, "body": "one"}}"#.utf8)
            .write(to: root.appendingPathComponent("mappings/one.json"))
        try Data(
            #"""
            {"mappings": [
              {"request": {"method": "POST", "urlPath": "/v1/login", "bodyPatterns": [{"matchesJsonPath": "$.user"}]},
               "response": {"status": 200, "bodyFileName": "token.json", "headers": {"Content-Type": "application/json"}}},
              {"priority": 1, "request": {"method": "ANY", "urlPathPattern": "/v1/slow/.*"},
               "response": {"status": 204, "fixedDelayMilliseconds": 1}}
            ]}
            """#.utf8
        ).write(to: root.appendingPathComponent("mappings/many.json"))
        try Data("{\n  \"request\": {\"url\": \"/x\"},\n  oops\n}".utf8).write(to: root.appendingPathComponent("mappings/broken.json"))
        try Data(#"{"token": "t0k"}"#.utf8).write(to: root.appendingPathComponent("__files/token.json"))
        var options = ServerConfiguration()
        options.stubsPath = root.path
        let server = try AppServer(options: options)
        defer { server.stop() }
        #expect(
            server.app.startupWarnings.contains { $0.contains("broken.json") && $0.contains("line 3") }, "\(server.app.startupWarnings)")
        let one = try server.request("GET", "/v1/one")
        #expect(one.status == 201 && one.bodyText == "one")
        let login = try server.request("POST", "/v1/login", json: #"{"user": "a", "password": "b"}"#)
        #expect(login.status == 200 && login.json?["token"] == .string("t0k"), "\(login.bodyText)")
        #expect(try server.request("POST", "/v1/login", json: #"{"name": "a"}"#).status == 404)
        #expect(try server.request("DELETE", "/v1/slow/anything").status == 204)
        // Reset goes back to the folder's stubs.
        #expect(try server.request("DELETE", "/__admin/mappings").status == 200)
        #expect(try server.request("GET", "/v1/one").status == 404)
        #expect(try server.request("POST", "/__admin/mappings/reset").status == 500, "the broken file is said again")
        #expect(try server.request("GET", "/v1/one").status == 201)
    }

    @Test func importAddsReplacesOrKeepsByThePolicyAndChecksEveryMappingFirst() throws {
        let server = try AppServer()
        defer { server.stop() }
        let id = "8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7"
        let first = #"{"mappings": [{"id": "\#(id)", "request": {"url": "/a"}, "response": {"body": "1"}}]}"#
        #expect(try server.request("POST", "/__admin/mappings/import", json: first).status == 200)
        #expect(try server.request("GET", "/a").bodyText == "1")
        let ignored =
            #"{"mappings": [{"id": "\#(id.uppercased())", "request": {"url": "/a"}, "response": {"body": "2"}}], "importOptions": {"duplicatePolicy": "IGNORE"}}"#
        #expect(try server.request("POST", "/__admin/mappings/import", json: ignored).status == 200)
        #expect(try server.request("GET", "/a").bodyText == "1")
        let overwrite = #"{"mappings": [{"uuid": "\#(id)", "request": {"url": "/a"}, "response": {"body": "3"}}]}"#
        #expect(try server.request("POST", "/__admin/mappings/import", json: overwrite).status == 200)
        #expect(try server.request("GET", "/a").bodyText == "3")
        let bad = #"{"mappings": [{"request": {"url": "/b"}, "response": {}}, {"request": {"url": "/c", "host": "x"}, "response": {}}]}"#
        let refused = try server.request("POST", "/__admin/mappings/import", json: bad)
        #expect(refused.status == 422 && refused.bodyText.contains("/mappings/1/request/host"), "\(refused.bodyText)")
        #expect(try server.request("GET", "/b").status == 404, "a refused import adds nothing")
    }
}

extension StubRoutesTests {
    @Test func aStubThatShadowsABuiltInRouteWinsAndIsSaidInTheListingAndTheIndex() throws {
        let server = try AppServer()
        defer { server.stop() }
        let shadow = #"{"name": "my demo", "request": {"method": "GET", "url": "/s"}, "response": {"status": 200, "body": "mine"}}"#
        #expect(try server.request("POST", "/__admin/mappings", json: shadow).status == 201)
        #expect(try server.request("GET", "/s").bodyText == "mine", "the stub is asked first")
        let listed = try server.request("GET", "/__admin/mappings")
        #expect(
            listed.bodyText.contains(#""shadowedRoutes":[{"id":"#) && listed.bodyText.contains(#""paths":["/s"]"#), "\(listed.bodyText)")
        #expect(server.app.startupWarnings.contains { $0.contains("answers /s instead of the built-in route") })
        let index = try server.request("GET", "/")
        #expect(index.bodyText.contains("Stubs (1)") && index.bodyText.contains("my demo"), "\(index.bodyText.prefix(2000))")
    }

    @Test func removeByMetadataAndUnbuiltEndpointsAnswer501() throws {
        let server = try AppServer()
        defer { server.stop() }
        let tagged = #"{"request": {"url": "/t"}, "response": {"body": "t"}, "metadata": {"team": "a"}}"#
        let other = #"{"request": {"url": "/u"}, "response": {"body": "u"}, "metadata": {"team": "b"}}"#
        #expect(try server.request("POST", "/__admin/mappings", json: tagged).status == 201)
        #expect(try server.request("POST", "/__admin/mappings", json: other).status == 201)
        let removed = try server.request(
            "POST", "/__admin/mappings/remove-by-metadata", json: #"{"matchesJsonPath": {"expression": "$.team", "equalTo": "a"}}"#)
        #expect(removed.status == 200, "\(removed.bodyText)")
        #expect(try server.request("GET", "/t").status == 404)
        #expect(try server.request("GET", "/u").bodyText == "u")
        let scenarios = try server.request("GET", "/__admin/files")
        #expect(scenarios.status == 501 && scenarios.bodyText.contains("not implemented"), "\(scenarios.bodyText)")
    }
}

extension StubRoutesTests {
    @Test func aMappingFileChangedWhileRunningIsReadAgainAndABrokenOneIsSaidWhileTheOthersServe() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stubs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let mappings = root.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        try Data(#"{"request": {"url": "/v1/a"}, "response": {"body": "a1"}}"#.utf8).write(to: mappings.appendingPathComponent("a.json"))
        var options = ServerConfiguration()
        options.stubsPath = root.path
        let server = try AppServer(options: options)
        defer { server.stop() }
        #expect(
            try server.request("POST", "/__admin/mappings", json: #"{"request": {"url": "/api-made"}, "response": {"body": "kept"}}"#)
                .status == 201)
        #expect(try server.request("GET", "/v1/a").bodyText == "a1")

        try Data(#"{"request": {"url": "/v1/a"}, "response": {"body": "a2"}}"#.utf8).write(to: mappings.appendingPathComponent("a.json"))
        try Data(#"{"request": {"url": "/v1/b"}, "response": {"body": "b"}}"#.utf8).write(to: mappings.appendingPathComponent("b.json"))
        try Data("{\n \"request\": \n}".utf8).write(to: mappings.appendingPathComponent("c.json"))
        server.app.stubs.checkFolderNow()
        #expect(try server.request("GET", "/v1/a").bodyText == "a2", "the changed file is read again")
        #expect(try server.request("GET", "/v1/b").bodyText == "b", "a new file is read")
        #expect(try server.request("GET", "/api-made").bodyText == "kept", "stubs added through the API stay")
        #expect(
            server.app.stubs.loadProblems.contains { $0.contains("c.json") && $0.contains("line 3") }, "\(server.app.stubs.loadProblems)")

        try FileManager.default.removeItem(at: mappings.appendingPathComponent("b.json"))
        server.app.stubs.checkFolderNow()
        #expect(try server.request("GET", "/v1/b").status == 404, "a removed file's stubs go")
    }
}

extension StubRoutesTests {
    @Test func aPersistentStubSurvivesARestartInTheStoreAndOthersDoNot() throws {
        let directory = AppServer.temporaryStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let server = try AppServer(directory: directory)
            let kept = #"{"persistent": true, "request": {"url": "/kept"}, "response": {"body": "kept"}}"#
            let lost = #"{"request": {"url": "/lost"}, "response": {"body": "lost"}}"#
            #expect(try server.request("POST", "/__admin/mappings", json: kept).status == 201)
            #expect(try server.request("POST", "/__admin/mappings", json: lost).status == 201)
            #expect(try server.request("POST", "/__admin/mappings/reset").status == 200)
            #expect(try server.request("GET", "/kept").bodyText == "kept", "a reset keeps what the store holds")
            #expect(try server.request("GET", "/lost").status == 404)
            let listed = try server.request("GET", "/api/mock")
            #expect(!listed.bodyText.contains("/kept"), "a stub's record is no mock: \(listed.bodyText)")
            server.stop(removeFiles: false)
        }
        let again = try AppServer(directory: directory)
        defer { again.stop(removeFiles: false) }
        #expect(try again.request("GET", "/kept").bodyText == "kept", "read back from the store at start")
        let id = try #require(
            again.request("GET", "/__admin/mappings").json?["mappings"].flatMap { list -> String? in
                if case .array(let all) = list, case .string(let id)? = all.first?["id"] { return id }
                return nil
            })
        #expect(try again.request("DELETE", "/__admin/mappings/\(id)").status == 200)
        again.stop(removeFiles: false)
        let third = try AppServer(directory: directory)
        defer { third.stop(removeFiles: false) }
        #expect(try third.request("GET", "/kept").status == 404, "a removed persistent stub's record is gone")
    }
}

extension StubRoutesTests {
    @Test func saveWritesTheStubsIntoTheFolderWhichServesThemAfterARestart() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stubs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        var options = ServerConfiguration()
        options.stubsPath = root.path
        do {
            let server = try AppServer(options: options)
            defer { server.stop() }
            let created = try server.request(
                "POST", "/__admin/mappings", json: #"{"request": {"url": "/saved"}, "response": {"body": "saved"}}"#)
            let id = try #require(created.json?["id"]?.stringValue)
            #expect(try server.request("POST", "/__admin/mappings/save").status == 200)
            let names = try FileManager.default.contentsOfDirectory(atPath: root.path + "/mappings")
            #expect(names == ["\(id).json"], "\(names)")
            server.app.stubs.checkFolderNow()
            #expect(server.app.stubs.count == 1, "the saved file is not read as a second stub")
        }
        let again = try AppServer(options: options)
        defer { again.stop() }
        #expect(try again.request("GET", "/saved").bodyText == "saved")
        let plain = try AppServer()
        defer { plain.stop() }
        let refused = try plain.request("POST", "/__admin/mappings/save")
        #expect(refused.status == 422 && refused.bodyText.contains("no --stubs folder"), "\(refused.bodyText)")
    }
}
