import Foundation
import SwifterCompat
import Testing

/// Every `HttpResponse` case and `HttpResponseBody` kind: its status, phrase and fields, and the bytes the
/// server sends for it.
@Suite struct HttpResponseTests {
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let make: @Sendable () -> HttpResponse
        let status: Int
        let phrase: String
        let contentType: String?
        let body: String
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "ok json", make: { .ok(.json(["a": 1])) }, status: 200, phrase: "OK", contentType: "application/json", body: "{\"a\":1}"),
        Case(name: "ok html", make: { .ok(.html("<p>")) }, status: 200, phrase: "OK", contentType: "text/html", body: "<p>"),
        Case(
            name: "ok htmlBody", make: { .ok(.htmlBody("x")) }, status: 200, phrase: "OK", contentType: "text/html",
            body: "<html><meta charset=\"UTF-8\"><body>x</body></html>"),
        Case(name: "ok text", make: { .ok(.text("t")) }, status: 200, phrase: "OK", contentType: "text/plain", body: "t"),
        Case(
            name: "ok data typed", make: { .ok(.data(Data([0x41]), contentType: "image/x")) }, status: 200, phrase: "OK",
            contentType: "image/x", body: "A"),
        Case(name: "ok data untyped", make: { .ok(.data(Data([0x42]))) }, status: 200, phrase: "OK", contentType: nil, body: "B"),
        Case(name: "ok custom", make: { .ok(.custom(7, { "n=\($0)" })) }, status: 200, phrase: "OK", contentType: nil, body: "n=7"),
        Case(
            name: "ok json invalid", make: { .ok(.json(Date())) }, status: 200, phrase: "OK", contentType: "application/json",
            body: "Serialization error: invalidObject"),
        Case(
            name: "ok custom throwing", make: { .ok(.custom(1, { _ in throw SerializationError.notSupported })) }, status: 200,
            phrase: "OK", contentType: nil, body: "Serialization error: notSupported"),
        Case(name: "created", make: { .created }, status: 201, phrase: "Created", contentType: nil, body: ""),
        Case(name: "accepted", make: { .accepted }, status: 202, phrase: "Accepted", contentType: nil, body: ""),
        Case(
            name: "movedPermanently", make: { .movedPermanently("/new") }, status: 301, phrase: "Moved Permanently", contentType: nil,
            body: ""),
        Case(
            name: "movedTemporarily", make: { .movedTemporarily("/tmp") }, status: 307, phrase: "Temporary Redirect", contentType: nil,
            body: ""),
        Case(name: "badRequest", make: { .badRequest(.text("why")) }, status: 400, phrase: "Bad Request", contentType: nil, body: "why"),
        Case(name: "unauthorized", make: { .unauthorized(nil) }, status: 401, phrase: "Unauthorized", contentType: nil, body: ""),
        Case(
            name: "forbidden", make: { .forbidden(.html("<b>no</b>")) }, status: 403, phrase: "Forbidden", contentType: nil,
            body: "<b>no</b>"),
        Case(name: "notFound", make: { .notFound() }, status: 404, phrase: "Not Found", contentType: nil, body: ""),
        Case(
            name: "notAcceptable", make: { .notAcceptable(.text("na")) }, status: 406, phrase: "Not Acceptable", contentType: nil,
            body: "na"),
        Case(
            name: "tooManyRequests", make: { .tooManyRequests(nil) }, status: 429, phrase: "Too Many Requests", contentType: nil, body: ""),
        Case(
            name: "internalServerError", make: { .internalServerError(.text("e")) }, status: 500, phrase: "Internal Server Error",
            contentType: nil, body: "e"),
        Case(
            name: "raw", make: { .raw(299, "Custom Phrase", ["X-A": "1"], { try $0.write(Array("raw".utf8)) }) }, status: 299,
            phrase: "Custom Phrase", contentType: nil, body: "raw"),
        Case(
            name: "raw without writer", make: { .raw(204, "No Content", nil, nil) }, status: 204, phrase: "No Content",
            contentType: nil, body: ""),
    ]

    @Test(arguments: cases)
    func eachCaseOverTheWire(_ item: Case) throws {
        let response = item.make()
        #expect(response.statusCode == item.status)
        #expect(response.reasonPhrase == item.phrase)
        #expect(response.headers()["Content-Type"] == item.contentType)
        #expect(response.headers()["Server"]?.hasPrefix("Swifter 1.5.0") == true)

        let harness = try CompatHarness { $0["/r"] = { _ in item.make() } }
        defer { harness.stop() }
        let client = try harness.client()
        // Twice on one connection: every case keeps the connection alive (Swifter closed after most).
        for _ in 0..<2 {
            try client.send("GET /r HTTP/1.1\r\nHost: a\r\n\r\n")
            let wire = try client.readResponse()
            #expect(wire.statusLine == "HTTP/1.1 \(item.status) \(item.phrase)")
            #expect(wire.header("Content-Type") == item.contentType)
            #expect(wire.bodyText == item.body)
            if item.status != 204 { #expect(wire.header("Content-Length") == String(item.body.utf8.count)) }
        }
    }

    @Test func customAndLocationFields() throws {
        #expect(HttpResponse.ok(.text("x"), ["X-Extra": "1", "Content-Type": "text/csv"]).headers()["X-Extra"] == "1")
        #expect(
            HttpResponse.ok(.text("x"), ["Content-Type": "text/csv"]).headers()["Content-Type"] == "text/plain",
            "the body's type wins, as in Swifter")
        #expect(HttpResponse.movedPermanently("/a").headers()["Location"] == "/a")
        #expect(HttpResponse.movedTemporarily("/b").headers()["Location"] == "/b")
        #expect(HttpResponse.raw(200, "OK", ["X-R": "r"], nil).headers()["X-R"] == "r")
        #expect(HttpResponse.switchProtocols(["Upgrade": "x"], { _ in }).headers()["Upgrade"] == "x")
        #expect(HttpResponse.switchProtocols([:], { _ in }).statusCode == 101)
        #expect(HttpResponse.switchProtocols([:], { _ in }).reasonPhrase == "Switching Protocols")
    }

    @Test func equalityComparesStatusCodesOnly() {
        #expect(HttpResponse.notFound() == .notFound(.text("other body")))
        #expect(HttpResponse.ok(.text("a")) == .ok(.json([1])))
        #expect(!(HttpResponse.ok(.text("a")) == .created))
        #expect(HttpResponse.raw(404, "Gone", nil, nil) == .notFound())
    }

    @Test func theBodyWriterTakesEveryKindOfBytes() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("f.txt", "file;")
        let harness = try CompatHarness { server in
            server["/w"] = { _ in
                .raw(200, "OK", nil) { writer in
                    try writer.write(Array("bytes;".utf8))
                    try writer.write(Array("-slice;-".utf8)[1..<7])
                    try writer.write(NSData(data: Data("nsdata;".utf8)))
                    try writer.write(Data("data;".utf8))
                    let file = try path.openForReading()
                    try writer.write(file)
                    file.close()
                }
            }
        }
        defer { harness.stop() }
        #expect(try harness.get("/w").bodyText == "bytes;slice;nsdata;data;file;")
    }

    @Test func aWriterThatThrowsGets500WithTheReason() throws {
        struct Broken: Error {}
        let harness = try CompatHarness { $0["/w"] = { _ in .raw(200, "OK", nil) { _ in throw Broken() } } }
        defer { harness.stop() }
        let response = try harness.get("/w")
        #expect(response.status == 500)
        #expect(response.bodyText.contains("body writer failed"))
    }

    @Test func aBodyOverMaxResponseBodyBytesGets500AtTheEdge() throws {
        let server = HttpServer()
        server.maxResponseBodyBytes = 10
        server["/n/:count"] = { request in
            let count = Int(request.params[":count"] ?? "") ?? 0
            return .raw(200, "OK", nil) { try $0.write([UInt8](repeating: 0x61, count: count)) }
        }
        let harness = try CompatHarness(server)
        defer { harness.stop() }
        #expect(try harness.get("/n/10").bodyText == String(repeating: "a", count: 10))
        let over = try harness.get("/n/11")
        #expect(over.status == 500)
        #expect(over.bodyText.contains("over 10 bytes"))
    }

    @Test func aStatusCodeThatIsNotThreeDigitsGets500() throws {
        let harness = try CompatHarness { $0["/x"] = { _ in .raw(42, "Odd", nil, nil) } }
        defer { harness.stop() }
        #expect(try harness.get("/x").status == 500)
    }
}
