#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How the journal keeps an exchange's text: in one run of bytes inside its byte ring, written with a few
/// copies and no allocation or reference count per request (an entry built of strings and arrays cost
/// ~2,900 instructions a request, 40% of a `GET /s`: callgrind), and read back into a `RecordedRequest`
/// only when someone asks.
///
/// Layout: `peer`, `method`, `target`, `path`, `route`, `note`, `responseType`, `reason`, `body`, each as a 32-bit length
/// (`absent` for none) and its bytes; then the number of fields and, per field, its name, its value as kept
/// (cut at `RecordedRequest.maxValueBytes`, or the secret's marker) and the value's length as received.
struct JournalText {
    let peer: String
    let method: String
    let target: String
    let path: String
    let route: String?
    let note: String?
    let fields: [HTTPField]
    let responseType: String?
    /// The first line of a short error answer's body.
    let reason: ArraySlice<UInt8>?
    /// The first bytes of the request body (`Settings.bodyBytes`).
    let body: ArraySlice<UInt8>?
    let keepsSecrets: Bool

    /// A 32-bit length that says "none".
    static let absent = UInt32.max
    static let marker = Array(" \(RecordedRequest.redacted)".utf8)

    /// The bytes `write` needs.
    var size: Int {
        var size = 9 * 4 + peer.utf8.count + method.utf8.count + target.utf8.count + path.utf8.count
        size += (route?.utf8.count ?? 0) + (note?.utf8.count ?? 0)
        size += (responseType?.utf8.count ?? 0) + (reason?.count ?? 0) + (body?.count ?? 0) + 4
        for field in fields { size += 12 + field.name.utf8.count + keptLength(of: field) }
        return size
    }

    /// How many bytes of `field`'s value are kept.
    private func keptLength(of field: HTTPField) -> Int {
        if !keepsSecrets && JournalText.isSecret(field.name) {
            let scheme = JournalText.schemeLength(of: field.value)
            return scheme + (scheme == 0 ? JournalText.marker.count - 1 : JournalText.marker.count)
        }
        return min(field.value.utf8.count, RecordedRequest.maxValueBytes)
    }

    /// Writes the text at the start of `out` (at least `size` bytes).
    func write(to out: UnsafeMutableRawPointer) {
        var writer = Writer(out: out)
        writer.put(peer)
        writer.put(method)
        writer.put(target)
        writer.put(path)
        writer.put(route)
        writer.put(note)
        writer.put(responseType)
        writer.put(reason)
        writer.put(body)
        writer.put(count: fields.count)
        for field in fields {
            writer.put(field.name)
            if !keepsSecrets && JournalText.isSecret(field.name) {
                // `Bearer [redacted]`: the scheme is kept, the credentials never are.
                let scheme = JournalText.schemeLength(of: field.value)
                let marker = scheme == 0 ? JournalText.marker.dropFirst() : JournalText.marker[...]
                writer.put(count: scheme + marker.count)
                writer.put(field.value, count: scheme)
                writer.put(bytes: marker)
                writer.put(count: scheme + marker.count)
            } else {
                let length = field.value.utf8.count
                let kept = min(length, RecordedRequest.maxValueBytes)
                writer.put(count: kept)
                writer.put(field.value, count: kept)
                writer.put(count: length)
            }
        }
    }

    /// Appends lengths and bytes at `out`.
    private struct Writer {
        let out: UnsafeMutableRawPointer
        var at = 0

        @inline(__always)
        mutating func put(count: Int) {
            out.storeBytes(of: UInt32(truncatingIfNeeded: count), toByteOffset: at, as: UInt32.self)
            at += 4
        }

        /// `text`'s length and bytes, or `absent`.
        @inline(__always)
        mutating func put(_ text: String?) {
            guard let text else { return put(count: Int(JournalText.absent)) }
            put(text)
        }

        /// `text`'s length and bytes.
        @inline(__always)
        mutating func put(_ text: String) {
            let count = text.utf8.count
            put(count: count)
            put(text, count: count)
        }

        /// The first `count` bytes of `text`, without a length.
        @inline(__always)
        mutating func put(_ text: String, count: Int) {
            JournalText.copy(text, count, to: out + at)
            at += count
        }

        /// `bytes`' length and bytes, or `absent`.
        @inline(__always)
        mutating func put(_ bytes: ArraySlice<UInt8>?) {
            guard let bytes else { return put(count: Int(JournalText.absent)) }
            put(count: bytes.count)
            put(bytes: bytes)
        }

        @inline(__always)
        mutating func put(bytes: ArraySlice<UInt8>) {
            bytes.withUnsafeBytes { if let base = $0.baseAddress, !$0.isEmpty { (out + at).copyMemory(from: base, byteCount: $0.count) } }
            at += bytes.count
        }
    }

    /// Copies the first `count` UTF-8 bytes of `text` to `out`.
    @inline(__always)
    static func copy(_ text: String, _ count: Int, to out: UnsafeMutableRawPointer) {
        guard count > 0 else { return }
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { out.copyMemory(from: $0.baseAddress!, byteCount: count) }
        if copied == nil {
            for (index, byte) in text.utf8.prefix(count).enumerated() { out.storeBytes(of: byte, toByteOffset: index, as: UInt8.self) }
        }
    }

    /// Whether a field named `name` carries a secret (`RecordedRequest.secretFields`).
    static func isSecret(_ name: String) -> Bool {
        // Lengths first: most names are none of these three, and a length is one load.
        switch name.utf8.count {
        case 6: return name.equalsIgnoringASCIICase("Cookie")
        case 13: return name.equalsIgnoringASCIICase("Authorization")
        case 19: return name.equalsIgnoringASCIICase("Proxy-Authorization")
        default: return false
        }
    }

    /// The length of the value's scheme (`Bearer` in `Bearer abc`: 1 to 20 letters before a space), or 0.
    static func schemeLength(of value: String) -> Int {
        var length = 0
        for byte in value.utf8 {
            if byte == UInt8(ascii: " ") { return length > 0 && length < value.utf8.count - 1 ? length : 0 }
            guard length < 20, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte & 0xDF) else { return 0 }
            length += 1
        }
        return 0
    }

    /// Reads back what `write` wrote.
    static func read(
        _ bytes: UnsafeRawBufferPointer, sequence: UInt64, time: Double, nanoseconds: UInt64, status: Int, requestBytes: Int,
        responseBytes: Int
    ) -> RecordedRequest {
        var at = 0
        func count() -> UInt32 {
            defer { at += 4 }
            return bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self)
        }
        func raw() -> UnsafeRawBufferPointer? {
            let length = count()
            guard length != absent else { return nil }
            defer { at += Int(length) }
            return UnsafeRawBufferPointer(rebasing: bytes[at..<at + Int(length)])
        }
        func text() -> String? { raw().map { String(decoding: $0, as: UTF8.self) } }
        let peer = text() ?? "-"
        let method = text() ?? "-"
        let target = text() ?? "-"
        let path = text() ?? "-"
        let route = text()
        let note = text()
        let responseType = text()
        let reason = text()
        let body = raw().map { Array($0) }
        var headers: [HTTPField] = []
        let fieldCount = Int(count())
        headers.reserveCapacity(fieldCount)
        for _ in 0..<fieldCount {
            let name = text() ?? ""
            let kept = raw() ?? UnsafeRawBufferPointer(start: nil, count: 0)
            let received = Int(count())
            // A value cut in the middle of a character shows U+FFFD there, never an invalid string.
            let value = String(decoding: kept, as: UTF8.self)
            headers.append(HTTPField(name: name, value: received > kept.count ? "\(value)… [\(received) bytes]" : value))
        }
        return RecordedRequest(
            sequence: sequence, time: Date(timeIntervalSince1970: time), peer: peer, method: method, target: target, path: path,
            route: route, status: status, requestBytes: requestBytes, responseBytes: responseBytes,
            duration: .nanoseconds(Int64(clamping: nanoseconds)), headers: headers, body: body, responseType: responseType, note: note,
            reason: reason)
    }
}
