import Foundation
import SwifterCompat
import Testing

// Swifter's README examples (httpswift/swifter 1.5.0, README.md), each verbatim but for the import and its
// last line: `server.start()` does not compile as written, with Swifter either (it throws), and tests never
// take its fixed port 8080, so each example returns its server and the test starts it on port 0.
// `path` and the Desktop folder are the examples' free names, given here.

func readmeHowToStart() -> HttpServer {
    let server = HttpServer()
    server["/hello"] = { .ok(.htmlBody("You asked for \($0)")) }
    return server
}

func readmeLoadHTMLByString(path: String) -> HttpServer {
    let server = HttpServer()
    server[path] = { request in
        return HttpResponse.ok(.text("<html string>"))
    }
    return server
}

func readmeShareFiles(desktop: String) -> HttpServer {
    let server = HttpServer()
    server["/desktop/:path"] = shareFilesFromDirectory(desktop)
    return server
}

func readmeRedirect() -> HttpServer {
    let server = HttpServer()
    server["/redirect"] = { request in
        return .movedPermanently("http://www.google.com")
    }
    return server
}

func readmeHTML() -> HttpServer {
    let server = HttpServer()
    server["/my_html"] = scopes {
        html {
            body {
                h1 { inner = "hello" }
            }
        }
    }
    return server
}

func readmeWebSockets() -> HttpServer {
    let server = HttpServer()
    server["/websocket-echo"] = websocket(
        text: { session, text in
            session.writeText(text)
        },
        binary: { session, binary in
            session.writeBinary(binary)
        })
    return server
}

@Suite struct ReadmeExamplesTests {
    @Test func howToStart() throws {
        let harness = try CompatHarness(readmeHowToStart())
        defer { harness.stop() }
        let response = try harness.get("/hello")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/html")
        #expect(response.bodyText.hasPrefix("<html><meta charset=\"UTF-8\"><body>You asked for "))
    }

    @Test func loadHTMLByString() throws {
        let harness = try CompatHarness(readmeLoadHTMLByString(path: "/page"))
        defer { harness.stop() }
        let response = try harness.get("/page")
        #expect(response.header("Content-Type") == "text/plain")
        #expect(response.bodyText == "<html string>")
    }

    @Test func shareFiles() throws {
        let folder = try TemporaryFolder()
        try folder.write("notes.txt", "on the desktop")
        let harness = try CompatHarness(readmeShareFiles(desktop: folder.path))
        defer { harness.stop() }
        let response = try harness.get("/desktop/notes.txt")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/plain")
        #expect(response.bodyText == "on the desktop")
    }

    @Test func redirect() throws {
        let harness = try CompatHarness(readmeRedirect())
        defer { harness.stop() }
        let response = try harness.get("/redirect")
        #expect(response.status == 301)
        #expect(response.header("Location") == "http://www.google.com")
    }

    @Test func webSockets() throws {
        let harness = try CompatHarness(readmeWebSockets())
        defer { harness.stop() }
        let client = try WebSocketClient(port: harness.port)
        try client.handshake("/websocket-echo")
        try client.sendText("echo me")
        #expect(try client.readText() == "echo me")
        try client.send(0x2, [1, 2, 3])
        #expect(try client.readFrame()?.payload == [1, 2, 3])
    }

    @Test func html() throws {
        let harness = try CompatHarness(readmeHTML())
        defer { harness.stop() }
        let response = try harness.get("/my_html")
        #expect(response.header("Content-Type") == "text/html")
        #expect(response.bodyText == "<!DOCTYPE html><html><body><h1>hello</h1></body></html>")
    }
}
