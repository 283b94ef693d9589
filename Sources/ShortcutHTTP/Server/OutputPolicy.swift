/// How answers' bytes wait on their way out, in one place. Three rules:
///
/// 1. **One buffer per loop, lent.** A connection borrows its loop's output buffer (`lend`) for a pass and
///    gives it back once all is written (`takeBack`), so an idle connection keeps no buffer. The loop keeps
///    the larger of the two, up to `maxKeptCapacity`: a buffer grown for one huge answer is dropped rather
///    than held for ever.
/// 2. **Large bodies are attached, not copied**: from `attachThreshold` bytes on, a body goes out from its
///    own storage in a gathered write (`attaches`); below it a copy costs less than an iovec.
/// 3. **Unsent output is bounded per connection** (`ServerLimits.maxPendingOutputBytes`): while a
///    connection's unsent bytes are at or over it, its further pipelined requests wait unparsed
///    (`hasRoom`), so a client that does not read cannot make the server build answers without end.
///
/// The rules are trivial values, read on every request without reference counting; the buffer of rule 1 is
/// its `Lender`, confined to its loop's queue like the `ConnectionContext` that holds both.
struct OutputPolicy: Sendable {
    /// Bodies from this size on are attached rather than copied.
    static let attachThreshold = 2048
    /// The largest buffer capacity the loop keeps between passes.
    static let maxKeptCapacity = 1 << 20

    /// The bound of rule 3.
    let maxPendingBytes: Int

    /// Whether a body of `count` bytes is attached (rule 2).
    @inline(__always)
    static func attaches(bodyCount count: Int) -> Bool { count >= attachThreshold }

    /// Whether a connection with `pending` unsent bytes may build another answer (rule 3).
    @inline(__always)
    func hasRoom(pending: Int) -> Bool { pending < maxPendingBytes }

    /// Whether a returned buffer of `capacity` replaces a spare of `spareCapacity` (rule 1).
    static func keeps(capacity: Int, over spareCapacity: Int) -> Bool {
        capacity > spareCapacity && capacity <= maxKeptCapacity
    }

    /// The loop's one output buffer, lent to a connection for a pass (rule 1).
    struct Lender {
        private var spare: [UInt8] = []

        /// The capacity of the buffer the next `lend` hands out.
        var spareCapacity: Int { spare.capacity }

        /// Lends the loop's buffer (empty, with the capacity it has kept) for one pass.
        mutating func lend() -> [UInt8] {
            var buffer: [UInt8] = []
            swap(&buffer, &spare)
            return buffer
        }

        /// Takes a fully written buffer back: kept (emptied) when `keeps` says so; `buffer` is left empty.
        mutating func takeBack(_ buffer: inout [UInt8]) {
            if OutputPolicy.keeps(capacity: buffer.capacity, over: spare.capacity) {
                buffer.removeAll(keepingCapacity: true)
                swap(&buffer, &spare)
            }
            buffer = []
        }
    }
}
