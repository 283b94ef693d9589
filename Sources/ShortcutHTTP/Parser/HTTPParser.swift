import ShortcutPlatform

/// An incremental push parser for HTTP/1.1 requests (RFC 9112): bytes in, requests or a typed error out.
///
/// Feed it whatever the socket gave, in pieces of any size; it calls `emit` for every complete request,
/// in order (pipelining), and for `Expect: 100-continue` once the head of such a request is in. After an
/// error it stays failed: the connection answers the error's status and closes.
package struct HTTPParser: Sendable {
    /// What the parser hands to its caller.
    package enum Event {
        /// A complete request, body included, and its head as received (`ReceivedHead.none` for a request
        /// with a body unless `keepsHeads`).
        case request(HTTPRequest, keepAlive: Bool, head: ReceivedHead)
        /// A head with `Expect: 100-continue` whose body has not arrived yet: send `100 Continue` now.
        case continueExpected
    }

    enum State: Sendable {
        case head
        case fixedBody(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailers
        case failed(HTTPParserError)
    }

    let limits: ServerLimits
    var state = State.head
    /// Bytes received and not yet consumed (a partial head, chunk line or body).
    var buffer: [UInt8] = []
    /// Head scanning progress, relative to the start of the head: where the next (or incomplete) line starts.
    var headScanned = 0
    var headLines = 0
    var requestLineLength = 0
    /// The request whose body is being read, and a copy of its head when `keepsHeads`.
    var pending: (request: HTTPRequest, keepAlive: Bool, head: KeptHead)?
    /// Whether the head of a request with a body is copied, to be handed on with it (for the journal): the
    /// head of one without a body is handed on from the bytes it was parsed from, at no cost.
    package var keepsHeads = false
    /// The last request without a body, kept so that the next head is parsed into its storage: once its
    /// handler has let go of it, nothing else holds it (`HTTPRequest.reuse`).
    var spare: HTTPRequest?
    var trailerBytes = 0

    /// Makes a parser enforcing `limits` (target, header section, field count and body sizes).
    package init(limits: ServerLimits = ServerLimits()) { self.limits = limits }

    /// Whether the parser holds part of a request (bytes of a head or a body that is not complete).
    package var isMidRequest: Bool {
        if case .head = state { return !buffer.isEmpty }
        return true
    }

    /// Whether a head is complete and its body is being read.
    package var isReadingBody: Bool {
        switch state {
        case .head, .failed: false
        default: true
        }
    }

    /// Whether bytes wait in the parser (part of a request, or whole requests left by `parse(_:while:_:)`):
    /// `parse` with no new bytes goes on from them.
    package var hasUnparsedBytes: Bool { !buffer.isEmpty }

    /// Takes the bytes read but not parsed (those after a request that upgraded the connection: the new
    /// protocol's first input), leaving none.
    mutating func takeUnparsedBytes() -> [UInt8] {
        defer { buffer = [] }
        return buffer
    }

    /// Parses `bytes`, calling `emit` for each event. Throws the first error; later calls rethrow it.
    package mutating func parse(_ bytes: UnsafeRawBufferPointer, _ emit: (Event) -> Void) throws(HTTPParserError) {
        try parse(bytes, while: { true }, emit)
    }

    /// Parses `bytes` as `parse(_:_:)` does, but asks `canTakeMore` before each request's head and stops there
    /// when it says no: the rest of the bytes wait in the parser (`hasUnparsedBytes`) until a later call.
    /// A connection uses it to leave pipelined requests unparsed while it cannot answer them yet.
    package mutating func parse(
        _ bytes: UnsafeRawBufferPointer, while canTakeMore: () -> Bool, _ emit: (Event) -> Void
    ) throws(HTTPParserError) {
        if case .failed(let error) = state { throw error }
        do throws(HTTPParserError) {
            if buffer.isEmpty {
                // Fast path: parse straight from the caller's bytes and keep only a leftover tail.
                let consumed = try consume(bytes, canTakeMore, emit)
                if consumed < bytes.count { buffer.append(contentsOf: bytes[consumed...]) }
            } else {
                buffer.append(contentsOf: bytes)
                var storage = buffer
                buffer = []
                let outcome = storage.withUnsafeBytes { all in
                    Result { () throws(HTTPParserError) in try consume(all, canTakeMore, emit) }
                }
                storage.removeFirst(try outcome.get())
                buffer = storage
            }
        } catch {
            state = .failed(error)
            buffer = []
            throw error
        }
    }

    /// Runs the state machine over `bytes`; returns how many bytes it consumed.
    mutating func consume(
        _ bytes: UnsafeRawBufferPointer, _ canTakeMore: () -> Bool, _ emit: (Event) -> Void
    ) throws(HTTPParserError) -> Int {
        var offset = 0
        while true {
            switch state {
            case .head:
                guard offset < bytes.count, canTakeMore() else { return offset }
                guard let end = try scanHead(bytes, from: offset) else { return offset }
                // Moved out of `spare`, so that only `request` holds it while the head is parsed.
                var request: HTTPRequest
                if let kept = spare {
                    request = kept
                    spare = nil
                } else {
                    request = HTTPRequest(method: .GET, target: "/", path: "/", query: nil, version: .http1_1)
                }
                let head = try HTTPHeadParser(limits: limits).parse(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]), into: &request)
                let received = ReceivedHead(
                    bytes: UnsafeRawBufferPointer(rebasing: bytes[offset + head.requestLineStart..<end]),
                    carriesCredentials: head.carriesCredentials, longestValue: head.longestValue)
                offset = end
                headScanned = 0
                headLines = 0
                requestLineLength = 0
                switch head.framing {
                case .none:
                    // Handed on at once, not through `pending`: each copy of a request retains its parts.
                    emit(.request(request, keepAlive: head.keepAlive, head: received))
                    spare = request
                case .length(let length):
                    pending = (request, head.keepAlive, keepsHeads ? KeptHead(received) : .none)
                    pending?.request.body.reserveCapacity(length)
                    state = .fixedBody(remaining: length)
                    if head.expectsContinue && bytes.count - offset < length { emit(.continueExpected) }
                case .chunked:
                    pending = (request, head.keepAlive, keepsHeads ? KeptHead(received) : .none)
                    state = .chunkSize
                    if head.expectsContinue && offset == bytes.count { emit(.continueExpected) }
                }
            case .fixedBody(let remaining):
                let take = min(remaining, bytes.count - offset)
                pending?.request.body.append(contentsOf: bytes[offset..<offset + take])
                offset += take
                if take == remaining {
                    finish(emit)
                } else {
                    state = .fixedBody(remaining: remaining - take)
                    return offset
                }
            case .chunkSize:
                guard let next = try parseChunkSize(bytes, from: offset) else { return offset }
                offset = next
            case .chunkData(let remaining):
                let take = min(remaining, bytes.count - offset)
                pending?.request.body.append(contentsOf: bytes[offset..<offset + take])
                offset += take
                guard take == remaining else {
                    state = .chunkData(remaining: remaining - take)
                    return offset
                }
                state = .chunkDataEnd
            case .chunkDataEnd:
                guard bytes.count - offset >= 2 else {
                    if offset < bytes.count && bytes[offset] != 0x0D {
                        throw .malformedChunk("chunk data is not followed by CRLF")
                    }
                    return offset
                }
                guard bytes[offset] == 0x0D && bytes[offset + 1] == 0x0A else {
                    throw .malformedChunk("chunk data is not followed by CRLF")
                }
                offset += 2
                state = .chunkSize
            case .trailers:
                let (next, done) = try parseTrailers(bytes, from: offset)
                offset = next
                guard done else { return offset }
                finish(emit)
            case .failed(let error):
                throw error
            }
        }
    }

    private mutating func finish(_ emit: (Event) -> Void) {
        state = .head
        trailerBytes = 0
        if let (request, keepAlive, head) = pending {
            pending = nil
            head.withReceived { emit(.request(request, keepAlive: keepAlive, head: $0)) }
        }
    }

    /// Finds the end of the head starting at `start` (the index after its empty line), checking line endings
    /// and the size limits as lines arrive. Returns nil while the head is incomplete.
    mutating func scanHead(_ bytes: UnsafeRawBufferPointer, from start: Int) throws(HTTPParserError) -> Int? {
        var position = start + headScanned
        while position < bytes.count {
            guard let lf = HTTPParser.index(of: 0x0A, in: bytes, from: position) else {
                // Resume at the start of this line, not after its bytes: its length and its CR LF ending
                // are only known once the whole line is in.
                headScanned = position - start
                try checkPartialLine(length: bytes.count - position, headSoFar: bytes.count - start)
                return nil
            }
            // The same check on the finished line, before its ending is judged: a request gets the same
            // answer whether the line came in one piece or several.
            try checkPartialLine(length: lf - position, headSoFar: lf - start)
            guard lf > position, bytes[lf - 1] == 0x0D else { throw .bareLineFeed }
            let length = lf - 1 - position
            position = lf + 1
            if headLines == 0 && requestLineLength == 0 {
                if length == 0 && position - start <= 4 {
                    // RFC 9112 §2.2: ignore at least one empty line before the request-line.
                    continue
                }
                requestLineLength = position - start
            } else if length == 0 {
                return position
            } else {
                headLines += 1
                if headLines > limits.maxHeaderCount {
                    throw .tooManyFields(count: headLines, limit: limits.maxHeaderCount)
                }
                let section = position - start - requestLineLength
                if section > limits.maxHeaderBytes {
                    throw .headerSectionTooLarge(size: section, limit: limits.maxHeaderBytes)
                }
            }
            headScanned = position - start
        }
        return nil
    }

    /// Refuses a line that is already over its limit before its end has arrived. `length` counts the line's
    /// bytes before any LF.
    private func checkPartialLine(length: Int, headSoFar: Int) throws(HTTPParserError) {
        if headLines == 0 && requestLineLength == 0 {
            // Room for the method and the version around the longest target.
            if length > limits.maxRequestTargetBytes + 64 {
                throw .targetTooLong(length: length, limit: limits.maxRequestTargetBytes)
            }
        } else if length >= 2 && headSoFar - requestLineLength > limits.maxHeaderBytes {
            // A lone CR may be the start of the final empty line, which the limit does not count; a field
            // line is at least this long plus its LF.
            throw .headerSectionTooLarge(size: headSoFar - requestLineLength, limit: limits.maxHeaderBytes)
        }
    }

    static func index(of byte: UInt8, in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        Platform.firstIndex(of: byte, in: bytes, from: start)
    }
}
