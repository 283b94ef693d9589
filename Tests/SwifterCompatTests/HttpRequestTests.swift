import Foundation
import SwifterCompat
import Testing

/// `HttpRequest`'s fields as the server fills them (live), and its helpers (no server).
@Suite struct HttpRequestTests {
    /// Serves one route that hands the request it got to `inspect`, and sends `raw` to it.
    func received(_ raw: String, route: String = "/r/:id") throws -> HttpRequest {
        let box = RequestBox()
        let harness = try CompatHarness { server in
            server[route] = { request in
                box.set(request)
                return .ok(.text("seen"))
            }
        }
        defer { harness.stop() }
        #expect(try harness.send(raw).status == 200)
        return try #require(box.request)
    }

    @Test func theServerFillsEveryField() throws {
        let request = try received(
            "PoSt /r/a%20b?x=%41&y=1+2&flag&=v&z=1=2 HTTP/1.1\r\nHost: h\r\nX-Twice: first\r\nx-twice:  last \r\n"
                + "Content-Length: 4\r\n\r\nbody")
        #expect(request.method == "PoSt")
        #expect(request.path == "/r/a%20b", "percent-encoding kept")
        #expect(request.params == [":id": "a b"])
        #expect(request.queryParams.map { "\($0.0)=\($0.1)" } == ["x=%41", "y=1+2", "flag=", "=v", "z=1=2"])
        #expect(request.headers["x-twice"] == "last", "names lowercased, the last repeated field wins")
        #expect(request.headers["host"] == "h")
        #expect(request.headers["content-length"] == "4")
        #expect(request.body == Array("body".utf8))
        #expect(request.address == "127.0.0.1")
    }

    @Test func fieldsCanBeSetLikeSwiftersPlainVariables() {
        let request = HttpRequest()
        #expect(request.path == "" && request.method == "" && request.body.isEmpty && request.params.isEmpty)
        #expect(request.queryParams.isEmpty && request.headers.isEmpty && request.address == "")
        request.queryParams = [("a", "1")]
        request.headers = ["k": "v"]
        request.address = nil
        #expect(request.queryParams.first?.1 == "1")
        #expect(request.headers == ["k": "v"])
        #expect(request.address == nil)
    }

    @Test func hasTokenForHeader() {
        let request = HttpRequest()
        request.headers = ["connection": "keep-alive, Upgrade", "upgrade": "websocket"]
        #expect(request.hasTokenForHeader("connection", token: "upgrade"))
        #expect(request.hasTokenForHeader("connection", token: "keep-alive"))
        #expect(!request.hasTokenForHeader("connection", token: "close"))
        #expect(!request.hasTokenForHeader("missing", token: "x"))
    }

    @Test func parseUrlencodedForm() {
        let request = HttpRequest()
        request.headers = ["content-type": "application/x-www-form-urlencoded; charset=utf-8"]
        request.body = Array("a=1&name=J%C3%B6rg+B&plus=%2B&bad=%zz&novalue&x=1=2".utf8)
        let pairs = request.parseUrlencodedForm()
        #expect(pairs.map { "\($0.0)|\($0.1)" } == ["a|1", "name|Jörg B", "plus|+", "|", "|", "|"])
        request.headers = ["content-type": "text/plain"]
        #expect(request.parseUrlencodedForm().isEmpty, "another content type")
        request.headers = ["content-type": "application/x-www-form-urlencoded"]
        request.body = [0xFF, 0x3D, 0x31]
        #expect(request.parseUrlencodedForm().isEmpty, "not UTF-8")
    }

    @Test func parseMultiPartFormData() {
        let request = HttpRequest()
        request.headers = ["content-type": "multipart/form-data; boundary=XyZ"]
        request.body = Array(
            ("--XyZ\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nHello\r\n"
                + "--XyZ\r\nContent-Disposition: form-data; name=\"icon\"; filename=\"a.png\"\r\nContent-Type: image/png\r\n\r\n"
                + "\u{1}\u{2}\r\n--X not the boundary\r\n--XyZ--\r\n").utf8)
        let parts = request.parseMultiPartFormData()
        #expect(parts.count == 2)
        #expect(parts.first?.name == "title")
        #expect(parts.first?.fileName == nil)
        #expect(parts.first.map { String(decoding: $0.body, as: UTF8.self) } == "Hello")
        #expect(parts.last?.name == "icon")
        #expect(parts.last?.fileName == "a.png")
        #expect(parts.last?.headers["content-type"] == "image/png")
        #expect(parts.last?.body == Array("\u{1}\u{2}\r\n--X not the boundary".utf8))

        request.body = Array("--other\r\n\r\nx\r\n--other--\r\n".utf8)
        #expect(request.parseMultiPartFormData().isEmpty, "a body that does not start with the boundary")
        request.headers = ["content-type": "multipart/form-data"]
        #expect(request.parseMultiPartFormData().isEmpty, "no boundary")
        request.headers = ["content-type": "text/plain; boundary=XyZ"]
        #expect(request.parseMultiPartFormData().isEmpty, "another content type")
    }

    @Test func multiPartMadeByHand() {
        let part = HttpRequest.MultiPart(headers: ["content-disposition": "form-data; name=\"n\"; filename=\"f.txt\""], body: [1])
        #expect(part.name == "n" && part.fileName == "f.txt" && part.body == [1])
    }
}

/// Carries a request out of a handler (handlers run on the server's queues).
final class RequestBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: HttpRequest?
    var request: HttpRequest? { lock.withLock { stored } }
    func set(_ request: HttpRequest) { lock.withLock { stored = request } }
}
