import Foundation
import Testing

/// PUT and DELETE on one mock at the same moment (issue 8, point 6): a DELETE answered 204 stays deleted,
/// and a PUT that finds no record answers 404 and writes nothing.
@Suite struct UpdateDeleteRaceTests {
    @Test func aDeleteAnsweredNoContentStaysDeletedWhateverPUTRacesIt() throws {
        let server = try AppServer()
        defer { server.stop() }
        let trials = 40
        var deleted = 0
        var resurrected: [String] = []
        for trial in 0..<trials {
            let id = "race-\(trial)"
            let made = try server.request("POST", "/api/mock", json: #"{"content": "v0", "id": "\#(id)", "secret": "s"}"#)
            #expect(made.status == 201)
            let putBody = #"{"content": "v1", "status": 202, "secret": "s"}"#
            let deleteBody = #"{"secret": "s"}"#
            let put = try server.client()
            let delete = try server.client()
            // Both requests leave before either answer is read; the server takes them on two event loops.
            try put.send(
                "PUT /api/mock/\(id) HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: \(putBody.utf8.count)\r\n\r\n\(putBody)"
            )
            try delete.send(
                "DELETE /api/mock/\(id) HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: \(deleteBody.utf8.count)\r\n\r\n\(deleteBody)"
            )
            let putAnswer = try put.readResponse()
            let deleteAnswer = try delete.readResponse()
            #expect([204, 404].contains(putAnswer.status), "\(id): PUT \(putAnswer.statusLine)")
            #expect(deleteAnswer.status == 204, "\(id): the record existed until this DELETE or the PUT's write")
            guard deleteAnswer.status == 204 else { continue }
            deleted += 1
            let onDisk = FileManager.default.fileExists(atPath: server.directory.path + "/pages/\(id).page")
            let shown = try server.request("GET", "/api/mock/\(id)").status
            if onDisk || shown != 404 { resurrected.append("\(id) (PUT \(putAnswer.status), file \(onDisk), GET \(shown))") }
        }
        #expect(deleted == trials)
        #expect(resurrected.isEmpty, "\(resurrected.count) of \(trials) deleted records came back: \(resurrected)")
    }

    @Test func aPUTOnAMissingRecordIs404AndWritesNothing() throws {
        let server = try AppServer()
        defer { server.stop() }
        #expect(try server.request("POST", "/api/mock", json: #"{"content": "v0", "id": "gone", "secret": "s"}"#).status == 201)
        #expect(try server.request("DELETE", "/api/mock/gone", json: #"{"secret": "s"}"#).status == 204)
        let put = try server.request("PUT", "/api/mock/gone", json: #"{"content": "v1", "secret": "s"}"#)
        #expect(put.status == 404 && put.bodyText == "no record 'gone' or wrong secret\n")
        #expect(!FileManager.default.fileExists(atPath: server.directory.path + "/pages/gone.page"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: server.directory.path + "/stats").filter { $0.hasPrefix("gone") }.isEmpty)
    }
}
