import Foundation
import SwifterCompat
import TestSupport

/// A started `HttpServer` on 127.0.0.1, port 0, and raw-bytes requests to it.
struct CompatHarness {
    let server: HttpServer
    let port: UInt16

    /// Starts `server` (routes already set) on a free port.
    init(_ server: HttpServer) throws {
        self.server = server
        try server.start(0, forceIPv4: true)
        port = UInt16(try server.port())
    }

    /// Starts a new server after `routes` sets it up.
    init(_ routes: (HttpServer) -> Void) throws {
        let server = HttpServer()
        routes(server)
        try self.init(server)
    }

    func client() throws -> RawClient { try RawClient(port: port) }

    /// Sends `request` (a whole HTTP message) on a new connection and reads one response.
    func send(_ request: String, toHead: Bool = false) throws -> RawResponse {
        let client = try client()
        try client.send(request)
        return try client.readResponse(toHead: toHead)
    }

    /// `GET target` on a new connection.
    func get(_ target: String) throws -> RawResponse {
        try send("GET \(target) HTTP/1.1\r\nHost: localhost\r\n\r\n")
    }

    func stop() { server.stop() }
}
