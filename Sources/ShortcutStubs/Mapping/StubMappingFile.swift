import ShortcutJSON

/// A WireMock mapping document, as a file under `mappings/` or an import body holds it: one mapping, or
/// `{"mappings": [...]}` (with WireMock's `meta` beside it, as `GET /__admin/mappings` writes it).
package enum StubMappingFile {
    /// The mappings in `bytes`. Errors name `path` (the file), the failing mapping's index and field, and
    /// for malformed JSON its line and column.
    package static func parse(_ bytes: [UInt8], path: String, limits: MappingLimits = .standard) throws(MappingError) -> [StubMapping] {
        guard bytes.count <= limits.maxDocumentBytes else {
            throw MappingError(
                path: "", reason: "the document is \(bytes.count) bytes; the limit is \(limits.maxDocumentBytes)", file: path)
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes, maxDepth: limits.maxJSONDepth)
        } catch {
            let (line, column) = position(of: error.offset, in: bytes)
            throw MappingError(path: "", reason: "line \(line), column \(column): malformed JSON: \(error.reason)", file: path)
        }
        do {
            return try mappings(in: json, limits: limits)
        } catch {
            var located = error
            located.file = path
            throw located
        }
    }

    /// The mappings in a parsed document.
    package static func mappings(in json: JSONValue, limits: MappingLimits = .standard) throws(MappingError) -> [StubMapping] {
        guard case .object(let members) = json, members.contains(where: { $0.0 == "mappings" }) else {
            return [try StubMapping.parse(json, limits: limits)]
        }
        let fields = try JSONCursor(json, path: "").object(known: ["mappings", "meta"])
        guard let list = fields["mappings"] else { return [] }
        let elements = try list.array()
        guard elements.count <= limits.maxMappingsPerDocument else {
            throw list.fail("\(elements.count) mappings; the limit is \(limits.maxMappingsPerDocument)")
        }
        var result: [StubMapping] = []
        result.reserveCapacity(elements.count)
        for element in elements { result.append(try StubMapping.parse(element.value, limits: limits, path: element.path)) }
        return result
    }

    /// The 1-based line and column (in characters) of a byte offset.
    static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {  // count UTF-8 lead bytes, not continuation bytes
                column += 1
            }
        }
        return (line, column)
    }
}
