import Foundation
import ShortcutHTTP
import ShortcutServe
import TestSupport

/// The product's routes answered in process (`HTTPServer.respond(to:)`, no socket) over a temp store
/// folder: for tests of the routes' logic, as Hummingbird's `.router` test mode. Requests come from a
/// loopback peer unless told otherwise, so the API's Host, Origin and peer guards run as on the wire. What
/// only the wire does (framing, HEAD, delays, keep-alive) is `AppServer`'s, in the live tests.
final class AppRoutes {
    let directory: URL
    let app: ShortcutApp
    let server: HTTPServer

    init(mode: DeliveryMode = .page, allowHosts: [String] = [], directory: URL? = nil, options: ServerConfiguration = ServerConfiguration())
        throws
    {
        self.directory = directory ?? AppServer.temporaryStore()
        (app, server) = try AppServer.makeApp(
            mode: mode, allowHosts: allowHosts, directory: self.directory, profilePrefix: nil,
            host: "127.0.0.1", options: options)
    }

    /// The answer to one request from `peer` (an address of this machine unless told otherwise).
    func request(
        _ method: String, _ path: String, json: String? = nil, headers: [String: String] = [:],
        host: String = "localhost", peer: String = "127.0.0.1:50000"
    ) throws -> RawResponse {
        var fields = HTTPHeaders([("Host", host)])
        for (name, value) in headers { fields.add(name: name, value: value) }
        if json != nil && headers["Content-Type"] == nil { fields.add(name: "Content-Type", value: "application/json") }
        let request = HTTPRequest(
            method: HTTPMethod(method), target: path, headers: fields, body: Array((json ?? "").utf8),
            remoteAddress: peer)
        return RawResponse(server.respond(to: request))
    }

    /// Flushes the store; the folder stays for a restart unless `removeFiles`.
    func stop(removeFiles: Bool = true) {
        app.close()
        if removeFiles { try? FileManager.default.removeItem(at: directory) }
    }
}
