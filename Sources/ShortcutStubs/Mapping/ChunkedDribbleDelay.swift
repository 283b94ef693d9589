/// WireMock's `chunkedDribbleDelay`: the body sent in `numberOfChunks` pieces spread over `totalDuration`
/// milliseconds, for an app's progress and timeout handling.
package struct ChunkedDribbleDelay: Sendable, Equatable {
    /// How many pieces (at least 1).
    package let numberOfChunks: Int
    /// Milliseconds from the head to the body's last piece.
    package let totalDuration: Int

    /// Reads a `chunkedDribbleDelay` object.
    static func parse(_ cursor: JSONCursor, limits: MappingLimits) throws(MappingError) -> ChunkedDribbleDelay {
        let fields = try cursor.object(known: ["numberOfChunks", "totalDuration"])
        guard let chunks = fields["numberOfChunks"], let duration = fields["totalDuration"] else {
            throw cursor.fail("needs numberOfChunks and totalDuration (ms)")
        }
        return ChunkedDribbleDelay(
            numberOfChunks: try chunks.integer(in: 1...limits.maxDribbleChunks),
            totalDuration: try duration.integer(in: 0...limits.maxFixedDelayMilliseconds))
    }
}
