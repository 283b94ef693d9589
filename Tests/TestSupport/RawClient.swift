import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A blocking raw-bytes TCP client for live tests: it sends exactly the bytes given and reads exactly
/// what comes back (Linux URLSession cannot be trusted with `Location: data:` redirects). Every read has a
/// timeout, so a server that fails to answer fails the test instead of hanging it.
public final class RawClient {
    public let fd: Int32
    private var pending: [UInt8] = []

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        /// The failed call's `errno` (`ECONNREFUSED` for a refused connect); 0 when none.
        public let code: Int32
        public init(description: String, code: Int32 = 0) {
            self.description = description
            self.code = code
        }
    }

    /// Connects to `host:port` (IPv4 or IPv6), with an optional small receive buffer.
    public init(port: UInt16, host: String = "127.0.0.1", timeout: Double = 5, receiveBuffer: Int32? = nil) throws {
        // Connect before `self` exists: a class whose init throws after its properties are set runs
        // `deinit`, which would close the descriptor a second time (and maybe someone else's).
        fd = try RawClient.connected(port: port, host: host, timeout: timeout, receiveBuffer: receiveBuffer)
    }

    private static func connected(port: UInt16, host: String, timeout: Double, receiveBuffer: Int32?) throws -> Int32 {
        let isV6 = host.contains(":")
        let fd = socket(isV6 ? AF_INET6 : AF_INET, streamSocketType, 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        disableSIGPIPE(fd)
        var seconds = timeval(tv_sec: Int(timeout), tv_usec: .init((timeout - Double(Int(timeout))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &seconds, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &seconds, socklen_t(MemoryLayout<timeval>.size))
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        let result: Int32
        if isV6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            inet_pton(AF_INET6, host, &address.sin6_addr)
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            inet_pton(AF_INET, host, &address.sin_addr)
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        guard result == 0 else {
            let code = errno
            close(fd)
            throw Failure(description: "connect \(host):\(port): \(String(cString: strerror(code)))", code: code)
        }
        return fd
    }

    deinit { close(fd) }

    /// Sends every byte of `text`.
    public func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Sends every byte.
    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { sendNoSignal(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { throw Failure(description: "send: \(String(cString: strerror(errno)))") }
            offset += count
        }
    }

    /// Stops sending (the server sees EOF).
    public func shutdownWrite() { shutdown(fd, Int32(SHUT_WR)) }

    /// Reads one chunk; nil on EOF or reset; throws on timeout.
    public func readChunk() throws -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count > 0 { return Array(buffer[0..<count]) }
        if count == 0 { return nil }
        if errno == EAGAIN || errno == EWOULDBLOCK { throw Failure(description: "read timed out") }
        return nil
    }

    /// Reads one complete response (head and a Content-Length body; no body after a HEAD request).
    public func readResponse(toHead: Bool = false) throws -> RawResponse {
        while true {
            if let response = RawResponse.parse(&pending, toHead: toHead) { return response }
            guard let chunk = try readChunk() else {
                throw Failure(
                    description: "connection closed before a complete response; got \(String(decoding: pending, as: UTF8.self).prefix(300))"
                )
            }
            pending += chunk
        }
    }

    /// Reads until the server closes; returns everything received (after any buffered bytes).
    public func readToEnd() throws -> [UInt8] {
        var all = pending
        pending = []
        while let chunk = try readChunk() { all += chunk }
        return all
    }

    /// Reads until the server closes, and says how: `reset` when the connection was aborted (RST, ECONNRESET),
    /// not closed (FIN). Throws on timeout.
    public func readToEndNotingReset() throws -> (bytes: [UInt8], reset: Bool) {
        var all = pending
        pending = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                all += buffer[0..<count]
                continue
            }
            if count == 0 { return (all, false) }
            if errno == ECONNRESET { return (all, true) }
            if errno == EAGAIN || errno == EWOULDBLOCK { throw Failure(description: "read timed out") }
            throw Failure(description: "read failed: errno \(errno)")
        }
    }

    /// Whether nothing from the server waits to be read now (a poll of the socket that does not wait): for a
    /// test that has made sure the server handled what it sent, and checks that no answer went out.
    public var hasNothingToRead: Bool {
        guard pending.isEmpty else { return false }
        var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&ready, 1, 0) == 0
    }

    /// Whether the server has closed the connection (EOF or reset), waiting up to the read timeout.
    public func isClosedByServer() -> Bool {
        guard pending.isEmpty else { return false }
        do { return try readChunk() == nil } catch { return false }
    }
}

// The few calls whose spelling differs between Glibc and Darwin.
#if canImport(Glibc)
    /// Glibc imports `SOCK_STREAM` as an enum case.
    private let streamSocketType = Int32(SOCK_STREAM.rawValue)
    /// Linux asks per send (`MSG_NOSIGNAL`) not to raise SIGPIPE on a closed connection.
    private func disableSIGPIPE(_ fd: Int32) {}
    private func sendNoSignal(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        Glibc.send(fd, buffer, count, Int32(MSG_NOSIGNAL))
    }
#elseif canImport(Darwin)
    /// Darwin's `SOCK_STREAM` is a plain `Int32` macro (`sys/socket.h`: `#define SOCK_STREAM 1`).
    private let streamSocketType = SOCK_STREAM
    /// Darwin sets `SO_NOSIGPIPE` once per socket instead of a flag per send.
    private func disableSIGPIPE(_ fd: Int32) {
        var on: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    }
    private func sendNoSignal(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        Darwin.send(fd, buffer, count, 0)
    }
#endif

/// A response as raw bytes, split into its parts.
public struct RawResponse: Sendable {
    public var statusLine: String
    public var headers: [(String, String)]
    public var body: [UInt8]
    /// The head exactly as received.
    public var head: String

    public var status: Int { Int(statusLine.split(separator: " ").dropFirst().first ?? "") ?? 0 }
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    public func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }

    /// The head with the Date line removed, for comparison with golden bytes.
    public var headWithoutDate: String {
        head.components(separatedBy: "\r\n").filter { !$0.hasPrefix("Date: ") }.joined(separator: "\r\n")
    }

    /// Takes one response off the front of `buffer`, or nil if it is not complete.
    public static func parse(_ buffer: inout [UInt8], toHead: Bool = false) -> RawResponse? {
        let marker: [UInt8] = [13, 10, 13, 10]
        guard buffer.count >= 4, let end = (0...(buffer.count - 4)).first(where: { Array(buffer[$0..<$0 + 4]) == marker }) else {
            return nil
        }
        let head = String(decoding: buffer[0..<end + 4], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        let statusLine = lines.removeFirst()
        let headers = lines.map { line -> (String, String) in
            let parts = line.split(separator: ":", maxSplits: 1)
            return (String(parts[0]), parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "")
        }
        let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "") ?? 0
        let length = headers.first { $0.0.lowercased() == "content-length" }.flatMap { Int($0.1) } ?? 0
        let isHeadReply = toHead || (100..<200).contains(status) || status == 204 || status == 304
        let bodyLength = isHeadReply ? 0 : length
        guard buffer.count >= end + 4 + bodyLength else { return nil }
        let body = Array(buffer[(end + 4)..<(end + 4 + bodyLength)])
        buffer.removeFirst(end + 4 + bodyLength)
        return RawResponse(statusLine: statusLine, headers: headers, body: body, head: head)
    }
}
