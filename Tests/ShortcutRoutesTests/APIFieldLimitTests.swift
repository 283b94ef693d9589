import Foundation
import ShortcutServe
import Testing

/// Every length limit of the APIs counts UTF-8 bytes, answered in process (`AppRoutes`): a value of exactly the limit is
/// stored (201), one byte more is refused (422) with a reason naming the field, its size and the limit, and
/// so is one *character* of limit + 1 bytes (a letter and combining marks), which a count of characters
/// let through.
@Suite struct APIFieldLimitTests {
    /// `{"field": value}` as JSON text (the value is written raw: none of these holds `"` or `\`).
    static func object(_ field: String, _ value: String) -> String { #"{"\#(field)": "\#(value)"}"# }

    /// One character of `bytes` bytes: `a` and U+0301 COMBINING ACUTE ACCENT (2 bytes each); `bytes` is odd.
    static func oneCharacter(bytes: Int) -> String { "a" + String(repeating: "\u{301}", count: (bytes - 1) / 2) }

    /// Checks `limit` on the POST route at `path` for one field, through `make` (value → JSON body).
    static func checkEdge(
        _ server: AppRoutes, path: String = "/api/mock", field: String, limit: Int,
        make: (String) -> String, at: String? = nil
    ) throws {
        let exact = try server.request("POST", path, json: make(at ?? String(repeating: "x", count: limit)))
        #expect(exact.status == 201, "\(field) of \(limit) bytes: \(exact.bodyText.prefix(300))")
        for over in [String(repeating: "x", count: limit + 1), oneCharacter(bytes: limit + 1)] {
            let refused = try server.request("POST", path, json: make(over))
            #expect(refused.status == 422, "\(field) of \(limit + 1) bytes (\(over.count) characters)")
            let key = "." + (field.hasPrefix("header") ? "headers" : field)
            #expect(refused.json?["errors"]?[key]?.stringValue == "error.maxLength", "\(field): \(refused.bodyText.prefix(300))")
            let reason = refused.json?["reasons"]?[key]?.stringValue ?? ""
            #expect(reason.contains("\(limit + 1) bytes") && reason.contains("the limit is \(limit)"), "\(field): \(reason)")
        }
    }

    @Test func mockFieldsAreLimitedInBytes() throws {
        let server = try AppRoutes()
        defer { server.stop() }
        try Self.checkEdge(server, field: "secret", limit: 64) { Self.object("secret", $0) }
        try Self.checkEdge(server, field: "content_type", limit: 200) { Self.object("content_type", $0) }
        try Self.checkEdge(server, field: "charset", limit: 50) { Self.object("charset", $0) }
        try Self.checkEdge(server, field: "header value", limit: 8192) { #"{"headers": {"X-Big": "\#($0)"}}"# }
    }

    /// mocky's `name` rule (issue 26, point 7): 100 characters as a JVM counts them (UTF-16 code units).
    /// Before, 400 bytes were accepted: a mocky client's 101-character name was 201 here, 422 there.
    @Test func aMockNameIsAtMostOneHundredCharactersAsMockyCounts() throws {
        let server = try AppRoutes()
        defer { server.stop() }
        for exact in [String(repeating: "x", count: 100), String(repeating: "é", count: 100), String(repeating: "語", count: 100)] {
            let stored = try server.request("POST", "/api/mock", json: Self.object("name", exact))
            #expect(stored.status == 201, "\(exact.utf8.count) bytes: \(stored.bodyText.prefix(200))")
        }
        // 101 letters; 51 emoji (102 UTF-16 units); one letter with 100 combining marks.
        let over: [(String, Int)] = [
            (String(repeating: "x", count: 101), 101), (String(repeating: "😀", count: 51), 102), (Self.oneCharacter(bytes: 201), 101),
        ]
        for (value, units) in over {
            let refused = try server.request("POST", "/api/mock", json: Self.object("name", value))
            #expect(refused.status == 422)
            #expect(refused.json?["errors"]?[".name"]?.stringValue == "error.maxLength")
            #expect(
                refused.json?["reasons"]?[".name"]?.stringValue == "name is \(units) characters; the limit is 100", "\(refused.bodyText)")
        }
    }

    @Test func aHeaderNameOverItsLimitIsRefusedForItsSizeNotAsAToken() throws {
        let server = try AppRoutes()
        defer { server.stop() }
        let exact = try server.request("POST", "/api/mock", json: #"{"headers": {"\#(String(repeating: "n", count: 200))": "v"}}"#)
        #expect(exact.status == 201)
        let over = try server.request("POST", "/api/mock", json: #"{"headers": {"\#(String(repeating: "n", count: 201))": "v"}}"#)
        #expect(over.status == 422)
        #expect(over.json?["errors"]?[".headers"]?.stringValue == "error.maxLength", "\(over.bodyText)")
        #expect(over.json?["reasons"]?[".headers"]?.stringValue?.hasSuffix("is 201 bytes; the limit is 200") == true, "\(over.bodyText)")
    }

    @Test func aHeaderValueOverItsLimitIsRefusedForItsSizeNotForControlCharacters() throws {
        let server = try AppRoutes()
        defer { server.stop() }
        let over = try server.request("POST", "/api/mock", json: #"{"headers": {"X-Big": "\#(String(repeating: "v", count: 8193))"}}"#)
        #expect(over.status == 422)
        #expect(
            over.json?["reasons"]?[".headers"]?.stringValue == #"header "X-Big" has a value of 8193 bytes; the limit is 8192"#,
            "\(over.bodyText.prefix(300))")
    }

    @Test func oneHundredHeadersAreStoredAndOneMoreIsRefused() throws {
        let server = try AppRoutes()
        defer { server.stop() }
        func headers(_ count: Int) -> String {
            "{\"headers\": {" + (0..<count).map { #""X-\#($0)": "v""# }.joined(separator: ",") + "}}"
        }
        #expect(try server.request("POST", "/api/mock", json: headers(100)).status == 201)
        let over = try server.request("POST", "/api/mock", json: headers(101))
        #expect(over.status == 422)
        #expect(over.json?["reasons"]?[".headers"]?.stringValue == "101 headers; the limit is 100")
    }

    @Test func contentIsLimitedInBytes() throws {
        let server = try AppRoutes()
        defer { server.stop() }
        // 333,333 euro signs (3 bytes each) and one letter: 1,000,000 bytes in 333,334 characters.
        let euros = String(repeating: "€", count: 333_333)
        let exact = try server.request("POST", "/api/mock", json: Self.object("content", euros + "x"))
        #expect(exact.status == 201)
        let over = try server.request("POST", "/api/mock", json: Self.object("content", euros + "xy"))
        #expect(over.status == 422)
        #expect(over.json?["reasons"]?[".content"]?.stringValue == "content is 1000001 bytes; the limit is 1000000")
    }

    @Test func theSameLimitsHoldOnPut() throws {
        let server = try AppRoutes()
        defer { server.stop() }
        let id = try #require(try server.request("POST", "/api/mock", json: #"{"content": "a", "secret": "k"}"#).json?["id"]?.stringValue)
        let over = try server.request("PUT", "/api/mock/\(id)", json: #"{"secret": "k", "name": "\#(Self.oneCharacter(bytes: 401))"}"#)
        #expect(over.status == 422)
        #expect(over.json?["errors"]?[".name"]?.stringValue == "error.maxLength")
        #expect(try server.request("GET", "/api/mock/\(id)").json?["name"]?.stringValue == "", "nothing was written")
    }

    @Test func shortcutFieldsAreLimitedInBytes() throws {
        let server = try AppRoutes()
        defer { server.stop() }
        var serial = 0
        func shortcut(title: String = "T", appName: String = "A", secret: String = "s") -> String {
            serial += 1
            return
                #"{"title": "\#(title)", "url": "myapp://x", "app_name": "\#(appName)", "secret": "\#(secret)", "id": "limit\#(serial)"}"#
        }
        try Self.checkEdge(server, path: "/api/shortcuts", field: "secret", limit: 64) { shortcut(secret: $0) }
        // Titles and app names are also limited to 100 characters as a reader sees them: at the byte limit,
        // two characters.
        let wide = Self.oneCharacter(bytes: 4095) + "b"
        try Self.checkEdge(server, path: "/api/shortcuts", field: "title", limit: 4096, make: { shortcut(title: $0) }, at: wide)
        try Self.checkEdge(server, path: "/api/shortcuts", field: "app_name", limit: 4096, make: { shortcut(appName: $0) }, at: wide)
    }

    @Test func aReasonEchoesAtMostAFewBytesOfTheValue() throws {
        let server = try AppRoutes()
        defer { server.stop() }
        let huge = Self.oneCharacter(bytes: 100_001)
        let response = try server.request("POST", "/api/mock", json: Self.object("expiration", huge))
        #expect(response.status == 422)
        #expect(response.body.count < 1000, "the 422 holds \(response.body.count) bytes")
    }
}
