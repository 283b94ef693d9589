/// WireMock's `fault`: a network failure sent in place of the response.
package enum StubFault: String, Sendable, CaseIterable {
    /// Close without a byte.
    case emptyResponse = "EMPTY_RESPONSE"
    /// A status line, then garbage where the chunked body should be, then close.
    case malformedResponseChunk = "MALFORMED_RESPONSE_CHUNK"
    /// Garbage instead of a response, then close.
    case randomDataThenClose = "RANDOM_DATA_THEN_CLOSE"
    /// An abort: RST instead of an answer.
    case connectionResetByPeer = "CONNECTION_RESET_BY_PEER"

    /// Reads a `fault` name.
    static func parse(_ cursor: JSONCursor) throws(MappingError) -> StubFault {
        let name = try cursor.string()
        guard let fault = StubFault(rawValue: name) else {
            throw cursor.fail("unknown fault '\(name)' (expected one of \(allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return fault
    }
}
