/// What one exchange with an upstream may cost: memory (bytes) and waiting (seconds).
package struct UpstreamLimits: Sendable, Equatable {
    /// The largest header section of an answer, status line and final blank line included (interim 1xx
    /// answers count in it too); also the most a chunk-size line, and all the trailers, may take.
    package var maxHeadBytes: Int
    /// The largest body of an answer, after chunked decoding.
    package var maxBodyBytes: Int
    /// The longest silence of the upstream, in seconds, for each of connecting, sending and reading
    /// (`SO_SNDTIMEO`, `SO_RCVTIMEO`): a silence, not a deadline for the whole answer.
    package var timeoutSeconds: Int

    /// Makes limits; the defaults are 64 KiB of head, 10 MiB of body and 10 s.
    package init(maxHeadBytes: Int = 64 * 1024, maxBodyBytes: Int = 10 * 1024 * 1024, timeoutSeconds: Int = 10) {
        self.maxHeadBytes = maxHeadBytes
        self.maxBodyBytes = maxBodyBytes
        self.timeoutSeconds = timeoutSeconds
    }
}
