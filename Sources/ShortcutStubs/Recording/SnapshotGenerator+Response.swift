import HTTPVocabulary
import ShortcutJSON
import ShortcutPlatform

extension SnapshotGenerator {
    /// Fields the server writes itself for the stub's body; a recorded value would frame the wrong length.
    static let framingFields = ["Content-Length", "Transfer-Encoding"]

    /// The response WireMock's recorder writes: the status, the headers (a repeated name as a list of its
    /// values, under its first spelling) and the body field `body`.
    static func responseObject(_ exchange: RecordedExchange, body: (String, JSONValue)?) -> JSONValue {
        var members: [(String, JSONValue)] = [("status", .number(Double(exchange.status)))]
        var names: [String] = []
        var values: [[String]] = []
        for (name, value) in exchange.responseHeaders {
            // Such a field was not received as one; `ResponseDefinition` would refuse the whole mapping for it.
            guard HTTPField.nameProblem(name) == nil, HTTPField.valueProblem(value) == nil else { continue }
            guard !framingFields.contains(where: { $0.equalsIgnoringASCIICase(name) }) else { continue }
            if let index = names.firstIndex(where: { $0.equalsIgnoringASCIICase(name) }) {
                values[index].append(value)
            } else {
                names.append(name)
                values.append([value])
            }
        }
        if !names.isEmpty {
            let headers = zip(names, values).map { name, values -> (String, JSONValue) in
                (name, values.count == 1 ? .string(values[0]) : .array(values.map { .string($0) }))
            }
            members.append(("headers", .object(headers)))
        }
        if let body { members.append(body) }
        return .object(members)
    }

    /// The response body's field, so the stub replays the exact bytes: `body` for UTF-8 text of a textual type
    /// (or of no type), `base64Body` for anything else, or `bodyFileName` when `criteria` is given and the body
    /// is over its threshold (`file` stores the bytes and names the file, given its extension). Nil when empty.
    static func bodyField(
        _ exchange: RecordedExchange, extractingOver criteria: BodyExtractionCriteria?, file: (_ fileExtension: String) -> String
    ) -> (String, JSONValue)? {
        let bytes = exchange.responseBody
        guard !bytes.isEmpty else { return nil }
        let contentType = exchange.responseHeader("Content-Type")
        let text = RecordedMediaType.isTextual(contentType) ? String.validatedUTF8(bytes) : nil
        if let criteria, bytes.count > (text == nil ? criteria.binarySizeThreshold : criteria.textSizeThreshold) {
            return ("bodyFileName", .string(file(RecordedMediaType.fileExtension(contentType, isText: text != nil))))
        }
        if let text { return ("body", .string(text)) }
        return ("base64Body", .string(Base64.encode(bytes)))
    }
}
