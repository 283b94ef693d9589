/// One of a request pattern's `bodyPatterns`: a string matcher applied to the body as UTF-8 text (an empty
/// body is a missing value, as in WireMock), or `binaryEqualTo` (base64) comparing the bytes.
package enum BodyPattern: Sendable {
    /// A string matcher on the body text.
    case text(StringValuePattern)
    /// The body's bytes equal these (given as base64).
    case binaryEqualTo([UInt8])

    /// The matcher in words.
    package var summary: String {
        switch self {
        case .text(let pattern): pattern.summary
        case .binaryEqualTo(let bytes): "binaryEqualTo \(Quoted.shortened(Base64.encode(bytes), limit: 200)) (\(bytes.count) bytes)"
        }
    }

    /// The operator's name (`equalToJson`, `binaryEqualTo` …).
    package var operatorName: String {
        switch self {
        case .text(let pattern): pattern.operatorName
        case .binaryEqualTo: "binaryEqualTo"
        }
    }

    static func parse(_ cursor: JSONCursor, limits: MappingLimits) throws(MappingError) -> BodyPattern {
        guard case .object(let members) = cursor.value, members.contains(where: { $0.0 == "binaryEqualTo" }) else {
            return .text(try StringValuePattern.parse(cursor, limits: limits, extraOperators: ["binaryEqualTo"]))
        }
        let fields = try cursor.object(known: ["binaryEqualTo"])
        guard let operand = fields["binaryEqualTo"] else { throw cursor.fail("binaryEqualTo is missing") }
        guard let bytes = Base64.decode(try operand.string()) else { throw operand.fail("is not base64") }
        return .binaryEqualTo(bytes)
    }
}
