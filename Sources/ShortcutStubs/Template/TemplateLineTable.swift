/// Offsets to line and column. The lexer asks in increasing order, so each answer continues from the
/// last one: the whole source is scanned once, however long its lines (a 256 KiB single-line template
/// must not cost a scan from the line start per token).
struct TemplateLineTable: Sendable {
    private let bytes: [UInt8]
    private var last = TemplatePosition(offset: 0, line: 1, column: 1)

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func position(at offset: Int) -> TemplatePosition {
        if offset < last.offset { last = TemplatePosition(offset: 0, line: 1, column: 1) }
        var (line, column) = (last.line, last.column)
        for byte in bytes[last.offset..<min(offset, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // Columns count characters: every byte that does not continue a UTF-8 sequence starts one.
                column += 1
            }
        }
        last = TemplatePosition(offset: offset, line: line, column: column)
        return last
    }
}
