/// A request head as the journal keeps it: the bytes the parser accepted, copied as received, except that
/// a field value longer than `RecordedRequest.maxValueBytes` keeps only that many bytes (followed by a NUL
/// and its received length in decimal: a parsed head never holds a NUL) and a secret's credentials are
/// replaced by the marker (`Bearer [redacted]`). Copying lines is a few `memcpy`s a request, where building
/// the fields as strings cost ~2,300 instructions (a third of a `GET /s`: callgrind); they are read back
/// (`read`) only when someone asks.
/// Measured (`layout`) before it is written (`copy`).
///
/// The head given is one the parser accepted, from its request line on: lines end in CRLF, the request line
/// is `method SP target SP version`, each field line `name ":" OWS value OWS`.
import HTTPVocabulary

enum JournalHead {
    /// What a kept head reads back as.
    struct Parts {
        let method: String
        let target: String
        let path: String
        let fields: [HTTPField]
    }

    static let marker = Array(" \(RecordedRequest.redacted)".utf8)

    /// What `copy` will write for a head: measured first, since the journal places an entry before writing
    /// it. A head with neither a long value nor a secret (most: the parser says, `ReceivedHead`) is its
    /// bytes, copied with one `memcpy` and never looked at.
    struct Layout {
        /// The bytes `copy` writes.
        let size: Int
        /// Whether those are the head's bytes, unchanged.
        let isVerbatim: Bool
    }

    /// Measures what `copy` writes for `head`.
    static func layout(of head: ReceivedHead, keepsSecrets: Bool) -> Layout {
        if head.longestValue <= RecordedRequest.maxValueBytes && (keepsSecrets || !head.carriesCredentials) {
            return Layout(size: head.bytes.count, isVerbatim: true)
        }
        var counter = Cursor(out: nil)
        walk(head.bytes, keepsSecrets: keepsSecrets, into: &counter)
        return Layout(size: counter.written, isVerbatim: false)
    }

    /// Writes `head` as the journal keeps it at `out` (`layout.size` bytes).
    static func copy(_ head: ReceivedHead, _ layout: Layout, keepsSecrets: Bool, to out: UnsafeMutableRawPointer) {
        var cursor = Cursor(out: out)
        if layout.isVerbatim {
            cursor.put(head.bytes)
        } else {
            walk(head.bytes, keepsSecrets: keepsSecrets, into: &cursor)
        }
    }

    /// Goes through the head's lines, writing to `cursor` (which may only count) the request line as it
    /// is, and each field line as it is unless its value is long (cut) or a secret (marked); runs of lines
    /// that stay as they are go in one piece.
    private static func walk(_ head: UnsafeRawBufferPointer, keepsSecrets: Bool, into cursor: inout Cursor) {
        guard var lineStart = HTTPParser.index(of: 0x0A, in: head, from: 0).map({ $0 + 1 }) else { return cursor.put(head) }
        var unchanged = 0
        while let lf = HTTPParser.index(of: 0x0A, in: head, from: lineStart) {
            defer { lineStart = lf + 1 }
            let lineEnd = lf - 1  // before the CR
            guard lineEnd > lineStart, let colon = index(of: UInt8(ascii: ":"), in: head, from: lineStart, to: lineEnd) else { continue }
            let (valueStart, valueEnd) = value(in: head, after: colon, to: lineEnd)
            let isSecret = !keepsSecrets && HTTPHeadParser.known(UnsafeRawBufferPointer(rebasing: head[lineStart..<colon])) == .credentials
            guard isSecret || valueEnd - valueStart > RecordedRequest.maxValueBytes else { continue }
            cursor.put(UnsafeRawBufferPointer(rebasing: head[unchanged..<valueStart]))
            let value = UnsafeRawBufferPointer(rebasing: head[valueStart..<valueEnd])
            if isSecret {
                // The scheme is kept, the credentials never are.
                let scheme = schemeLength(of: value)
                cursor.put(UnsafeRawBufferPointer(rebasing: value[..<scheme]))
                marker.withUnsafeBytes { cursor.put(scheme == 0 ? UnsafeRawBufferPointer(rebasing: $0[1...]) : $0) }
            } else {
                cursor.put(UnsafeRawBufferPointer(rebasing: value[..<RecordedRequest.maxValueBytes]))
                cursor.put(0)
                for digit in String(value.count).utf8 { cursor.put(digit) }
            }
            cursor.put(0x0D)
            cursor.put(0x0A)
            unchanged = lf + 1
        }
        cursor.put(UnsafeRawBufferPointer(rebasing: head[unchanged...]))
    }

    /// Writes bytes at `out`, or only counts them when `out` is nil.
    private struct Cursor {
        let out: UnsafeMutableRawPointer?
        var written = 0

        mutating func put(_ bytes: UnsafeRawBufferPointer) {
            if let out, let from = bytes.baseAddress, !bytes.isEmpty { (out + written).copyMemory(from: from, byteCount: bytes.count) }
            written += bytes.count
        }

        mutating func put(_ byte: UInt8) {
            out?.storeBytes(of: byte, toByteOffset: written, as: UInt8.self)
            written += 1
        }
    }

    /// Reads back a head `copy` wrote.
    static func read(_ kept: UnsafeRawBufferPointer) -> Parts {
        var lines: [UnsafeRawBufferPointer] = []
        var start = 0
        while let lf = HTTPParser.index(of: 0x0A, in: kept, from: start) {
            let end = lf > start && kept[lf - 1] == 0x0D ? lf - 1 : lf
            if end > start { lines.append(UnsafeRawBufferPointer(rebasing: kept[start..<end])) }
            start = lf + 1
        }
        guard let requestLine = lines.first else { return Parts(method: "-", target: "-", path: "-", fields: []) }
        let firstSpace = index(of: 0x20, in: requestLine, from: 0, to: requestLine.count) ?? requestLine.count
        let targetStart = min(firstSpace + 1, requestLine.count)
        let targetEnd = index(of: 0x20, in: requestLine, from: targetStart, to: requestLine.count) ?? requestLine.count
        let method = String(decoding: UnsafeRawBufferPointer(rebasing: requestLine[..<firstSpace]), as: UTF8.self)
        let target = String(decoding: UnsafeRawBufferPointer(rebasing: requestLine[targetStart..<targetEnd]), as: UTF8.self)
        var fields: [HTTPField] = []
        fields.reserveCapacity(lines.count - 1)
        for line in lines.dropFirst() {
            guard let colon = index(of: UInt8(ascii: ":"), in: line, from: 0, to: line.count) else { continue }
            let (valueStart, valueEnd) = value(in: line, after: colon, to: line.count)
            let name = String(decoding: UnsafeRawBufferPointer(rebasing: line[..<colon]), as: UTF8.self)
            let value = UnsafeRawBufferPointer(rebasing: line[valueStart..<valueEnd])
            if let nul = index(of: 0, in: value, from: 0, to: value.count) {
                // A value cut in the middle of a character shows U+FFFD there, never an invalid string.
                let kept = String(decoding: UnsafeRawBufferPointer(rebasing: value[..<nul]), as: UTF8.self)
                let received = String(decoding: UnsafeRawBufferPointer(rebasing: value[(nul + 1)...]), as: UTF8.self)
                fields.append(HTTPField(name: name, value: "\(kept)… [\(received) bytes]"))
            } else {
                fields.append(HTTPField(name: name, value: String(decoding: value, as: UTF8.self)))
            }
        }
        return Parts(method: method, target: target, path: path(of: target), fields: fields)
    }

    /// The path of a target, as the parser finds it: an origin-form target up to its `?`, `*` as it is, an
    /// absolute-form one after its authority.
    static func path(of target: String) -> String {
        if target.utf8.first == UInt8(ascii: "/") { return target.firstIndex(of: "?").map { String(target[..<$0]) } ?? target }
        if target == "*" { return target }
        return HTTPRequest.split(target: target).path
    }

    /// The length of the value's scheme (`Bearer` in `Bearer abc`: 1 to 20 letters before a space), or 0.
    static func schemeLength(of value: UnsafeRawBufferPointer) -> Int {
        var length = 0
        for byte in value {
            if byte == UInt8(ascii: " ") { return length > 0 && length < value.count - 1 ? length : 0 }
            guard length < 20, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte & 0xDF) else { return 0 }
            length += 1
        }
        return 0
    }

    /// Where a field line's value lies: after `colon`, up to `end`, without the whitespace around it.
    private static func value(in bytes: UnsafeRawBufferPointer, after colon: Int, to end: Int) -> (start: Int, end: Int) {
        var start = colon + 1
        while start < end && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
        var last = end
        while last > start && (bytes[last - 1] == 0x20 || bytes[last - 1] == 0x09) { last -= 1 }
        return (start, last)
    }

    /// The first index of `byte` in `bytes[from..<to]`, or nil (`HTTPParser.index`, `memchr`, on that range).
    private static func index(of byte: UInt8, in bytes: UnsafeRawBufferPointer, from: Int, to: Int) -> Int? {
        HTTPParser.index(of: byte, in: UnsafeRawBufferPointer(rebasing: bytes[..<to]), from: from)
    }
}
