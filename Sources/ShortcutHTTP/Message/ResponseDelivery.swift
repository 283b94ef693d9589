/// How a response leaves the connection: whole (nearly always), its body dribbled out in pieces, or a
/// network failure in its place. What a mock server needs to show an app a slow or broken network on demand
/// (WireMock's `chunkedDribbleDelay` and `fault`); each touches only its own connection.
package enum ResponseDelivery: Sendable, Equatable {
    /// Head and body in one write.
    case whole
    /// The head at once, then the body in `pieces` parts, one every `over / pieces`: the last arrives
    /// `over` after the head. Framed by `Content-Length` (the body's length is known), so a client reads
    /// a valid answer that arrives slowly.
    case dribble(pieces: Int, over: Duration)
    /// Instead of the answer, a failure of the connection.
    case fault(ConnectionFault)
}

/// A failure of the connection sent in place of an answer (WireMock's fault names in `wireName`).
package enum ConnectionFault: String, Sendable, CaseIterable {
    /// Close without a byte: the client's "connection lost" (`NSURLErrorNetworkConnectionLost`).
    case emptyResponse = "EMPTY_RESPONSE"
    /// A status line and `Transfer-Encoding: chunked`, then bytes that are no chunk, then close.
    case malformedResponseChunk = "MALFORMED_RESPONSE_CHUNK"
    /// Bytes that are no HTTP response, then close.
    case randomDataThenClose = "RANDOM_DATA_THEN_CLOSE"
    /// Abort the connection: the kernel sends RST (`SO_LINGER` 0), the client's "connection reset by peer".
    case connectionResetByPeer = "CONNECTION_RESET_BY_PEER"

    /// How many random bytes `randomDataThenClose` sends.
    static let randomByteCount = 64
    /// What `malformedResponseChunk` sends after its head: no hexadecimal chunk size.
    static let malformedChunk: [UInt8] = Array("lskdu018973t09sylgasjkfg1][]'./.sdlv\r\n".utf8)
}
