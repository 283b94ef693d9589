import ShortcutJSON

/// A WireMock mapping document, as a file under `mappings/` or an import body holds it: one mapping, or
/// `{"mappings": [...]}` (with WireMock's `meta` beside it, as `GET /__admin/mappings` writes it).
package enum StubMappingFile {
    /// The mappings in `bytes`, or the first refusal: all or nothing. Errors name `path` (the file), the
    /// failing mapping's index and field, and for malformed JSON its line and column.
    package static func parse(_ bytes: [UInt8], path: String, limits: MappingLimits = .standard) throws(MappingError) -> [StubMapping] {
        let contents = try read(bytes, path: path, limits: limits)
        if let refusal = contents.refusals.first { throw refusal.error }
        return contents.mappings
    }

    /// The mappings in `bytes`, read mapping by mapping: in a `{"mappings": [...]}` document a refused mapping
    /// is one of `refusals` (its index and field) and its siblings still load.
    /// - Throws: what makes the whole document unusable, naming `path` (the file): malformed JSON (its line and
    ///   column), a size or count over its limit, a `mappings` that is not an array, or a document that is one
    ///   mapping and is refused.
    package static func read(_ bytes: [UInt8], path: String, limits: MappingLimits = .standard) throws(MappingError)
        -> Contents
    {
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
        var contents: Contents
        do {
            contents = try self.contents(of: json, limits: limits)
        } catch {
            var located = error
            located.file = path
            throw located
        }
        for index in contents.refusals.indices {
            contents.refusals[index].file = path
            contents.refusals[index].error.file = path
        }
        return contents
    }

    /// The mappings in a parsed document, or the first refusal: all or nothing.
    package static func mappings(in json: JSONValue, limits: MappingLimits = .standard) throws(MappingError) -> [StubMapping] {
        let contents = try self.contents(of: json, limits: limits)
        if let refusal = contents.refusals.first { throw refusal.error }
        return contents.mappings
    }

    /// The mappings in a parsed document, mapping by mapping (as `read`).
    package static func contents(of json: JSONValue, limits: MappingLimits = .standard) throws(MappingError) -> Contents {
        guard case .object(let members) = json, members.contains(where: { $0.0 == "mappings" }) else {
            return Contents(entries: [Entry(index: nil, mapping: try StubMapping.parse(json, limits: limits))], refusals: [], count: 1)
        }
        let fields = try JSONCursor(json, path: "").object(known: ["mappings", "meta"])
        guard let list = fields["mappings"] else { return Contents(entries: [], refusals: [], count: 0) }
        let elements = try list.array()
        guard elements.count <= limits.maxMappingsPerDocument else {
            throw list.fail("\(elements.count) mappings; the limit is \(limits.maxMappingsPerDocument)")
        }
        var contents = Contents(entries: [], refusals: [], count: elements.count)
        contents.entries.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            do {
                let mapping = try StubMapping.parse(element.value, limits: limits, path: element.path)
                contents.entries.append(Entry(index: index, mapping: mapping))
            } catch {
                contents.refusals.append(Refusal(file: nil, index: index, count: elements.count, error: error))
            }
        }
        return contents
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
