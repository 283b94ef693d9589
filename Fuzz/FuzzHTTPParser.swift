// libFuzzer target for HTTPParser: no top-level code (libFuzzer supplies main()). Built by scripts/fuzz.sh
// together with the parser's sources into one module, so it reaches internal API.
//
// Each input is parsed three ways: whole, split in two at an offset derived from the data, and in pieces
// of 1 to 16 bytes. Besides traps and memory errors, these are findings (they stop the run):
// - the three ways disagree on the requests or on the error (its kind and status);
// - a request breaks a limit or carries a byte a strict parser never lets through;
// - the head handed on with a request is not its bytes, or says wrongly what the journal trusts it for.
// The last byte chooses the limits: small ones (so that every limit path is reached) or the defaults.

import HTTPVocabulary

/// What a parse produced, reduced to what must not depend on how the bytes arrived.
struct FuzzOutcome: Equatable {
    struct Request: Equatable {
        var method: String
        var target: String
        var version: HTTPVersion
        var headers: [HTTPField]
        var body: [UInt8]
        var keepAlive: Bool
        /// The head handed on with it (`ReceivedHead`: the parser keeps heads, as it does for the journal).
        var head: [UInt8]
    }

    var requests: [Request] = []
    /// The error, with the byte counts of a limit hit before a line ended zeroed (they depend on the split).
    var error: HTTPParserError?
}

let smallLimits: ServerLimits = {
    var limits = ServerLimits()
    limits.maxRequestTargetBytes = 64
    limits.maxHeaderBytes = 256
    limits.maxHeaderCount = 8
    limits.maxBodyBytes = 64
    return limits
}()

func parseInPieces(_ bytes: UnsafeRawBufferPointer, limits: ServerLimits, cuts: [Int]) -> FuzzOutcome {
    var parser = HTTPParser(limits: limits)
    parser.keepsHeads = true
    var outcome = FuzzOutcome()
    var start = 0
    for end in cuts + [bytes.count] where end >= start {
        do throws(HTTPParserError) {
            try parser.parse(UnsafeRawBufferPointer(rebasing: bytes[start..<end])) { event in
                guard case .request(let request, let keepAlive, let head) = event else { return }
                check(request, limits: limits)
                check(head, of: request)
                outcome.requests.append(
                    FuzzOutcome.Request(
                        method: request.method.rawValue, target: request.target, version: request.version,
                        headers: request.headers.fields, body: request.body, keepAlive: keepAlive, head: Array(head.bytes)))
            }
        } catch {
            switch error {
            case .targetTooLong(_, let limit): outcome.error = .targetTooLong(length: 0, limit: limit)
            case .headerSectionTooLarge(_, let limit): outcome.error = .headerSectionTooLarge(size: 0, limit: limit)
            default: outcome.error = error
            }
            // A failed parser must keep failing with the same error.
            do throws(HTTPParserError) {
                try parser.parse(UnsafeRawBufferPointer(rebasing: bytes[0..<0])) { _ in
                    fatalError("event after an error")
                }
                fatalError("a failed parser accepted more bytes")
            } catch let again {
                precondition(again == error, "a failed parser threw \(again), then \(error)")
            }
            return outcome
        }
        start = end
    }
    return outcome
}

/// What every emitted request must satisfy.
func check(_ request: HTTPRequest, limits: ServerLimits) {
    precondition(request.body.count <= limits.maxBodyBytes, "body of \(request.body.count) bytes over the limit")
    precondition(request.headers.count <= limits.maxHeaderCount, "\(request.headers.count) fields over the limit")
    precondition(request.target.utf8.count <= limits.maxRequestTargetBytes, "target over the limit")
    precondition(!request.method.rawValue.isEmpty && request.method.rawValue.utf8.allSatisfy(HTTPSyntax.isTokenByte))
    precondition(request.target.utf8.allSatisfy(HTTPSyntax.isTargetByte), "bad byte in the target")
    precondition(request.version == .http1_0 || request.version == .http1_1)
    var hosts = 0
    for field in request.headers.fields {
        precondition(HTTPHeaders.isValidName(field.name), "bad field name \(field.name.utf8.map { $0 })")
        precondition(
            field.value.utf8.allSatisfy { $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }, "control byte in a value")
        precondition(
            ![0x20, 0x09].contains(field.value.utf8.first) && ![0x20, 0x09].contains(field.value.utf8.last),
            "untrimmed value")
        if field.name.equalsIgnoringASCIICase("host") { hosts += 1 }
    }
    precondition(hosts <= 1, "more than one Host")
    precondition(request.version == .http1_0 || hosts == 1, "HTTP/1.1 without Host")
    let hasLength = request.headers.contains("content-length")
    let hasCoding = request.headers.contains("transfer-encoding")
    precondition(!(hasLength && hasCoding), "both Content-Length and Transfer-Encoding")
}

/// What the head handed on with a request must satisfy: its bytes run from the request line to the empty
/// line, and the facts the journal trusts (`ReceivedHead`) are the request's.
func check(_ head: ReceivedHead, of request: HTTPRequest) {
    let bytes = Array(head.bytes)
    precondition(bytes.starts(with: Array(request.method.rawValue.utf8) + [0x20]), "a head not starting with its request line")
    precondition(bytes.suffix(4) == [0x0D, 0x0A, 0x0D, 0x0A], "a head not ending with its empty line")
    // The values' lengths as received (a field's String repairs invalid UTF-8, so its length can differ).
    var longest = 0
    for line in bytes.split(separator: 0x0A).dropFirst() {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
        let value = line[(colon + 1)...].drop { $0 == 0x20 || $0 == 0x09 }
        var end = value.endIndex
        while end > value.startIndex && [0x20, 0x09, 0x0D].contains(value[end - 1]) { end -= 1 }
        longest = max(longest, end - value.startIndex)
    }
    precondition(head.longestValue == longest, "longest value \(head.longestValue), the head's \(longest)")
    let credentials = request.headers.fields.contains {
        ["authorization", "cookie", "proxy-authorization"].contains($0.name.lowercased())
    }
    precondition(head.carriesCredentials == credentials, "carriesCredentials \(head.carriesCredentials)")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    guard size > 0 else { return 0 }
    let limits = bytes[size - 1] & 1 == 1 ? smallLimits : ServerLimits()
    // An offset and a piece size derived from the data, so the fuzzer can steer them.
    var hash: UInt32 = 2_166_136_261
    for byte in bytes.prefix(64) { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    let split = Int(hash % UInt32(size + 1))
    let piece = Int((hash >> 16) % 16) + 1
    let whole = parseInPieces(bytes, limits: limits, cuts: [])
    let halves = parseInPieces(bytes, limits: limits, cuts: [split])
    precondition(whole == halves, "split at \(split) gives \(halves), whole gives \(whole)")
    let pieces = parseInPieces(bytes, limits: limits, cuts: Array(stride(from: piece, to: size, by: piece)))
    precondition(whole == pieces, "pieces of \(piece) give \(pieces), whole gives \(whole)")
    return 0
}
