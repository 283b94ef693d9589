import ShortcutHTTP
import Testing

/// `parse(_:while:_:)`: the parser stops before a request's head when its caller cannot take more, keeps the
/// rest, and goes on from it later, with the same requests as one uninterrupted parse.
@Suite struct HTTPParserPauseTests {
    static let three =
        "GET /1 HTTP/1.1\r\nHost: a\r\n\r\nPOST /2 HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabc"
        + "GET /3 HTTP/1.1\r\nHost: a\r\n\r\nGET /4 HTTP/1.1\r\nHo"

    /// Feeds `input` in the given pieces, taking at most one request per call (empty calls resume).
    static func paths(feeding pieces: [String], resumes: Int) throws -> (paths: [String], unparsed: Bool) {
        var parser = HTTPParser()
        var paths: [String] = []
        func parse(_ text: String) throws {
            var takenThisCall = 0
            let bytes = Array(text.utf8)
            try bytes.withUnsafeBytes { raw in
                try parser.parse(raw, while: { takenThisCall == 0 }) { event in
                    if case .request(let request, _, _) = event {
                        paths.append(request.path)
                        takenThisCall += 1
                    }
                }
            }
        }
        for piece in pieces { try parse(piece) }
        for _ in 0..<resumes { try parse("") }
        return (paths, parser.hasUnparsedBytes)
    }

    @Test func stopsBeforeTheNextHeadAndResumesFromWhatItKept() throws {
        let first = try Self.paths(feeding: [Self.three], resumes: 0)
        #expect(first.paths == ["/1"])
        #expect(first.unparsed)
        let all = try Self.paths(feeding: [Self.three], resumes: 3)
        #expect(all.paths == ["/1", "/2", "/3"])
        #expect(all.unparsed, "the incomplete fourth head stays")
    }

    @Test func resumingWorksWhateverTheSplitOfTheInput() throws {
        let bytes = Array(Self.three.utf8)
        for split in 1..<bytes.count {
            let pieces = [String(decoding: bytes[..<split], as: UTF8.self), String(decoding: bytes[split...], as: UTF8.self)]
            let all = try Self.paths(feeding: pieces, resumes: 3)
            #expect(all.paths == ["/1", "/2", "/3"], "split at \(split)")
        }
    }

    @Test func aMalformedRequestAfterTheStopIsReportedWhenParsingResumes() throws {
        var parser = HTTPParser()
        let bytes = Array("GET /1 HTTP/1.1\r\nHost: a\r\n\r\nGET /2 HTTP/1.1\nHost: a\r\n\r\n".utf8)
        var count = 0
        try bytes.withUnsafeBytes { raw in
            try parser.parse(raw, while: { count == 0 }) { _ in count += 1 }
        }
        #expect(count == 1)
        #expect(throws: HTTPParserError.bareLineFeed) {
            try parser.parse(UnsafeRawBufferPointer(start: nil, count: 0)) { _ in count += 1 }
        }
    }
}
