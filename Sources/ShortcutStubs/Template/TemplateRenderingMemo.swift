import ShortcutJSON

/// What one rendering keeps so that a helper called in a loop does its preparation once: the JSON documents
/// it parsed, and values helpers made from their arguments (a compiled JSONPath). Without it,
/// `{{#each (jsonPath request.body '$.items')}}{{jsonPath @root.request.body '$.currency'}}{{/each}}` parsed a
/// 1 MiB body once per item, minutes per request (issue 47). Both parts are small and bounded.
struct TemplateRenderingMemo {
    /// Documents kept, the most recently used first. A loop reads one or two; a few more cover alternation.
    static let documentCapacity = 4
    /// Helper values kept; when full they are dropped and made again (counted as work each time).
    static let valueCapacity = 64

    // nil: the text is not JSON (also worth keeping: a large body that fails late is as slow to re-read).
    private var documents: [(text: String, json: JSONValue?)] = []
    private var values: [ValueKey: Any] = [:]

    /// A helper's name and its own key, apart so that a lookup builds no string.
    struct ValueKey: Hashable {
        var helper: String
        var key: String
    }

    /// The document kept for `text`: `.some(nil)` when `text` was found not to be JSON, nil when not kept.
    mutating func document(for text: String) -> JSONValue?? {
        guard let index = documents.firstIndex(where: { Self.sameBytes($0.text, text) }) else { return nil }
        let entry = documents.remove(at: index)
        documents.insert(entry, at: 0)
        return .some(entry.json)
    }

    /// Byte equality, which is what decides what a text parses to (`==` on `String` would also take
    /// canonically equivalent texts, and normalises to compare non-ASCII ones, slowly). Two texts that share a
    /// buffer, as `request.body` does wherever a template reads it, compare in constant time; others compare
    /// their bytes only when the lengths agree, far cheaper than the parse it saves.
    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        var a = a
        var b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in x.count == y.count && (x.baseAddress == y.baseAddress || x.elementsEqual(y)) }
        }
    }

    /// Keeps `json` as what `text` parses to, dropping the least recently used document when full.
    mutating func keep(_ json: JSONValue?, for text: String) {
        if documents.count == Self.documentCapacity { documents.removeLast() }
        documents.insert((text, json), at: 0)
    }

    /// The value kept under `key`, if it has type `Value`.
    func value<Value>(for key: ValueKey, as type: Value.Type) -> Value? {
        values[key] as? Value
    }

    /// Keeps `value` under `key`, first dropping all values when full (cheaper than tracking use, and values
    /// are quick to make again).
    mutating func keep(_ value: Any, for key: ValueKey) {
        if values.count >= Self.valueCapacity { values.removeAll(keepingCapacity: true) }
        values[key] = value
    }
}
