/// Every limit and timeout of the server, each with a default. A request over a size limit is answered
/// with its status (414, 431, 413) and a one-line reason; a connection over a timeout is closed (with 408
/// when a request had begun).
public struct ServerLimits: Sendable, Equatable {
    /// Longest request-target, in bytes; longer gets 414. Default 8 KiB.
    public var maxRequestTargetBytes = 8 * 1024
    /// Largest header section (every field line with its CRLF, the request line and the final empty line
    /// not counted), in bytes; larger gets 431. Default 32 KiB.
    public var maxHeaderBytes = 32 * 1024
    /// Most header fields in one request; more gets 431. Default 100.
    public var maxHeaderCount = 100
    /// Largest request body, in bytes, after de-chunking; larger gets 413 before it is read. Default 1 MiB.
    public var maxBodyBytes = 1024 * 1024
    /// Most connections open at once; a connection beyond it gets 503 and is closed. Default 1024.
    /// `HTTPServer.start` lowers it to what the open-file limit allows (`HTTPServer.connectionLimit`).
    public var maxConnections = 1024
    /// File descriptors kept for everything but connections when `maxConnections` is fitted to the
    /// open-file limit: standard streams, the store's files, Dispatch's own; each event loop keeps two more
    /// (its poller, and a spare to refuse clients with when descriptors run out). Default 32.
    public var reservedFileDescriptors = 32
    /// Most bytes of answers one connection may have waiting for its peer to read them. While a connection
    /// is at or over it, its further pipelined requests wait unanswered and its socket is not read, so a
    /// client that sends requests without reading the answers holds at most this much (plus the one answer
    /// that crossed it). Default 1 MiB.
    public var maxPendingOutputBytes = 1024 * 1024
    /// Most bytes of access-log lines waiting for standard error to take them; lines beyond it are dropped,
    /// counted, and the count logged once standard error catches up. Default 256 KiB (about 3,000 lines).
    public var maxPendingLogBytes = 256 * 1024
    /// Time allowed from a request's first byte to the end of its header section (slowloris). Default 10 s.
    public var headerReadTimeout: Duration = .seconds(10)
    /// Time a keep-alive connection may wait for its next request. Default 60 s.
    public var idleTimeout: Duration = .seconds(60)
    /// Time allowed to receive a request body once its header section is in. Default 30 s.
    public var bodyReadTimeout: Duration = .seconds(30)
    /// Time allowed to send one response to a peer that reads slowly. Default 30 s.
    public var writeTimeout: Duration = .seconds(30)
    /// Most threads running blocking handlers at once (`HTTPServer.MethodRoutes.blocking`: store writes,
    /// `flock`, `fsync`); more wait their turn. They start as needed and run below the event loops' priority
    /// (nice +19 on Linux, the utility quality of service on Darwin), so writes take the CPU reads leave.
    /// Default 16.
    public var blockingThreads = 16
    /// How long a graceful stop waits for in-flight responses before closing what is left. Default 5 s.
    public var shutdownGracePeriod: Duration = .seconds(5)

    /// The defaults.
    public init() {}
}
