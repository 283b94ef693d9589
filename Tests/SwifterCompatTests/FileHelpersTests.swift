import Foundation
import Testing
import SwifterCompat
import TestSupport

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

    @Test(arguments: escapes)
    func everyWayOutOfTheSharedFolderIsRefused(_ attempt: (target: String, status: Int)) throws {
        let fixture = try Fixture()
        let harness = try CompatHarness { server in
            server["/files/:path"] = shareFilesFromDirectory(fixture.shared)
            server["/browse/:path"] = directoryBrowser(fixture.shared)
        }
        defer { harness.stop() }
        for target in [attempt.target, attempt.target.replacingOccurrences(of: "/files/", with: "/browse/")] {
            let response = try harness.get(target)
            #expect(!response.bodyText.contains("SECRET"), "\(target)")
            #expect(response.status == attempt.status, "\(target): \(response.statusLine) \(response.bodyText)")
        }
    }

    @Test func directoryBrowserListsFoldersAndServesFiles() throws {
        let fixture = try Fixture()
        let harness = try CompatHarness { $0["/browse/:path"] = directoryBrowser(fixture.shared) }
        defer { harness.stop() }
        let listing = try harness.get("/browse/sub")
        #expect(listing.status == 200)
        #expect(listing.header("Content-Type") == "text/html")
        #expect(listing.bodyText.contains("<a href=\"/browse/sub/b.css\">b.css</a>"))
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
        #expect(page.contains("href=\"/browse/odd%20%3Cname%3E.txt\""), "links are percent-encoded")
        let first = try #require(page.range(of: "a.txt"))
        let later = try #require(page.range(of: "index.html"))
        #expect(first.lowerBound < later.lowerBound, "sorted")
    }
}
