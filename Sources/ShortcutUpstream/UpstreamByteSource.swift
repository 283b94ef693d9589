import ShortcutPlatform

/// Where an answer's bytes come from: the upstream's socket, or bytes in memory (the reader's tests feed it
/// one byte at a time).
protocol UpstreamByteSource {
    /// Reads up to `buffer.count` bytes into the start of `buffer`; 0 at the end of input. Throws the failed
    /// read's error (`EAGAIN` when the socket's `SO_RCVTIMEO` ran out).
    mutating func read(into buffer: inout [UInt8]) throws(SystemError) -> Int
}

/// A connected blocking socket as a byte source.
struct SocketByteSource: UpstreamByteSource {
    let socket: Socket

    mutating func read(into buffer: inout [UInt8]) throws(SystemError) -> Int {
        try Platform.read(socket.fd, into: &buffer, upTo: buffer.count, subject: "the upstream")
    }
}
