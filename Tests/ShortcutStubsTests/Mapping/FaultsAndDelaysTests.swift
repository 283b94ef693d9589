import ShortcutJSON
import Testing

@testable import ShortcutStubs

/// Issue 41: `fault`, `delayDistribution`, `chunkedDribbleDelay` and the global settings, read as WireMock 3
/// writes them; the delay an answer waits.
@Suite("Faults, delays and global settings")
struct FaultsAndDelaysTests {
    private func response(_ json: String) throws -> ResponseDefinition { try Fixture.mapping(#"{"response": \#(json)}"#).response }

    @Test(arguments: StubFault.allCases)
    func everyFaultIsReadByItsWireMockName(fault: StubFault) throws {
        #expect(try response(#"{"fault": "\#(fault.rawValue)"}"#).fault == fault)
    }

    @Test func distributionsAndDribbleAreRead() throws {
        #expect(
            try response(#"{"delayDistribution": {"type": "lognormal", "median": 80, "sigma": 0.4}}"#).delayDistribution
                == .lognormal(median: 80, sigma: 0.4, maxValue: nil))
        #expect(
            try response(#"{"delayDistribution": {"type": "lognormal", "median": 80, "sigma": 0.4, "maxValue": 200}}"#).delayDistribution
                == .lognormal(median: 80, sigma: 0.4, maxValue: 200))
        #expect(
            try response(#"{"delayDistribution": {"type": "uniform", "lower": 15, "upper": 25}}"#).delayDistribution
                == .uniform(lower: 15, upper: 25))
        #expect(try response(#"{"delayDistribution": {"type": "fixed", "milliseconds": 7}}"#).delayDistribution == .fixed(7))
        #expect(
            try response(#"{"chunkedDribbleDelay": {"numberOfChunks": 5, "totalDuration": 1000}}"#).chunkedDribbleDelay
                == ChunkedDribbleDelay(numberOfChunks: 5, totalDuration: 1000))
    }

    /// A generator with a fixed sequence: the samples are checked, not trusted.
    struct Sequence: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            // SplitMix64.
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test func uniformSamplesCoverTheRangeAndNoMore() {
        var generator = Sequence(state: 1)
        let samples = (0..<2_000).map { _ in
            DelayDistribution.uniform(lower: 15, upper: 25).sampleMilliseconds(limit: 1_000, using: &generator)
        }
        #expect(Set(samples) == Set(15...25))
    }

    @Test func lognormalSamplesCentreOnTheMedianAndRespectMaxValueAndTheLimit() {
        var generator = Sequence(state: 7)
        let samples = (0..<4_001).map { _ in
            DelayDistribution.lognormal(median: 90, sigma: 0.4, maxValue: nil).sampleMilliseconds(limit: 300_000, using: &generator)
        }.sorted()
        let median = samples[samples.count / 2]
        #expect((85...95).contains(median), "median \(median)")
        #expect(samples.last! > 150, "a long tail: \(samples.last!)")
        let capped = (0..<1_000).map { _ in
            DelayDistribution.lognormal(median: 90, sigma: 2, maxValue: 120).sampleMilliseconds(limit: 300_000, using: &generator)
        }
        #expect(capped.max() == 120)
        let limited = (0..<1_000).map { _ in
            DelayDistribution.lognormal(median: 90, sigma: 2, maxValue: nil).sampleMilliseconds(limit: 100, using: &generator)
        }
        #expect(limited.max() == 100)
    }

    @Test func aStubsOwnDelayTakesThePlaceOfTheGlobalOne() throws {
        var generator = Sequence(state: 3)
        let global = GlobalSettings(fixedDelay: 500, delayDistribution: .fixed(20))
        #expect(global.delayMilliseconds(for: try response("{}"), limit: 10_000, using: &generator) == 520)
        #expect(global.delayMilliseconds(for: try response(#"{"fixedDelayMilliseconds": 5}"#), limit: 10_000, using: &generator) == 25)
        let own = try response(#"{"fixedDelayMilliseconds": 5, "delayDistribution": {"type": "fixed", "milliseconds": 1}}"#)
        #expect(global.delayMilliseconds(for: own, limit: 10_000, using: &generator) == 6)
        #expect(global.delayMilliseconds(for: try response("{}"), limit: 100, using: &generator) == 100)
        #expect(GlobalSettings.none.delayMilliseconds(for: try response("{}"), limit: 100, using: &generator) == 0)
    }

    @Test func settingsAreReadAndWrittenAsWireMockDoes() throws {
        let settings = try GlobalSettings.parse(
            try JSONParser.parse(
                Array(#"{"fixedDelay": 500, "delayDistribution": {"type": "uniform", "lower": 1, "upper": 2}, "extended": {"a": 1}}"#.utf8))
        )
        #expect(
            settings
                == GlobalSettings(fixedDelay: 500, delayDistribution: .uniform(lower: 1, upper: 2), extended: .object([("a", .number(1))])))
        // What GET answers reads back the same.
        #expect(try GlobalSettings.parse(settings.jsonValue) == settings)
        #expect(try GlobalSettings.parse(try JSONParser.parse(Array(#"{"fixedDelay": null}"#.utf8))) == .none)
    }

    @Test(arguments: [
        (#"{"fixedDelay": -1}"#, "fixedDelay: -1 is out of range (0...300000)"),
        (#"{"fixedDelay": "5"}"#, "fixedDelay: must be a whole number, not a string"),
        (#"{"proxyPassThrough": false}"#, "proxyPassThrough: not supported by shortcut-serve (see docs/stubs.md)"),
        (#"{"delay": 5}"#, "delay: unknown field (expected one of fixedDelay, delayDistribution, extended, proxyPassThrough)"),
        (#"{"extended": 1}"#, "extended: must be an object, not a number"),
        (#"[]"#, "must be an object, not an array"),
    ])
    func badSettingsAreRefusedNamingTheField(json: String, message: String) throws {
        #expect(throws: MappingError.self) { try GlobalSettings.parse(try JSONParser.parse(Array(json.utf8))) }
        do {
            _ = try GlobalSettings.parse(try JSONParser.parse(Array(json.utf8)))
        } catch let error as MappingError {
            #expect(error.description == message)
        }
    }
}
