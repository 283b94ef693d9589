import Foundation
import ShortcutServe
import Testing

/// A WireMock root folder with a mapping of every supported kind (Fixtures/wiremock-root: templates with
/// path parameters, `or`, `absent`, repeated query values with `hasExactly`, basic auth, `equalToJson` with a
/// placeholder and extra elements, `matchesJsonPath` with a sub-matcher, `bodyFileName`, `statusMessage`, a
/// regex URL, form parameters, cookies, `base64Body`, `binaryEqualTo`, `priority`, a delay) served as it is.
@Suite struct WireMockRootFolderTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/wiremock-root").path

    static func server() throws -> AppServer {
        var options = ServerConfiguration()
        options.stubsPath = root
        return try AppServer(options: options)
    }

    @Test func everyKindOfMappingServesUnchanged() throws {
        let server = try Self.server()
        defer { server.stop() }
        #expect(server.app.stubs.count == 5 && server.app.stubs.loadProblems.isEmpty, "\(server.app.stubs.loadProblems)")

        let json = ["Accept": "application/json"]
        let user = try server.request("GET", "/v1/users/42?expand=team", headers: json)
        #expect(user.status == 200 && user.json?["id"] == .string("42") && user.json?["expand"] == .string("team"), "\(user.bodyText)")
        #expect(try server.request("GET", "/v1/users/42?expand=org", headers: json).status == 200, "or")
        #expect(
            try server.request("GET", "/v1/users/42?expand=team", headers: json.merging(["X-Debug": "1"]) { $1 }).status == 404, "absent")
        #expect(try server.request("GET", "/v1/users/abc?expand=team", headers: json).status == 404, "path parameter matches")
        #expect(try server.request("GET", "/v1/users/42?expand=all", headers: json).status == 404)

        let search = try server.request("GET", "/v1/search?tag=a&tag=b")
        #expect(search.status == 200 && search.bodyText == "found a;b;", "\(search.bodyText)")
        #expect(try server.request("GET", "/v1/search?tag=a").status == 404, "hasExactly needs both")

        let auth = "Basic " + Data("ana:s3cret".utf8).base64EncodedString()
        let login = try server.request(
            "POST", "/v1/login", json: #"{"device": "iPhone15", "remember": true, "extra": 1}"#, headers: ["Authorization": auth])
        #expect(login.status == 201 && login.statusLine.hasSuffix("201 Signed In"), "\(login.statusLine)")
        #expect(login.json?["token"] == .string("t0k"))
        let wrongPassword = "Basic " + Data("ana:nope".utf8).base64EncodedString()
        #expect(
            try server.request(
                "POST", "/v1/login", json: #"{"device": "iPhone15", "remember": true}"#, headers: ["Authorization": wrongPassword]
            )
            .status == 404)
        #expect(
            try server.request("POST", "/v1/login", json: #"{"device": "Pixel", "remember": true}"#, headers: ["Authorization": auth])
                .status
                == 404, "the JSONPath sub-matcher")

        let form = try server.request(
            "POST", "/v1/forms/signup", json: "name=ada&x=1",
            headers: ["Content-Type": "application/x-www-form-urlencoded", "Cookie": "session=s-00ff"])
        #expect(form.status == 202 && form.bodyText == "accepted", "\(form.status) \(form.bodyText)")
        #expect(
            try server.request(
                "POST", "/v1/forms/signup", json: "name=ada",
                headers: ["Content-Type": "application/x-www-form-urlencoded", "Cookie": "session=x"]
            ).status == 404, "the cookie's regex")

        #expect(
            try server.request("PUT", "/v1/blobs/x?v=2", json: "\u{0}\u{1}\u{2}", headers: ["Content-Type": "application/octet-stream"])
                .status == 204)
        #expect(
            try server.request("PUT", "/v1/blobs/x?v=2", json: "\u{0}\u{1}\u{3}", headers: ["Content-Type": "application/octet-stream"])
                .status == 404)
    }
}
