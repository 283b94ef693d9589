import Foundation
import ShortcutServe
import TestSupport
import Testing

@testable import ShortcutLinks
@testable import ShortcutRoutes

/// The association files and the matcher on a real server (port 0) and through the real binary.
@Suite struct LinksRouteTests {
    static let assetLinks =
        #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example.app", "sha256_cert_fingerprints": [""#
        + (0..<32).map { _ in "0F" }.joined(separator: ":") + #""]}}]"#

    /// An AASA file of exactly `size` bytes (spaces after the JSON).
    static func padded(_ size: Int) -> [UInt8] {
        let body = Array(SampleInputs.aasa.utf8)
        return body + [UInt8](repeating: 0x20, count: size - body.count)
    }

    func server(aasa: [UInt8]?, assetLinks: [UInt8]? = nil) throws -> AppServer {
        var options = ServerConfiguration()
        options.aasaPath = try aasa.map(SampleInputs.file)
        options.assetLinksPath = try assetLinks.map(SampleInputs.file)
        return try AppServer(options: options)
    }

    @Test(arguments: ["/.well-known/apple-app-site-association", "/apple-app-site-association"])
    func theAASAIsServedByteForByteAtTheLimit(_ path: String) throws {
        let bytes = Self.padded(AssociationFileLimits.maxBytes)
        let app = try server(aasa: bytes)
        defer { app.stop() }
        let response = try app.request("GET", path)
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json")
        #expect(response.header("Location") == nil)
        #expect(response.body == bytes)
    }

    @Test func assetLinksAreServedAndAbsentFilesAre404() throws {
        let app = try server(aasa: nil, assetLinks: Array(Self.assetLinks.utf8))
        defer { app.stop() }
        let served = try app.request("GET", "/.well-known/assetlinks.json")
        #expect(served.status == 200)
        #expect(served.header("Content-Type") == "application/json")
        #expect(served.body == Array(Self.assetLinks.utf8))
        let missing = try app.request("GET", "/.well-known/apple-app-site-association")
        #expect(missing.status == 404)
        #expect(String(decoding: missing.body, as: UTF8.self) == AASASource.missingReason + "\n")
        let noMatcher = try app.request("GET", "/api/links/match?url=https%3A%2F%2Fe.com%2F")
        #expect(noMatcher.status == 404)
        #expect(String(decoding: noMatcher.body, as: UTF8.self).contains("--aasa FILE"))
    }

    @Test func oneByteOverTheLimitRefusesTheStart() throws {
        let path = try SampleInputs.file(Self.padded(AssociationFileLimits.maxBytes + 1))
        var options = ServerConfiguration()
        options.aasaPath = path
        #expect(
            throws: AssociationFiles.Refusal(lines: [
                "\(path): (file): the file is 131073 bytes; the limit is 131072 (128 KB, Apple's CDN refuses larger association files)"
            ])
        ) {
            try AppServer(options: options)
        }
    }

    @Test func theMatchAPIAnswersTheTrace() throws {
        let app = try server(aasa: Array(SampleInputs.aasa.utf8))
        defer { app.stop() }
        let opens = try app.request("GET", "/api/links/match?url=https%3A%2F%2Fexample.com%2Fbuy%2F1")
        #expect(opens.status == 200)
        #expect(opens.json?["opens_app"] == .bool(true))
        #expect(opens.json?["app"] == .string("ABCDE12345.com.example.app"))
        #expect(opens.json?["decided_by"] == .string("applinks.details[0].components[1]"))
        let excluded = try app.request("GET", "/api/links/match?url=https%3A%2F%2Fexample.com%2Fbuy%2F1%23no_universal_links")
        #expect(excluded.json?["opens_app"] == .bool(false))
        #expect(excluded.json?["decided_by"] == .string("applinks.details[0].components[0]"))
        #expect(try app.request("GET", "/api/links/match").status == 400)
        #expect(try app.request("GET", "/api/links/match?url=example.com").status == 400)
    }
}
