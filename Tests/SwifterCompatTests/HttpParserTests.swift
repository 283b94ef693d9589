import Foundation
import SwifterCompat
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `HttpParser` over a `Socket` whose `read()` is overridden (bytes from memory), and `Socket` itself over
/// a real connected pair of sockets.
@Suite struct HttpParserTests {
    /// A socket that reads from memory: `read()` is the only override, as in apps' tests.
    final class MemorySocket: Socket {
        private var bytes: [UInt8]
        private var index = 0

        init(_ text: String) {
            bytes = Array(text.utf8)
            super.init(socketFileDescriptor: -1)
        }

        override func read() throws -> UInt8 {
            guard index < bytes.count else { throw SocketError.recvFailed("end of test input") }
            defer { index += 1 }
            return bytes[index]
        }
    }

    @Test func readsARequest() throws {
        let request = try HttpParser().readHttpRequest(
            MemorySocket(
                "POST /a%20b/c?x=1&y=%41#frag HTTP/1.1\r\nHost: h\r\nX-Dup: 1\r\nx-dup:  2 \r\nno colon line\r\nContent-Length: 5\r\n\r\nhello"
            ))
        #expect(request.method == "POST")
        #expect(request.path == "/a%20b/c")
        #expect(request.queryParams.map { "\($0.0)=\($0.1)" } == ["x=1", "y=%41"])
        #expect(request.headers == ["host": "h", "x-dup": "2", "content-length": "5"])
        #expect(request.body == Array("hello".utf8))
    }

    @Test func bareLFLinesAreAccepted() throws {
        let request = try HttpParser().readHttpRequest(MemorySocket("GET /p HTTP/1.1\nHost: h\n\n"))
        #expect(request.path == "/p" && request.headers["host"] == "h" && request.body.isEmpty)
    }

    @Test func refusals() {
        #expect(throws: HttpParserError.invalidStatusLine("GET /only-two")) {
            try HttpParser().readHttpRequest(MemorySocket("GET /only-two\r\n\r\n"))
        }
        #expect(throws: HttpParserError.negativeContentLength) {
            try HttpParser().readHttpRequest(MemorySocket("GET / HTTP/1.1\r\nContent-Length: -1\r\n\r\n"))
        }
        #expect(throws: HttpParserError.invalidContentLength("ten")) {
            try HttpParser().readHttpRequest(MemorySocket("GET / HTTP/1.1\r\nContent-Length: ten\r\n\r\n"))
        }
        #expect(throws: HttpParserError.bodyTooLarge(length: 9_223_372_036_854_775_807, limit: 1_048_576)) {
            try HttpParser().readHttpRequest(MemorySocket("GET / HTTP/1.1\r\nContent-Length: 9223372036854775807\r\n\r\n"))
        }
        #expect(throws: SocketError.self, "the body is shorter than its Content-Length") {
            try HttpParser().readHttpRequest(MemorySocket("GET / HTTP/1.1\r\nContent-Length: 9\r\n\r\nshort"))
        }
    }

    @Test func limitsAtTheirEdges() throws {
        let parser = HttpParser()
        parser.maxLineBytes = 20
        parser.maxHeaderCount = 2
        parser.maxBodyBytes = 3
        let line20 = "GET /" + String(repeating: "a", count: 6) + " HTTP/1.1"  // 20 bytes
        #expect(
            try parser.readHttpRequest(MemorySocket(line20 + "\r\nA: 1\r\nB: 2\r\n\r\n")).path == "/aaaaaa",
            "a 20-byte line and 2 fields pass")
        #expect(throws: HttpParserError.tooManyHeaders(limit: 2)) {
            try parser.readHttpRequest(MemorySocket("GET / HTTP/1.1\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n"))
        }
        #expect(throws: SocketError.self) { try parser.readHttpRequest(MemorySocket(line20 + "x\r\n\r\n")) }
        let parsed = try parser.readHttpRequest(MemorySocket(line20 + "\r\nContent-Length: 3\r\n\r\nabc"))
        #expect(parsed.body == Array("abc".utf8))
        #expect(throws: HttpParserError.bodyTooLarge(length: 4, limit: 3)) {
            try parser.readHttpRequest(MemorySocket("GET / HTTP/1.1\r\nContent-Length: 4\r\n\r\nabcd"))
        }
    }

    /// A socket whose `read()` returns one byte forever (garbage, or an attacker's endless line), giving
    /// up after `backstop` reads so that a failure cannot hang the suite.
    final class EndlessSocket: Socket {
        let byte: UInt8
        let backstop: Int
        private(set) var reads = 0

        init(_ byte: UInt8, backstop: Int = 100_000) {
            self.byte = byte
            self.backstop = backstop
            super.init(socketFileDescriptor: -1)
        }

        override func read() throws -> UInt8 {
            reads += 1
            guard reads <= backstop else { throw SocketError.recvFailed("the test's backstop") }
            return byte
        }
    }

    /// Every byte read counts toward `maxLineBytes`, the ones a line drops (CR, NUL, other controls) too:
    /// a line of them ended only by the test's backstop.
    @Test(arguments: [UInt8(0), 9, 13, UInt8(ascii: "a"), 0xFF])
    func anEndlessLineIsCutAtTheLimitWhateverItsBytes(_ byte: UInt8) throws {
        let parser = HttpParser()
        parser.maxLineBytes = 20
        let socket = EndlessSocket(byte)
        #expect(throws: SocketError.self) { try parser.readHttpRequest(socket) }
        #expect(socket.reads <= 22, "read \(socket.reads) bytes of a line limited to 20")
        let crlf = try parser.readHttpRequest(MemorySocket("GET /" + String(repeating: "b", count: 6) + " HTTP/1.1\r\n\r\n"))
        #expect(crlf.path == "/bbbbbb", "a 20-byte line's CR LF is not counted")
        #expect(throws: SocketError.self) {
            try parser.readHttpRequest(MemorySocket("GET /bbbbbb HTTP/1.1\r\r\n\r\n"))
        }
    }

    /// `read(length:)` holds what arrived, not what was asked for: a length of 2^40 from a peer that sends
    /// three bytes and closes is an error, not an allocation of a terabyte.
    @Test func aHugeReadLengthHoldsOnlyWhatArrives() throws {
        let (reader, writer) = try Socket.connectedPair()
        try writer.writeUInt8([1, 2, 3])
        writer.close()
        #expect(throws: SocketError.self) { try reader.read(length: 1 << 40) }
    }

    @Test func aRealSocketPair() throws {
        let (left, right) = try Socket.connectedPair()
        #expect(left != right)
        #expect(left == left)
        #expect(Set([left, right]).count == 2)

        try left.writeUTF8("GET /x HTTP/1.1\r\nContent-Length: 12\r\n\r\n")
        try left.writeUInt8(Array("ab".utf8))
        try left.writeUInt8(Array("-cd-".utf8)[1..<3])
        try left.writeData(Data("ef".utf8))
        try left.writeData(NSData(data: Data("gh".utf8)))
        let folder = try TemporaryFolder()
        let path = try folder.write("f", "ijkl")
        let file = try path.openForReading()
        try left.writeFile(file)
        file.close()
        let request = try HttpParser().readHttpRequest(right)
        #expect(request.path == "/x")
        #expect(String(decoding: request.body, as: UTF8.self) == "abcdefghijkl")

        try right.writeUTF8("line one\r\nz")
        #expect(try left.readLine() == "line one")
        #expect(try left.read() == UInt8(ascii: "z"))
        try right.writeUInt8([1, 2, 3])
        #expect(try left.read(length: 3) == [1, 2, 3])
        Socket.setNoSigPipe(left.socketFileDescriptor)
        right.close()
        right.close()  // closing twice does nothing
        #expect(throws: SocketError.self) { try left.read() }
        #expect(throws: SocketError.self) { try left.writeUTF8("to nobody") }
        #expect(!Errno.description().isEmpty)
    }

    @Test func portAndFamilyOfATCPSocket() throws {
        let server = HttpServer()
        try server.start(0, forceIPv4: true)
        defer { server.stop() }
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        let client = Socket(socketFileDescriptor: fd)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(try server.port()).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(connected == 0)
        #expect(try client.port() > 0)
        #expect(try client.isIPv4())
        try client.writeUTF8("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try client.readLine() == "HTTP/1.1 404 Not Found")
        Socket.close(-1)  // closing a descriptor that is not open does nothing harmful
    }
}
