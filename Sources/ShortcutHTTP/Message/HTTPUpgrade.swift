import ShortcutPlatform

/// A connection a handler took over from HTTP with a 101 answer (`HTTPResponse.switchingProtocols`): its
/// socket, now blocking and no longer watched, timed or counted by the server, and the bytes the client
/// sent after its request that the server had already read. The taker owns the socket and must close it.
public struct UpgradedConnection: Sendable {
    /// The connection's socket (blocking), for this package's targets.
    package let socket: Socket
    /// The connection's file descriptor (blocking): read and write it; `close()` it when done.
    public var fileDescriptor: Int32 { socket.fd }
    /// What the client sent after the upgrade request and the server had read: the start of the new
    /// protocol's input, to be consumed before reading the socket.
    public let bufferedBytes: [UInt8]

    /// Makes one (the server does; for tests of code that takes connections over).
    package init(socket: Socket, bufferedBytes: [UInt8]) {
        self.socket = socket
        self.bufferedBytes = bufferedBytes
    }

    /// Closes the connection.
    public func close() { socket.close() }
}

/// Takes over an upgraded connection. Runs on a thread of its own (not a Dispatch worker) and may block
/// for the connection's whole life.
public typealias UpgradeHandler = @Sendable (UpgradedConnection) -> Void

extension HTTPResponse {
    /// 101 Switching Protocols with `headers` (`Upgrade`, `Connection: Upgrade`, … sent as given): once it is
    /// written, the server stops reading the connection, answers nothing more on it, and hands it to
    /// `handler` (RFC 9110 §15.2.2). Pipelined requests after the upgrade request are not answered: their
    /// bytes are `UpgradedConnection.bufferedBytes`.
    public static func switchingProtocols(_ headers: HTTPHeaders, to handler: @escaping UpgradeHandler) -> HTTPResponse {
        var response = HTTPResponse(status: HTTPStatus(101), headers: headers)
        response.upgrade = handler
        return response
    }
}
