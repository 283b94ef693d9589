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
/// Layout: `peer`, `route`, `note`, `responseType`, `reason`, `body`, each as a 32-bit length (`absent` for
/// none) and its bytes; then the request's head as `JournalHead` keeps it (to the end of the run).
///
/// Static functions, not a value holding the parts: parameters are borrowed, where a value's stored strings
/// are retained and released (~300 instructions a request: callgrind).
enum JournalText {
    /// A 32-bit length that says "none".
    static let absent = UInt32.max

    /// The bytes `write` needs for these parts (`head`: what `JournalHead.layout` measured).
    static func size(
        peer: String, route: String?, note: String?, responseType: String?, reason: ArraySlice<UInt8>?, body: ArraySlice<UInt8>?,
        head: JournalHead.Layout?
    ) -> Int {
        var size = 6 * 4 + peer.utf8.count + (route?.utf8.count ?? 0) + (note?.utf8.count ?? 0)
        size += (responseType?.utf8.count ?? 0) + (reason?.count ?? 0) + (body?.count ?? 0)
        return size + (head?.size ?? 0)
    }

    /// Writes the parts at the start of `out` (at least `size` bytes): the exchange's (`reason`: the first
    /// line of a short error answer's body; `body`: the first bytes of the request's), and the request's
    /// head as received with its layout (nil for a request refused before it was parsed).
    static func write(
        peer: String, route: String?, note: String?, responseType: String?, reason: ArraySlice<UInt8>?, body: ArraySlice<UInt8>?,
        head: ReceivedHead?, layout: JournalHead.Layout?, keepsSecrets: Bool, to out: UnsafeMutableRawPointer
    ) {
        var writer = Writer(out: out)
        writer.put(peer)
        writer.put(route)
        writer.put(note)
        writer.put(responseType)
        writer.put(reason)
        writer.put(body)
        if let head, let layout { JournalHead.copy(head, layout, keepsSecrets: keepsSecrets, to: out + writer.at) }
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
        let route = text()
        let note = text()
        let responseType = text()
        let reason = text()
        let body = raw().map { Array($0) }
        let head = JournalHead.read(UnsafeRawBufferPointer(rebasing: bytes[at...]))
        return RecordedRequest(
            sequence: sequence, time: Date(timeIntervalSince1970: time), peer: peer, method: head.method, target: head.target,
            path: head.path, route: route, status: status, requestBytes: requestBytes, responseBytes: responseBytes,
            duration: .nanoseconds(Int64(clamping: nanoseconds)), headers: head.fields, body: body, responseType: responseType, note: note,
            reason: reason)
    }
}
