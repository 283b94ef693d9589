import Foundation
import ShortcutHTTP

/// A server on 127.0.0.1, port 0, for one test; stopped by `stop()` (waits for the port to be free).
public struct TestServer: Sendable {
    public let server: HTTPServer
    public let port: UInt16

    public init(limits: ServerLimits = ServerLimits(), host: String = "127.0.0.1", _ routes: (HTTPServer) -> Void) throws {
        server = HTTPServer(limits: limits, logsRequests: false, loopCount: 2)
        routes(server)
        port = try server.start(0, host: host).port
    }

    public func client(timeout: Double = 5, receiveBuffer: Int32? = nil) throws -> RawClient {
        try RawClient(port: port, timeout: timeout, receiveBuffer: receiveBuffer)
    }

    public func stop() { server.stopAndWait() }
}

/// Monotonic seconds, for measuring how long something took.
public func secondsNow() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
