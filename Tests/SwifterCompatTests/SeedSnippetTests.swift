import Foundation
import SwifterCompat
import Testing

// The seed's snippet (WKAddToHomeScreen's in-app method), lines 269-273 of
// ../shared/seeds/000_665df40faa1af5a5.txt, verbatim; only the import differs (`import Swifter` there).
// Its context (`base64`, computed above it in the article) is the function's parameter. Two lines are
// left to the test: `try? server.start(9081)` (tests never take a fixed port: the test starts it on port 0,
// and `seedStartLineCompiles` below compiles that exact line) and `UIApplication.shared.open(…)` (iOS only;
// the test's raw-bytes client is the browser).
func seedSnippet(base64: String) -> HttpServer {
    let server = HttpServer()
    server["/s"] = { request in
        return .movedPermanently("data:text/html;base64,\(base64)")
    }
    return server
}

/// The seed's start line, compiled (never called: it binds the fixed port 9081).
func seedStartLineCompiles(_ server: HttpServer) {
    try? server.start(9081)
}

@Suite struct SeedSnippetTests {
    @Test func theSeedSnippetRedirectsToItsDataURIAndKeepsTheConnection() throws {
        let base64 = Data("<title>Add to Home Screen</title>".utf8).base64EncodedString()
        let harness = try CompatHarness(seedSnippet(base64: base64))
        defer { harness.stop() }
        let client = try harness.client()
        for _ in 0..<3 {
            try client.send("GET /s HTTP/1.1\r\nHost: localhost:9081\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.statusLine == "HTTP/1.1 301 Moved Permanently")
            #expect(response.header("Location") == "data:text/html;base64,\(base64)")
            #expect(response.header("Content-Length") == "0")
            #expect(response.header("Connection") == nil, "HTTP/1.1 keep-alive: nothing to announce")
        }
    }
}
