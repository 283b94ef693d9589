import Foundation
import SwifterCompat
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `shareFile`, `shareFilesFromDirectory` and `directoryBrowser`, served from a temporary folder, and every
/// way out of the folder refused.
@Suite struct FileHelpersTests {
    /// `root/shared/{index.html, a.txt, sub/b.css, inside-link -> a.txt, escape -> ../secret.txt, out -> /etc}`
    /// and `root/secret.txt` beside it.
    final class Fixture {
        let root: TemporaryFolder
        var shared: String { root.path + "/shared" }

        init() throws {
            root = try TemporaryFolder()
            try root.write("secret.txt", "SECRET")
            try root.write("shared/index.html", "<h1>index</h1>")
            try root.write("shared/a.txt", "file a")
            try root.write("shared/sub/b.css", "b{}")
            try root.write("shared/odd <name>.txt", "odd")
            let manager = FileManager.default
            try manager.createSymbolicLink(atPath: shared + "/inside-link", withDestinationPath: "a.txt")
            try manager.createSymbolicLink(atPath: shared + "/escape", withDestinationPath: "../secret.txt")
            try manager.createSymbolicLink(atPath: shared + "/out", withDestinationPath: root.path)
        }
    }

    @Test func shareFileServesOneFileWithItsType() throws {
        let fixture = try Fixture()
        let harness = try CompatHarness { server in
            server["/one"] = shareFile(fixture.shared + "/sub/b.css")
            server["/missing"] = shareFile(fixture.shared + "/nope.txt")
            server["/folder"] = shareFile(fixture.shared)
        }
        defer { harness.stop() }
        let response = try harness.get("/one")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/css")
        #expect(response.header("Content-Length") == "3")
        #expect(response.bodyText == "b{}")
        #expect(try harness.get("/missing").status == 404)
        #expect(try harness.get("/folder").status == 404, "a folder is not a file")
    }

    @Test func shareFilesFromDirectoryServesTheFolder() throws {
        let fixture = try Fixture()
        let harness = try CompatHarness { $0["/files/:path"] = shareFilesFromDirectory(fixture.shared) }
        defer { harness.stop() }
        #expect(try harness.get("/files/a.txt").bodyText == "file a")
        #expect(try harness.get("/files/a.txt").header("Content-Type") == "text/plain")
        #expect(try harness.get("/files/sub%2Fb.css").bodyText == "b{}", "a subfolder through an encoded slash, as in Swifter")
        #expect(try harness.get("/files/sub/b.css").status == 404, ":path takes one segment")
        #expect(try harness.get("/files/inside-link").bodyText == "file a", "a link that stays inside is followed")
        #expect(try harness.get("/files/none.txt").status == 404)
        #expect(try harness.get("/files/sub").status == 404, "a folder is not served")
    }

    @Test func anEmptyCaptureServesTheFirstDefaultThatExists() throws {
        let fixture = try Fixture()
        let handler = shareFilesFromDirectory(fixture.shared, defaults: ["missing.html", "index.html"])
        let request = HttpRequest()
        request.params = [":path": ""]
        #expect(handler(request).statusCode == 200)
        #expect(handler(request).headers()["Content-Type"] == "text/html")
        request.params = [:]
        #expect(handler(request).statusCode == 404, "no capture")
    }

    static let escapes: [(target: String, status: Int)] = [
        ("/files/..%2Fsecret.txt", 403),
        ("/files/..%2F..%2F..%2F..%2F..%2Fetc%2Fhostname", 403),
        ("/files/%2e%2e%2Fsecret.txt", 403),
        ("/files/sub%2F..%2F..%2Fsecret.txt", 403),
        ("/files/..", 403),
        ("/files/%2e%2e", 403),
        ("/files/escape", 403),
        ("/files/out%2Fsecret.txt", 403),
        ("/files/a.txt%00.png", 400),
    ]

    /// `attempt.target` (under `/files/`, and the same under `/browse/`) answers `attempt.status` from the
    /// two file helpers sharing `fixture`'s folder, and never the secret beside it.
    static func expectRefused(_ attempt: (target: String, status: Int), from fixture: Fixture) throws {
        let harness = try CompatHarness { server in
            server["/files/:path"] = shareFilesFromDirectory(fixture.shared)
            server["/browse/:path"] = directoryBrowser(fixture.shared)
        }
        defer { harness.stop() }
        for target in [attempt.target, attempt.target.replacingOccurrences(of: "/files/", with: "/browse/")] {
            let response = try harness.get(target)
            #expect(!response.bodyText.contains("SECRET"), "\(target.prefix(80))")
            #expect(response.status == attempt.status, "\(target.prefix(80)): \(response.statusLine)")
        }
    }

    @Test(arguments: escapes)
    func everyWayOutOfTheSharedFolderIsRefused(_ attempt: (target: String, status: Int)) throws {
        let fixture = try Fixture()
        try Self.expectRefused(attempt, from: fixture)
    }

    @Test func directoryBrowserListsFoldersAndServesFiles() throws {
        let fixture = try Fixture()
        let harness = try CompatHarness { $0["/browse/:path"] = directoryBrowser(fixture.shared) }
        defer { harness.stop() }
        let listing = try harness.get("/browse/sub")
        #expect(listing.status == 200)
        #expect(listing.header("Content-Type") == "text/html")
        #expect(listing.bodyText.contains("<a href=\"/browse/sub%2Fb.css\">b.css</a>"), "the link stays one segment")
        #expect(try harness.get("/browse/a.txt").bodyText == "file a")
        #expect(try harness.get("/browse/nothing").status == 404)

        let handler = directoryBrowser(fixture.shared)
        let request = HttpRequest()
        request.path = "/browse"
        request.params = [":path": ""]
        guard case .ok(.html(let page), _) = handler(request) else {
            Issue.record("the root is listed")
            return
        }
        #expect(page.contains("odd &lt;name&gt;.txt</a>"), "names are escaped")
        #expect(page.contains("href=\"/browse/odd%20%3Cname%3E.txt\""), "links are percent-encoded (the root's: no %2F)")
        let first = try #require(page.range(of: "a.txt"))
        let later = try #require(page.range(of: "index.html"))
        #expect(first.lowerBound < later.lowerBound, "sorted")
    }

    /// Swifter's listing linked `/browse/sub/b.css`, which `/browse/:path` never matches (one segment): every
    /// link of a subfolder's listing was a 404. Each link must reach its entry, at any depth.
    @Test func everyLinkOfAListingReachesItsEntry() throws {
        let fixture = try Fixture()
        try fixture.root.write("shared/sub/deeper/c.txt", "file c")
        let harness = try CompatHarness { $0["/browse/:path"] = directoryBrowser(fixture.shared) }
        defer { harness.stop() }
        var pending = ["/browse/sub"]
        var files: [String: String] = [:]
        while let target = pending.popLast() {
            let page = try harness.get(target)
            #expect(page.status == 200, "\(target)")
            guard page.header("Content-Type") == "text/html" else {
                files[target] = page.bodyText
                continue
            }
            for part in page.bodyText.components(separatedBy: "href=\"").dropFirst() {
                if let end = part.firstIndex(of: "\"") { pending.append(String(part[..<end])) }
            }
        }
        #expect(files.values.sorted() == ["b{}", "file c"], "\(files)")
    }

    /// More ways out, each refused or simply not there, never the secret: double encoding, backslashes,
    /// absolute paths, `;` parameters, a path past every limit, a link loop, a link to a device.
    static let oddPaths: [(target: String, status: Int)] = [
        ("/files/%252e%252e%252fsecret.txt", 404),
        ("/files/..%5Csecret.txt", 404),
        ("/files/%5C..%5C..%5Csecret.txt", 404),
        ("/files/%2F%2Fetc%2Fpasswd", 404),
        ("/files/%2Fetc%2Fpasswd", 404),
        ("/files/..;%2Fsecret.txt", 404),
        ("/files/..%3B%2Fsecret.txt", 404),
        ("/files/.%2E%2Fsecret.txt", 403),
        ("/files/" + String(repeating: "a", count: 5000), 404),
        ("/files/loop", 404),
        ("/files/zero", 403),
    ]

    @Test(arguments: oddPaths)
    func oddPathsNeverLeaveTheFolder(_ attempt: (target: String, status: Int)) throws {
        let fixture = try Fixture()
        try FileManager.default.createSymbolicLink(atPath: fixture.shared + "/loop", withDestinationPath: "loop2")
        try FileManager.default.createSymbolicLink(atPath: fixture.shared + "/loop2", withDestinationPath: "loop")
        try FileManager.default.createSymbolicLink(atPath: fixture.shared + "/zero", withDestinationPath: "/dev/zero")
        try Self.expectRefused(attempt, from: fixture)
    }

    /// A FIFO in the shared folder is not a file to serve: opening it for reading used to wait for a writer,
    /// holding an event loop (and every connection on it) for as long as none came.
    @Test func aFIFOInTheFolderIsNotServedAndDoesNotHang() throws {
        let fixture = try Fixture()
        try #require(mkfifo(fixture.shared + "/pipe", 0o644) == 0)
        let harness = try CompatHarness { server in
            server["/files/:path"] = shareFilesFromDirectory(fixture.shared)
            server["/browse/:path"] = directoryBrowser(fixture.shared)
            server["/one"] = shareFile(fixture.shared + "/pipe")
        }
        defer { harness.stop() }
        for target in ["/files/pipe", "/browse/pipe", "/one"] {
            #expect(try harness.get(target).status == 404, "\(target)")
        }
        #expect(try harness.get("/files/a.txt").bodyText == "file a", "the server still answers")
    }
}
