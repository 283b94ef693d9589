import ShortcutJSON
import ShortcutStubs
import Testing

/// Shared helpers for the recorder: specs from literals, exchanges with defaults, and snapshots with
/// predictable ids, each mapping read back the way a store would read it.
enum RecordingFixture {
    static func spec(_ text: String, requiresTarget: Bool = false) throws -> RecordSpec {
        try RecordSpec.parse(try Fixture.json(text), requiresTarget: requiresTarget)
    }

    /// The refusal of a spec, or nil when it was accepted.
    static func specRefusal(_ text: String, requiresTarget: Bool = false) throws -> String? {
        do {
            _ = try spec(text, requiresTarget: requiresTarget)
            return nil
        } catch let error as MappingError {
            return error.description
        }
    }

    /// The n-th id a snapshot gets: a version 4 UUID whose first 8 characters count (`00000001-…`).
    static func id(_ n: Int) -> String {
        let hex = String(n, radix: 16)
        return String(repeating: "0", count: max(0, 8 - hex.count)) + hex + "-0000-4000-8000-000000000000"
    }

    static func exchange(
        _ method: String = "GET", _ url: String, requestHeaders: [(name: String, value: String)] = [], requestBody: [UInt8] = [],
        status: Int = 200, responseHeaders: [(name: String, value: String)] = [], responseBody: [UInt8] = []
    ) -> RecordedExchange {
        RecordedExchange(
            method: method, url: url, requestHeaders: requestHeaders, requestBody: requestBody, status: status,
            responseHeaders: responseHeaders, responseBody: responseBody)
    }

    /// A snapshot with ids `id(1)`, `id(2)` … in order.
    static func snapshot(_ exchanges: [RecordedExchange], spec: RecordSpec = .defaults, extractsBodies: Bool = false) -> GeneratedStubs {
        var count = 0
        return SnapshotGenerator.stubs(from: exchanges, spec: spec, extractsBodies: extractsBodies) {
            count += 1
            return id(count)
        }
    }

    /// Every mapping as a store reads it back: written as JSON text, parsed, then read by `StubMapping.parse`.
    static func readBack(_ stubs: GeneratedStubs) throws -> [StubMapping] {
        try stubs.mappings.map { mapping in
            try StubMapping.parse(try JSONParser.parse(Array(mapping.description.utf8)))
        }
    }

    /// The bytes the stub read back from `mapping` serves (a body file's from `stubs.files`).
    static func servedBytes(_ mapping: StubMapping, files: [(name: String, bytes: [UInt8])]) -> [UInt8]? {
        switch mapping.response.body {
        case .none: []
        case .text(let text): Array(text.utf8)
        case .binary(let bytes): bytes
        case .json(let value): Array(value.description.utf8)
        case .file(let name): files.first { $0.name == name }?.bytes
        }
    }

    /// The one mapping of a snapshot of one exchange, as JSON.
    static func only(_ stubs: GeneratedStubs) throws -> JSONValue {
        try #require(stubs.mappings.count == 1)
        return stubs.mappings[0]
    }
}
