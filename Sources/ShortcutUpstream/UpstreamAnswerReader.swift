import HTTPVocabulary
import ShortcutPlatform

/// Reads one HTTP/1.x answer from a source: lines of the head (`+Head`), then the body in its framing
/// (`+Body`), within `limits`. Each failure names `url`.
struct UpstreamAnswerReader<Source: UpstreamByteSource> {
    /// Bytes asked of the source at a time.
    static var readSize: Int { 16 * 1024 }

    private(set) var source: Source
    let limits: UpstreamLimits
    /// The upstream's URL, for messages.
    let url: String
    /// Bytes received and not yet taken: `buffer[position...]`.
    private var buffer: [UInt8] = []
    private var position = 0
    /// Where the search for the next LF resumes, so that a line arriving in pieces is scanned once.
    private var scanned = 0
    private var scratch: [UInt8]

    init(source: Source, limits: UpstreamLimits, url: String) {
        self.source = source
        self.limits = limits
        self.url = url
        scratch = [UInt8](repeating: 0, count: Self.readSize)
    }

    /// The whole answer to a `method` request: the final head, then the body decoded, `Transfer-Encoding`
    /// gone from the fields (and a `Content-Length` it overrode, RFC 9112 §6.3 item 3).
    mutating func readAnswer(method: String) throws(UpstreamFailure) -> UpstreamResponse {
        var (status, reason, headers) = try readHead()
        let framing = try framing(method: method, status: status, headers: headers)
        let body = try readBody(framing)
        headers.removeAll { field in
            field.name.equalsIgnoringASCIICase("Transfer-Encoding")
                || (framing == .chunked && field.name.equalsIgnoringASCIICase("Content-Length"))
        }
        return UpstreamResponse(status: status, reason: reason, headers: headers, body: body)
    }

    /// How many received bytes wait to be taken.
    var buffered: Int { buffer.count - position }

    /// Reads more from the source into the buffer; false at the end of input.
    mutating func receive() throws(UpstreamFailure) -> Bool {
        // Taken bytes are dropped before the buffer grows, so it holds at most a line or a read's worth.
        if position > 0 {
            buffer.removeSubrange(0..<position)
            scanned = max(0, scanned - position)
            position = 0
        }
        let count: Int
        do {
            count = try source.read(into: &scratch)
        } catch {
            if error.errno == Errno.wouldBlock || error.errno == Errno.resourceTemporarilyUnavailable {
                throw UpstreamFailure(.timedOut, "\(url) did not answer within \(limits.timeoutSeconds) s")
            }
            throw UpstreamFailure(.connectionClosed, "\(url) broke the connection: \(UpstreamFailure.reason(error))")
        }
        buffer += scratch[0..<count]
        return count > 0
    }

    /// The next line without its LF and the CR before it (RFC 9112 §2.2 lets a recipient end a line at a
    /// bare LF), its bytes taken from `budget`; nil when input ends before the line's first byte.
    /// `what` names the part in messages: `header section`, `chunk-size line`, `trailer section`.
    mutating func line(budget: inout Int, what: String) throws(UpstreamFailure) -> ArraySlice<UInt8>? {
        scanned = max(scanned, position)
        while true {
            if let end = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                let length = end + 1 - position
                guard length <= budget else { throw overLimit(what) }
                budget -= length
                var line = buffer[position..<end]
                if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
                position = end + 1
                scanned = position
                return line
            }
            guard buffered <= budget else { throw overLimit(what) }
            scanned = buffer.count
            guard try receive() else {
                if buffered == 0 { return nil }
                throw UpstreamFailure(.connectionClosed, "\(url) closed the connection in the middle of its \(what)")
            }
        }
    }

    /// Takes the CRLF (or bare LF) that must come next: true when it did, false when other bytes come, nil
    /// when input ends first.
    mutating func takeLineEnd() throws(UpstreamFailure) -> Bool? {
        let lf = UInt8(ascii: "\n")
        let cr = UInt8(ascii: "\r")
        while buffered < 2 && !(buffered == 1 && buffer[position] == lf) {
            guard try receive() else { break }
        }
        if buffered >= 1 && buffer[position] == lf {
            position += 1
            return true
        }
        if buffered >= 2 && buffer[position] == cr && buffer[position + 1] == lf {
            position += 2
            return true
        }
        return buffered == 0 || (buffered == 1 && buffer[position] == cr) ? nil : false
    }

    /// Moves up to `count` bytes to the end of `body`, receiving as needed; how many it moved (fewer only
    /// at the end of input).
    mutating func take(_ count: Int, into body: inout [UInt8]) throws(UpstreamFailure) -> Int {
        var moved = 0
        while moved < count {
            if buffered == 0 {
                guard try receive() else { break }
            }
            let part = min(count - moved, buffered)
            body += buffer[position..<position + part]
            position += part
            moved += part
        }
        return moved
    }

    private func overLimit(_ what: String) -> UpstreamFailure {
        UpstreamFailure(.tooLarge, "the answer from \(url) has a \(what) over \(limits.maxHeadBytes) bytes")
    }
}
