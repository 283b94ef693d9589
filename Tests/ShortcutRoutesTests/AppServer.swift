import Foundation
import ShortcutHTTP
import ShortcutServe
import TestSupport

/// The product's routes on a real server (port 0) over a temp store folder.
final class AppServer {
    let directory: URL
    let app: ShortcutApp
    let server: HTTPServer
    let port: UInt16

    init(
        mode: DeliveryMode = .page, allowHosts: [String] = [], directory: URL? = nil, profilePrefix: String? = nil,
        host: String = "127.0.0.1", options base: ServerConfiguration = ServerConfiguration()
    ) throws {
        self.directory = directory ?? AppServer.temporaryStore()
        (app, server) = try AppServer.makeApp(
            mode: mode, allowHosts: allowHosts, directory: self.directory,
            profilePrefix: profilePrefix, host: host, options: base)
        let address = try server.start(0, host: host)
        app.didStart(at: address)
        port = address.port
    }

    /// A store folder under the temp folder, not made yet.
    static func temporaryStore() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("ss-test-\(UUID().uuidString)")
    }

    /// The product's routes installed on a server that is not started yet, over the store at `directory`.
    static func makeApp(
        mode: DeliveryMode, allowHosts: [String], directory: URL, profilePrefix: String?, host: String,
        options base: ServerConfiguration
    ) throws -> (ShortcutApp, HTTPServer) {
        var options = base
        options.storePath = directory.path
        options.mode = mode
        options.allowedHosts = allowHosts
        options.host = host
        if let profilePrefix { options.profilePrefix = profilePrefix }
        let app = try ShortcutApp(options: options)
        let server = HTTPServer(limits: options.limits, loopCount: 2)
        try app.install(on: server)
        return (app, server)
    }

    func client(connectingTo address: String = "127.0.0.1") throws -> RawClient { try RawClient(port: port, host: address) }

    /// One request on a fresh connection (to `address`: another of this machine's addresses makes the
    /// request come from it, as a device on the network would).
    func request(
        _ method: String, _ path: String, json: String? = nil, headers: [String: String] = [:],
        host: String = "localhost", connectingTo address: String = "127.0.0.1"
    ) throws -> RawResponse {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        var body: [UInt8] = []
        if let json {
            body = Array(json.utf8)
            if headers["Content-Type"] == nil { head += "Content-Type: application/json\r\n" }
        }
        if !body.isEmpty || method == "POST" || method == "PUT" { head += "Content-Length: \(body.count)\r\n" }
        let client = try client(connectingTo: address)
        try client.send(Array((head + "\r\n").utf8) + body)
        return try client.readResponse(toHead: method == "HEAD")
    }

    /// Stops the server, flushes the store; the folder stays for a restart unless `removeFiles`.
    func stop(removeFiles: Bool = true) {
        server.stopAndWait()
        app.close()
        if removeFiles { try? FileManager.default.removeItem(at: directory) }
    }
}
