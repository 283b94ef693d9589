import ShortcutPlatform

/// A random delay (WireMock's `delayDistribution`): each answer waits a fresh sample. `lognormal` gives the
/// long tail of a real network (most answers near the median, a few far slower), `uniform` a flat spread,
/// `fixed` a constant.
package enum DelayDistribution: Sendable, Equatable {
    /// `{"type": "lognormal", "median": ms, "sigma": s}` with an optional `maxValue` (ms) that no sample
    /// exceeds.
    case lognormal(median: Double, sigma: Double, maxValue: Double?)
    /// `{"type": "uniform", "lower": ms, "upper": ms}`, both included.
    case uniform(lower: Int, upper: Int)
    /// `{"type": "fixed", "milliseconds": ms}`.
    case fixed(Int)

    /// The largest `sigma` taken: past it nearly every sample would be 0 or the limit.
    static let maxSigma = 10.0

    /// One sample in milliseconds, at most `limit` (a delay holds a connection open).
    package func sampleMilliseconds<Generator: RandomNumberGenerator>(limit: Int, using generator: inout Generator) -> Int {
        let sample: Double
        switch self {
        case .fixed(let milliseconds): sample = Double(milliseconds)
        case .uniform(let lower, let upper): sample = Double(Int.random(in: lower...upper, using: &generator))
        case .lognormal(let median, let sigma, let maxValue):
            // exp(N(ln median, sigma)): Box–Muller's normal from two uniforms in (0, 1].
            let u1 = 1 - Double.random(in: 0..<1, using: &generator)
            let u2 = Double.random(in: 0..<1, using: &generator)
            let normal = (-2 * Platform.naturalLog(u1)).squareRoot() * Platform.cosine(2 * Double.pi * u2)
            let value = median * Platform.exponential(sigma * normal)
            sample = maxValue.map { min(value, $0) } ?? value
        }
        guard sample.isFinite else { return limit }
        return Int(min(max(sample.rounded(), 0), Double(limit)))
    }

    /// The distribution's JSON, as WireMock writes it.
    package var jsonFields: [(String, Double)] {
        switch self {
        case .lognormal(let median, let sigma, let maxValue):
            [("median", median), ("sigma", sigma)] + (maxValue.map { [("maxValue", $0)] } ?? [])
        case .uniform(let lower, let upper): [("lower", Double(lower)), ("upper", Double(upper))]
        case .fixed(let milliseconds): [("milliseconds", Double(milliseconds))]
        }
    }

    /// The `type` WireMock names it by.
    package var typeName: String {
        switch self {
        case .lognormal: "lognormal"
        case .uniform: "uniform"
        case .fixed: "fixed"
        }
    }
}

extension DelayDistribution {
    static let typeNames = ["lognormal", "uniform", "fixed"]

    /// Reads a `delayDistribution` object; every time is at most `maxMilliseconds`.
    static func parse(_ cursor: JSONCursor, maxMilliseconds: Int) throws(MappingError) -> DelayDistribution {
        guard case .object(let members) = cursor.value else {
            throw cursor.fail("must be an object, not \(JSONCursor.kind(cursor.value))")
        }
        guard let typeValue = members.first(where: { $0.0 == "type" })?.1 else {
            throw cursor.fail("needs a type (one of \(typeNames.joined(separator: ", ")))")
        }
        let typeCursor = JSONCursor(typeValue, path: cursor.childPath("type"))
        let type = try typeCursor.string()
        let range = 0...maxMilliseconds
        switch type {
        case "lognormal":
            let fields = try cursor.object(known: ["type", "median", "sigma", "maxValue"])
            guard let median = fields["median"], let sigma = fields["sigma"] else {
                throw cursor.fail("lognormal needs median (ms) and sigma")
            }
            // `if let`, not `Optional.map`, whose typed throws the SDKs of macOS 13 / iOS 16 do not declare.
            var maxValue: Double?
            if let given = fields["maxValue"] { maxValue = Double(try given.integer(in: range)) }
            return .lognormal(
                median: Double(try median.integer(in: range)), sigma: try sigma.number(in: 0...maxSigma), maxValue: maxValue)
        case "uniform":
            let fields = try cursor.object(known: ["type", "lower", "upper"])
            guard let lower = fields["lower"], let upper = fields["upper"] else { throw cursor.fail("uniform needs lower and upper (ms)") }
            let low = try lower.integer(in: range)
            let high = try upper.integer(in: range)
            guard low <= high else { throw upper.fail("must not be below lower (\(low))") }
            return .uniform(lower: low, upper: high)
        case "fixed":
            let fields = try cursor.object(known: ["type", "milliseconds"])
            guard let milliseconds = fields["milliseconds"] else { throw cursor.fail("fixed needs milliseconds") }
            return .fixed(try milliseconds.integer(in: range))
        default:
            throw typeCursor.fail("unknown delay distribution '\(type)' (expected one of \(typeNames.joined(separator: ", ")))")
        }
    }
}
