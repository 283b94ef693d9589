import ShortcutHTTP
import Testing

// The parser's test harness: feed modes, outcomes and fixtures shared by the HTTPParser*Tests suites.
// Modelled on SwiftNIO's HTTPDecoderTest: every case is parsed whole, dripped one byte at a time and split
// at every offset, and all of them must agree.

/// A request reduced to what the parser decided, so that outcomes compare with `==`.
struct ParsedRequest: Equatable, Sendable, CustomStringConvertible {
    var method: String
    var target: String
    var path: String
    var query: String?
    var version: HTTPVersion
    var headers: [HTTPField]
    var body: [UInt8]
    var keepAlive: Bool

    init(_ request: HTTPRequest, keepAlive: Bool) {
        method = request.method.rawValue
        target = request.target
        path = request.path
        query = request.query
        version = request.version
        headers = request.headers.fields
        body = request.body
        self.keepAlive = keepAlive
    }

    /// A fixture: `GET /` over HTTP/1.1 with `Host: a`, no body, kept alive, unless told otherwise.
    static func make(
        method: String = "GET", target: String = "/", path: String? = nil, query: String? = nil,
        version: HTTPVersion = .http1_1, headers: [(String, String)] = [("Host", "a")], body: String = "",
        keepAlive: Bool = true
    ) -> ParsedRequest {
        var request = HTTPRequest(method: HTTPMethod(method), target: target, version: version)
        request.path = path ?? request.path
        request.query = query ?? request.query
        request.headers = HTTPHeaders(headers)
        request.body = Array(body.utf8)
        return ParsedRequest(request, keepAlive: keepAlive)
    }

    var description: String {
        let fields = headers.map { "\($0.name.prefix(40)): \($0.value.prefix(40))" }
        return "\(method.prefix(40)) \(target.prefix(80)) \(version) \(fields) body \(body.count) bytes, "
            + "keepAlive \(keepAlive)"
    }
}

/// What a parser made of some bytes: its events in order, then the error it threw (nil when none).
struct ParseOutcome: Equatable, CustomStringConvertible {
    enum Event: Equatable, CustomStringConvertible {
        case request(ParsedRequest)
        case continueExpected

        var description: String {
            switch self {
            case .request(let request): "request(\(request))"
            case .continueExpected: "continueExpected"
            }
        }
    }

    var events: [Event] = []
    /// The head handed on with each request (the parser keeps heads, as it does for the journal).
    var heads: [[UInt8]] = []
    var error: HTTPParserError?
    /// Whether the parser still held part of a request when the bytes ran out.
    var isMidRequest = false

    var requests: [ParsedRequest] {
        events.compactMap { event in
            if case .request(let request) = event { request } else { nil }
        }
    }

    /// What must not depend on how the bytes were split. `100 Continue` is only asked for when the body
    /// has not arrived with the head, and a size limit hit before a line ended reports the bytes seen so
    /// far; the requests, the error's kind and its status must be the same however the bytes came.
    var splitIndependent: ParseOutcome {
        var copy = self
        copy.events.removeAll { $0 == .continueExpected }
        switch error {
        case .targetTooLong(_, let limit): copy.error = .targetTooLong(length: 0, limit: limit)
        case .headerSectionTooLarge(_, let limit): copy.error = .headerSectionTooLarge(size: 0, limit: limit)
        default: break
        }
        return copy
    }

    var description: String {
        "\(events)" + (error.map { " then \($0)" } ?? "") + (isMidRequest ? " (waiting for more)" : "")
    }
}

/// How bytes reach the parser.
enum Feed: CustomStringConvertible {
    /// All bytes in one call.
    case whole
    /// One byte per call.
    case drip
    /// Two calls: the bytes before `at`, then the rest.
    case split(at: Int)

    var description: String {
        switch self {
        case .whole: "whole"
        case .drip: "one byte at a time"
        case .split(let offset): "split at \(offset)"
        }
    }
}

extension ServerLimits {
    /// Small limits that keep the limit tests fast: target 64, header section 256, 8 fields, body 32.
    static func make(target: Int = 64, headerBytes: Int = 256, fields: Int = 8, body: Int = 32) -> ServerLimits {
        var limits = ServerLimits()
        limits.maxRequestTargetBytes = target
        limits.maxHeaderBytes = headerBytes
        limits.maxHeaderCount = fields
        limits.maxBodyBytes = body
        return limits
    }
}

enum ParserHarness {
    /// Runs a fresh parser over `bytes` fed as `feed`, stopping at the first error.
    static func parse(_ bytes: [UInt8], limits: ServerLimits = ServerLimits(), feed: Feed = .whole) -> ParseOutcome {
        var parser = HTTPParser(limits: limits)
        parser.keepsHeads = true
        var outcome = ParseOutcome()
        let pieces: [ArraySlice<UInt8>] =
            switch feed {
            case .whole: [bytes[...]]
            case .drip: bytes.indices.map { bytes[$0...$0] }
            case .split(let offset): [bytes[..<offset], bytes[offset...]]
            }
        for piece in pieces {
            let thrown = send(piece, to: &parser) { event in
                switch event {
                case .request(let request, let keepAlive, let head):
                    outcome.events.append(.request(ParsedRequest(request, keepAlive: keepAlive)))
                    outcome.heads.append(Array(head.bytes))
                case .continueExpected:
                    outcome.events.append(.continueExpected)
                }
            }
            if let thrown {
                outcome.error = thrown
                break
            }
        }
        outcome.isMidRequest = outcome.error == nil && parser.isMidRequest
        return outcome
    }

    /// Feeds `piece` to `parser`; returns the error it threw, if any.
    static func send(
        _ piece: ArraySlice<UInt8>, to parser: inout HTTPParser, _ emit: (HTTPParser.Event) -> Void
    ) -> HTTPParserError? {
        piece.withUnsafeBytes { raw -> HTTPParserError? in
            do throws(HTTPParserError) {
                try parser.parse(raw, emit)
                return nil
            } catch {
                return error
            }
        }
    }

    /// Parses `bytes` whole, dripped and split at every offset (or at `maxSplits` spread offsets for big
    /// inputs), records an issue for every feed whose outcome differs from the whole one, and returns that.
    static func parseEveryWay(
        _ bytes: [UInt8], limits: ServerLimits = ServerLimits(), maxSplits: Int = 2048, drip: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> ParseOutcome {
        let whole = parse(bytes, limits: limits)
        let expected = whole.splitIndependent
        var feeds: [Feed] = drip ? [.drip] : []
        if bytes.count > 1 {
            let step = max(1, (bytes.count - 1) / maxSplits)
            feeds += stride(from: 1, to: bytes.count, by: step).map { Feed.split(at: $0) }
        }
        for feed in feeds {
            let outcome = parse(bytes, limits: limits, feed: feed).splitIndependent
            if outcome != expected {
                Issue.record(
                    "fed \(feed): \(outcome)\nwhole: \(expected)\ninput: \(shown(bytes))",
                    sourceLocation: sourceLocation)
                return whole
            }
        }
        return whole
    }

    /// The bytes as text, with CR, LF and other controls escaped, cut to a readable length.
    static func shown(_ bytes: [UInt8], limit: Int = 300) -> String {
        var text = ""
        for byte in bytes.prefix(limit) {
            switch byte {
            case 0x0D: text += "\\r"
            case 0x0A: text += "\\n"
            case 0x09: text += "\\t"
            case 0x20..<0x7F: text += String(UnicodeScalar(byte))
            default: text += "\\x" + String(byte, radix: 16)
            }
        }
        return bytes.count > limit ? text + "…(\(bytes.count) bytes)" : text
    }
}

/// The bytes of `text` (UTF-8; every test request is ASCII unless it says otherwise).
func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// What a table case expects.
enum Expected: Sendable, CustomStringConvertible {
    /// These requests, in order, and no error.
    case requests([ParsedRequest])
    /// This many requests and no error (when their content is not the point).
    case accepts(Int)
    /// No request and this exact error.
    case error(HTTPParserError)
    /// No request and an error with this status.
    case status(Int)
    /// No request, no error: the parser waits for more bytes.
    case waits

    var description: String {
        switch self {
        case .requests(let requests): "\(requests.count) request(s)"
        case .accepts(let count): "\(count) request(s)"
        case .error(let error): "\(error)"
        case .status(let status): "status \(status)"
        case .waits: "waiting"
        }
    }
}

/// One row of a parser table: a name, the raw request and what it must give.
struct ParserCase: Sendable, CustomTestStringConvertible {
    var name: String
    var input: [UInt8]
    var expected: Expected
    var limits = ServerLimits()
    /// How many split offsets to try at most (spread over the input), and whether to drip it.
    var maxSplits = 2048
    var drip = true

    init(_ name: String, _ input: String, _ expected: Expected, limits: ServerLimits = ServerLimits()) {
        self.init(name, bytes(input), expected, limits: limits)
    }

    init(_ name: String, _ input: [UInt8], _ expected: Expected, limits: ServerLimits = ServerLimits()) {
        self.name = name
        self.input = input
        self.expected = expected
        self.limits = limits
    }

    var testDescription: String { name }

    /// Parses every way and checks the outcome against `expected`.
    func check(sourceLocation: SourceLocation = #_sourceLocation) {
        let outcome = ParserHarness.parseEveryWay(
            input, limits: limits, maxSplits: maxSplits, drip: drip, sourceLocation: sourceLocation)
        let context = Comment(rawValue: "\(name): got \(outcome)")
        switch expected {
        case .requests(let requests):
            #expect(outcome.error == nil, context, sourceLocation: sourceLocation)
            #expect(outcome.requests == requests, context, sourceLocation: sourceLocation)
        case .accepts(let count):
            #expect(outcome.error == nil, context, sourceLocation: sourceLocation)
            #expect(outcome.requests.count == count, context, sourceLocation: sourceLocation)
        case .error(let error):
            #expect(outcome.requests.isEmpty, context, sourceLocation: sourceLocation)
            #expect(outcome.error == error, context, sourceLocation: sourceLocation)
        case .status(let status):
            #expect(outcome.requests.isEmpty, context, sourceLocation: sourceLocation)
            #expect(outcome.error?.status.code == status, context, sourceLocation: sourceLocation)
        case .waits:
            #expect(outcome.error == nil && outcome.requests.isEmpty, context, sourceLocation: sourceLocation)
            #expect(outcome.isMidRequest, context, sourceLocation: sourceLocation)
        }
    }
}
