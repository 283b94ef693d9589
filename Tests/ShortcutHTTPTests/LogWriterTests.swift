import Foundation
import Testing

@testable import ShortcutHTTP

/// The access log's writer: a bounded buffer in bytes, whole lines dropped and counted beyond it, the count
/// written once the rest is. Its queue is held suspended so that nothing is written while lines are handed
/// over: what fits is then exactly what the capacity allows.
@Suite struct LogWriterTests {
    /// Lines handed to a writer of `capacity` while its queue is held, then everything it wrote.
    static func written(capacity: Int, submitting batches: [[String]]) throws -> [String] {
        var pipe: [Int32] = [-1, -1]
        try #require(makePipe(&pipe) == 0)
        defer { close(pipe[0]) }
        let writer = LogWriter(descriptor: pipe[1], capacity: capacity)
        writer.queue.suspend()
        for batch in batches { writer.submit(Array(batch.joined().utf8)) }
        writer.queue.resume()
        #expect(writer.waitUntilWritten(timeout: .seconds(10)))
        close(pipe[1])
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while case let count = chunk.withUnsafeMutableBytes({ read(pipe[0], $0.baseAddress, $0.count) }), count > 0 {
            output += chunk[0..<count]
        }
        return String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Ten-byte lines: `line 0001\n`.
    static func lines(_ range: Range<Int>) -> [String] { range.map { "line \(String(10000 + $0).dropFirst())\n" } }

    @Test func linesUpToTheCapacityAreWrittenAndTheNextIsDroppedAndCounted() throws {
        let atCapacity = try Self.written(capacity: 100, submitting: Self.lines(0..<11).map { [$0] })
        #expect(
            atCapacity == Self.lines(0..<10).map { String($0.dropLast()) }
                + ["access log: 1 line dropped (standard error was not read fast enough)"])
        let belowCapacity = try Self.written(capacity: 99, submitting: Self.lines(0..<11).map { [$0] })
        #expect(belowCapacity.count == 10)
        #expect(belowCapacity.last == "access log: 2 lines dropped (standard error was not read fast enough)")
    }

    @Test func aBatchThatDoesNotFitKeepsTheWholeLinesThatDo() throws {
        // 30 bytes of room for a batch of five lines: three are written, two dropped, none torn.
        let written = try Self.written(capacity: 65, submitting: [Self.lines(0..<3), Self.lines(3..<8)])
        #expect(
            written == Self.lines(0..<6).map { String($0.dropLast()) }
                + ["access log: 2 lines dropped (standard error was not read fast enough)"])
    }

    @Test func nothingDroppedMeansNoReport() throws {
        let written = try Self.written(capacity: 1000, submitting: [Self.lines(0..<5), Self.lines(5..<10)])
        #expect(written == Self.lines(0..<10).map { String($0.dropLast()) })
    }
}

/// pipe(2), under a name of its own.
func makePipe(_ fds: UnsafeMutablePointer<Int32>) -> Int32 { pipe(fds) }
