/// Chunked transfer coding (RFC 9112 §7.1): size lines, extensions, data, trailers.
import HTTPVocabulary

extension HTTPParser {
    /// Longest chunk-size line (size, extensions, CRLF) accepted.
    static let maxChunkLineBytes = 4096

    /// Parses one chunk-size line at `start`. Returns the offset after it, or nil while it is incomplete.
    mutating func parseChunkSize(_ bytes: UnsafeRawBufferPointer, from start: Int) throws(HTTPParserError) -> Int? {
        // The line with its LF is at least one byte longer than what has arrived. The same check runs on a
        // finished line, before its ending is judged, so that every way of splitting the bytes agrees.
        guard let lf = HTTPParser.index(of: 0x0A, in: bytes, from: start) else {
            if bytes.count - start >= HTTPParser.maxChunkLineBytes { throw .malformedChunk("chunk-size line too long") }
            return nil
        }
        if lf - start >= HTTPParser.maxChunkLineBytes { throw .malformedChunk("chunk-size line too long") }
        guard lf > start, bytes[lf - 1] == 0x0D else { throw .bareLineFeed }
        let line = UnsafeRawBufferPointer(rebasing: bytes[start..<lf - 1])
        var size = 0
        var index = 0
        while index < line.count, let digit = PercentDecoding.hexValue(line[index]) {
            guard index < 15 else { throw .bodyTooLarge(size: Int.max, limit: limits.maxBodyBytes) }
            size = size << 4 | Int(digit)
            index += 1
        }
        guard index > 0 else { throw .malformedChunk("chunk size is not a hexadecimal number") }
        try HTTPParser.validateChunkExtensions(UnsafeRawBufferPointer(rebasing: line[index...]))
        let total = (pending?.request.body.count ?? 0) + size
        if total > limits.maxBodyBytes { throw .bodyTooLarge(size: total, limit: limits.maxBodyBytes) }
        state = size == 0 ? .trailers : .chunkData(remaining: size)
        return lf + 1
    }

    /// chunk-ext = *( BWS ";" BWS ext-name [ BWS "=" BWS ext-val ] ); ext-val = token / quoted-string.
    static func validateChunkExtensions(_ text: UnsafeRawBufferPointer) throws(HTTPParserError) {
        var index = 0
        func skipWhitespace() { while index < text.count && (text[index] == 0x20 || text[index] == 0x09) { index += 1 } }
        func token() -> Bool {
            let begin = index
            while index < text.count && HTTPSyntax.isTokenByte(text[index]) { index += 1 }
            return index > begin
        }
        while true {
            // BWS is only allowed before a ";": whitespace that ends the line follows no extension.
            guard index < text.count else { return }
            skipWhitespace()
            guard index < text.count, text[index] == UInt8(ascii: ";") else {
                throw .malformedChunk("unexpected byte after chunk size")
            }
            index += 1
            skipWhitespace()
            guard token() else { throw .malformedChunk("chunk extension without a name") }
            skipWhitespace()
            guard index < text.count, text[index] == UInt8(ascii: "=") else { continue }
            index += 1
            skipWhitespace()
            if index < text.count && text[index] == UInt8(ascii: "\"") {
                index += 1
                var closed = false
                while index < text.count {
                    let byte = text[index]
                    index += 1
                    if byte == UInt8(ascii: "\"") {
                        closed = true
                        break
                    }
                    // quoted-pair = "\\" ( HTAB / SP / VCHAR / obs-text ): the escaped byte is checked too.
                    if byte == UInt8(ascii: "\\") && index < text.count { index += 1 }
                    guard HTTPSyntax.isFieldValueByte(text[index - 1]) else {
                        throw .malformedChunk("control byte in chunk extension")
                    }
                }
                guard closed else { throw .malformedChunk("unterminated quoted chunk extension") }
            } else if !token() {
                throw .malformedChunk("chunk extension without a value")
            }
        }
    }

    /// Reads trailer lines after the last chunk; fields are checked, then dropped. Returns the offset after
    /// the lines consumed and whether the empty line that ends the section was among them.
    mutating func parseTrailers(
        _ bytes: UnsafeRawBufferPointer, from start: Int
    ) throws(HTTPParserError) -> (next: Int, done: Bool) {
        var position = start
        while true {
            guard let lf = HTTPParser.index(of: 0x0A, in: bytes, from: position) else {
                try checkPartialTrailer(length: bytes.count - position)
                return (position, false)
            }
            try checkPartialTrailer(length: lf - position)
            guard lf > position, bytes[lf - 1] == 0x0D else { throw .bareLineFeed }
            let line = UnsafeRawBufferPointer(rebasing: bytes[position..<lf - 1])
            position = lf + 1
            if line.isEmpty { return (position, true) }
            _ = try HTTPHeadParser.parseField(line)
            trailerBytes += line.count + 2
            if trailerBytes > limits.maxHeaderBytes {
                throw .headerSectionTooLarge(size: trailerBytes, limit: limits.maxHeaderBytes)
            }
        }
    }

    /// Refuses a trailer line already over the limit before its end has arrived (and, with the same numbers,
    /// a finished one before its ending is judged). A lone CR may start the final empty line, which is not
    /// counted; a field line is at least this long plus its LF.
    private func checkPartialTrailer(length: Int) throws(HTTPParserError) {
        let size = trailerBytes + length
        if length >= 2 && size > limits.maxHeaderBytes {
            throw .headerSectionTooLarge(size: size, limit: limits.maxHeaderBytes)
        }
    }
}
