import ShortcutPlatform

/// A `GET` (or a `DELETE`) from the command line to a server on this machine (a running server the store's registry names,
/// such as `http://127.0.0.1:9081`): one request with `Connection: close`, the answer read to its end. Only
/// what this project's server sends is understood: a status line, fields, and a body of `Content-Length`
/// bytes or up to the close.
struct LocalHTTPClient {
    /// The largest answer read, in bytes; a longer one is an error.
    static let maxAnswerBytes = 8 << 20

    /// `http://HOST:PORT` with an IP address for HOST (`http://[::1]:9081` too).
    let root: String
    let timeoutSeconds: Int

    struct Answer: Equatable {
        let status: Int
        let body: [UInt8]
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(root: String, timeoutSeconds: Int = 5) {
        self.root = root
        self.timeoutSeconds = timeoutSeconds
    }

    /// The address in `root`, or nil when it is not `http://` with an IP address and a port.
    var address: SocketAddress? {
        guard root.hasPrefix("http://") else { return nil }
        let authority = root.dropFirst(7).prefix { $0 != "/" }
        guard let colon = authority.lastIndex(of: ":"), let port = UInt16(authority[authority.index(after: colon)...]) else { return nil }
        var host = authority[..<colon]
        if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        return SocketAddress(host: String(host), port: port)
    }

    func get(_ target: String) throws(Failure) -> Answer { try send("GET", target) }

    /// One request of `method` for `target` (with `body`, sent as JSON, when given), and its whole answer.
    func send(_ method: String, _ target: String, body: [UInt8]? = nil) throws(Failure) -> Answer {
        guard let address else { throw Failure(description: "\(root) is not http://ADDRESS:PORT on this machine") }
        let socket: Socket
        do {
            socket = try Socket.connect(to: address, timeoutSeconds: timeoutSeconds)
        } catch {
            throw Failure(description: "cannot reach the server at \(root): \(error.reason)")
        }
        defer { socket.close() }
        let authority = root.dropFirst(7).prefix { $0 != "/" }
        var request = "\(method) \(target) HTTP/1.1\r\nHost: \(authority)\r\nConnection: close\r\nUser-Agent: shortcut-serve\r\n"
        if let body { request += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n" }
        do {
            try Platform.writeAll(socket.fd, Array((request + "\r\n").utf8) + (body ?? []))
        } catch {
            throw Failure(description: "cannot send to the server at \(root): \(error.reason)")
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count: Int
            do {
                count = try Platform.read(socket.fd, into: &buffer, upTo: buffer.count)
            } catch {
                throw Failure(description: "no answer from the server at \(root) within \(timeoutSeconds) s: \(error.reason)")
            }
            if count == 0 { break }
            received += buffer[0..<count]
            guard received.count <= Self.maxAnswerBytes else {
                throw Failure(description: "the answer from \(root) is over \(Self.maxAnswerBytes) bytes")
            }
        }
        return try Self.parse(received, from: root)
    }

    /// The status and body of a whole answer.
    static func parse(_ bytes: [UInt8], from root: String) throws(Failure) -> Answer {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else {
            throw Failure(description: "the answer from \(root) has no complete head")
        }
        let head = String(decoding: bytes[..<end], as: UTF8.self).split(separator: "\r\n")
        let statusWords = head.first?.split(separator: " ") ?? []
        guard statusWords.count >= 2, statusWords[0].hasPrefix("HTTP/1."), let status = Int(statusWords[1]) else {
            throw Failure(description: "the answer from \(root) does not start with an HTTP/1.1 status line")
        }
        var body = Array(bytes[(end + 4)...])
        for line in head.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "content-length",
                let length = Int(parts[1].trimmingWhitespace()), length <= body.count
            {
                body = Array(body[..<length])
            }
        }
        return Answer(status: status, body: body)
    }
}
