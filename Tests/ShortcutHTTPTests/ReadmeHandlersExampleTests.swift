import Foundation
import ShortcutHTTP
import TestSupport
import Testing

/// docs/embedding.md's example of blocking and async handlers ("The library"), as written there.
@Suite struct ReadmeHandlersExampleTests {
    @Test func theExampleAnswers() async throws {
        let notesFile = FileManager.default.temporaryDirectory.appendingPathComponent("notes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: notesFile) }
        let server = HTTPServer()
        // From docs/embedding.md:
        actor Visits {
            var count = 0
            func next() -> Int {
                count += 1
                return count
            }
        }
        let visits = Visits()
        server.POST.blocking("/notes") { request in  // on the server's threads: it may wait for the disk
            do {
                try Data(request.body).write(to: notesFile)
                return .noContent
            } catch {
                return .error(.internalServerError, "\(error)")
            }
        }
        server.GET.async("/hello") { request in  // a task: it may await (an actor, a database)
            guard let name = request.queryValue("name") else { throw HTTPResponseError(.badRequest("give ?name=")) }
            return .ok(.text("hello \(name), visitor \(await visits.next())"))
        }
        // End of docs/embedding.md.
        let port = try server.start(0).port
        defer { server.stopAndWait() }
        let (saved, hello, refused) = try await onOwnThread {
            let client = try RawClient(port: port)
            try client.send("POST /notes HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\n\r\nnote")
            let saved = try client.readResponse().status
            try client.send("GET /hello?name=you HTTP/1.1\r\nHost: a\r\n\r\n")
            let hello = try client.readResponse().bodyText
            try client.send("GET /hello HTTP/1.1\r\nHost: a\r\n\r\n")
            return (saved, hello, try client.readResponse())
        }
        #expect(saved == 204 && (try? String(contentsOf: notesFile, encoding: .utf8)) == "note")
        #expect(hello == "hello you, visitor 1")
        #expect(refused.status == 400 && refused.bodyText.hasPrefix("give ?name="))
    }
}
