import Foundation

/// Reads property lists with a decoder that is not ours: Python's `plistlib` (expat underneath), which
/// refuses malformed XML. What it read comes back as a typed tree, so tests check every key's type.
public indirect enum Plist: Equatable, CustomStringConvertible {
    case string(String)
    case integer(Int)
    case bool(Bool)
    case data(Data)
    case array([Plist])
    case dictionary([(String, Plist)])

    public static func == (a: Plist, b: Plist) -> Bool { a.description == b.description }

    public var description: String {
        switch self {
        case .string(let text): "string(\(text.debugDescription))"
        case .integer(let value): "integer(\(value))"
        case .bool(let value): "bool(\(value))"
        case .data(let data): "data(\(data.count) bytes)"
        case .array(let items): "array(\(items))"
        case .dictionary(let members): "dict(\(members.map { "\($0.0): \($0.1)" }.joined(separator: ", ")))"
        }
    }

    /// A dictionary's keys in document order.
    public var keys: [String] { if case .dictionary(let members) = self { members.map(\.0) } else { [] } }

    public subscript(key: String) -> Plist? {
        if case .dictionary(let members) = self { members.first { $0.0 == key }?.1 } else { nil }
    }

    public var string: String? { if case .string(let text) = self { text } else { nil } }
    public var items: [Plist] { if case .array(let items) = self { items } else { [] } }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private static let script = """
        import base64, json, plistlib, sys
        def conv(v):
            if isinstance(v, bool): return {"bool": v}
            if isinstance(v, int): return {"integer": v}
            if isinstance(v, str): return {"string": v}
            if isinstance(v, bytes): return {"data": base64.b64encode(v).decode()}
            if isinstance(v, list): return {"array": [conv(x) for x in v]}
            if isinstance(v, dict): return {"dict": [[k, conv(x)] for k, x in v.items()]}
            raise SystemExit("unexpected plist type %r" % type(v))
        print(json.dumps(conv(plistlib.loads(sys.stdin.buffer.read(), fmt=plistlib.FMT_XML))))
        """

    /// `bytes` read by `plistlib.loads(…, fmt=FMT_XML)`; throws with Python's message when it refuses them.
    public static func read(_ bytes: [UInt8]) throws -> Plist {
        let process = TestProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data(bytes))
        try input.fileHandleForWriting.close()
        let json = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(description: "plistlib refused it: \(message)") }
        return try convert(JSONSerialization.jsonObject(with: json))
    }

    private static func convert(_ value: Any) throws -> Plist {
        guard let object = value as? [String: Any], let (kind, inner) = object.first else {
            throw Failure(description: "unexpected JSON \(value)")
        }
        switch kind {
        case "string": if let text = inner as? String { return .string(text) }
        case "integer": if let number = inner as? Int { return .integer(number) }
        case "bool": if let flag = inner as? Bool { return .bool(flag) }
        case "data": if let text = inner as? String, let data = Data(base64Encoded: text) { return .data(data) }
        case "array": if let items = inner as? [Any] { return .array(try items.map(convert)) }
        case "dict":
            if let pairs = inner as? [[Any]] {
                return .dictionary(
                    try pairs.map { pair in
                        guard pair.count == 2, let key = pair[0] as? String else { throw Failure(description: "bad pair \(pair)") }
                        return (key, try convert(pair[1]))
                    })
            }
        default: break
        }
        throw Failure(description: "unexpected \(kind): \(inner)")
    }
}
