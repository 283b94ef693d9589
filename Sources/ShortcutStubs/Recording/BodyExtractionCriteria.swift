/// A record spec's `extractBodyCriteria`: a response body longer than its threshold (`textSizeThreshold` for
/// a text body, `binarySizeThreshold` for any other) is written to a file under `__files` and named by
/// `bodyFileName`, rather than held in the mapping. A threshold not given is 0: every non-empty body goes out.
package struct BodyExtractionCriteria: Sendable, Equatable {
    /// The largest text body, in bytes, kept in the mapping.
    package var textSizeThreshold = 0
    /// The largest binary body, in bytes, kept in the mapping.
    package var binarySizeThreshold = 0

    /// Criteria with both thresholds (0 when left out).
    package init(textSizeThreshold: Int = 0, binarySizeThreshold: Int = 0) {
        self.textSizeThreshold = textSizeThreshold
        self.binarySizeThreshold = binarySizeThreshold
    }

    /// The largest threshold accepted: 1 TiB, past any body a recorder holds in memory, and far from `Int`'s
    /// overflow when a count of gigabytes is multiplied out.
    static let maxThreshold = 1 << 40

    /// Reads an `extractBodyCriteria` object at `cursor`.
    static func parse(_ cursor: JSONCursor) throws(MappingError) -> BodyExtractionCriteria {
        let fields = try cursor.object(known: ["textSizeThreshold", "binarySizeThreshold"])
        var criteria = BodyExtractionCriteria()
        if let text = fields["textSizeThreshold"] { criteria.textSizeThreshold = try size(text) }
        if let binary = fields["binarySizeThreshold"] { criteria.binarySizeThreshold = try size(binary) }
        return criteria
    }

    /// A size in bytes: a whole number, or WireMock's text form (`"2kb"`, `"1 Mb"`, `"10240"`).
    static func size(_ cursor: JSONCursor) throws(MappingError) -> Int {
        switch cursor.value {
        case .number: return try cursor.integer(in: 0...maxThreshold)
        case .string(let text):
            guard let bytes = bytes(in: text) else {
                throw cursor.fail("'\(text)' is not a size (a whole number, then optionally b, kb, mb or gb: '2kb', '1 Mb', '10240')")
            }
            guard bytes <= maxThreshold else { throw cursor.fail("'\(text)' is over the limit of 1 TiB (\(maxThreshold) bytes)") }
            return bytes
        default: throw cursor.fail("must be a size such as \"2kb\" or a number of bytes, not \(JSONCursor.kind(cursor.value))")
        }
    }

    /// The bytes `text` stands for (units are powers of 1024, any case, spaces allowed around them), `Int.max`
    /// when it overflows, or nil when it is not a size.
    static func bytes(in text: String) -> Int? {
        // Bytes, not Characters: "1\u{301}" is one Character that sorts between "1" and "2".
        let space = UInt8(ascii: " ")
        var rest = ArraySlice(text.utf8).drop { $0 == space }
        let digits = rest.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        guard !digits.isEmpty else { return nil }
        rest = rest.dropFirst(digits.count).drop { $0 == space }
        while rest.last == space { rest = rest.dropLast() }
        let shift: Int
        switch ASCIILowercase.of(String(decoding: rest, as: UTF8.self)) {
        case "", "b": shift = 0
        case "kb": shift = 10
        case "mb": shift = 20
        case "gb": shift = 30
        default: return nil
        }
        var value = 0
        for digit in digits {
            let (times10, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (sum, carried) = times10.addingReportingOverflow(Int(digit - UInt8(ascii: "0")))
            guard !overflowed, !carried, sum <= Int.max >> shift else { return Int.max }
            value = sum
        }
        return value << shift
    }
}
