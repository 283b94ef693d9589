import Dispatch
import Foundation
import SwifterCompat
import TestSupport
import Testing

/// `HttpServer`'s routing surface and `HttpServerIO`'s lifecycle, over real sockets.
@Suite struct HttpServerTests {
    @Test func methodRoutersAndTheirLowercaseAliases() throws {
        let server = HttpServer()
        let routers: [(String, HttpServer.MethodRoute, HttpServer.MethodRoute)] = [
            ("GET", server.GET, server.get), ("POST", server.POST, server.post), ("PUT", server.PUT, server.put),
            ("DELETE", server.DELETE, server.delete), ("PATCH", server.PATCH, server.patch), ("HEAD", server.HEAD, server.head),
        ]
        for (method, upper, lower) in routers {
            #expect(upper.method == method && lower.method == method && upper.router === lower.router)
            upper["/upper/\(method)"] = { _ in .raw(200, "upper", ["X-Method": method], nil) }
            lower["/lower/\(method)"] = { _ in .raw(200, "lower", ["X-Method": method], nil) }
            #expect(upper["/upper/\(method)"] == nil, "set-only, as in Swifter")
        }
        let harness = try CompatHarness(server)
        defer { harness.stop() }
        for (method, _, _) in routers {
            for kind in ["upper", "lower"] {
                let response = try harness.send(
                    "\(method) /\(kind)/\(method) HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n",
                    toHead: method == "HEAD")
                #expect(response.statusLine == "HTTP/1.1 200 \(kind)")
                #expect(response.header("X-Method") == method)
            }
            let other = method == "GET" ? "POST" : "GET"
            let wrong = try harness.send("\(other) /upper/\(method) HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n")
            #expect(wrong.status == 404, "a method route answers only its method")
        }
    }

    @Test func subscriptRoutesAnyMethodAndNilRemovesWhileRunning() throws {
        let server = HttpServer()
        server["/any"] = { request in .ok(.text(request.method)) }
        #expect(server["/any"] == nil, "set-only, as in Swifter")
        let harness = try CompatHarness(server)
        defer { harness.stop() }
        #expect(try harness.send("DELETE /any HTTP/1.1\r\nHost: a\r\n\r\n").bodyText == "DELETE")
        #expect(try harness.send("BREW /any HTTP/1.1\r\nHost: a\r\n\r\n").bodyText == "BREW")
        server["/later"] = { _ in .ok(.text("added while running")) }
        #expect(try harness.get("/later").bodyText == "added while running")
        server["/any"] = nil
        #expect(try harness.get("/any").status == 404)
        #expect(server.routes == ["/later"])
    }

    @Test func routesListsWhatIsRegistered() {
        let server = HttpServer()
        server["/"] = { _ in .ok(.text("root")) }
        server.GET["/a/:id"] = { _ in .ok(.text("a")) }
        #expect(Set(server.routes) == ["", "/a/:id"])
    }

    @Test func headIsAnsweredFromGetRoutesWithoutTheBody() throws {
        let harness = try CompatHarness { $0.GET["/page"] = { _ in .ok(.text("twelve bytes")) } }
        defer { harness.stop() }
        let client = try harness.client()
        try client.send("HEAD /page HTTP/1.1\r\nHost: a\r\n\r\n")
        let head = try client.readResponse(toHead: true)
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == "12")
        try client.send("GET /page HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try client.readResponse().bodyText == "twelve bytes", "no body was sent after the HEAD answer")
    }

    @Test func notFoundHandlerAndThe404Default() throws {
        let server = HttpServer()
        let harness = try CompatHarness(server)
        defer { harness.stop() }
        let plain = try harness.get("/nothing")
        #expect(plain.status == 404)
        #expect(plain.body.isEmpty)
        server.notFoundHandler = { request in .notFound(.text("no \(request.path)")) }
        #expect(server.notFoundHandler != nil)
        #expect(try harness.get("/nothing").bodyText == "no /nothing")
    }

    @Test func middlewareRunsInOrderAndShortCircuitsWithoutParams() throws {
        let box = RequestBox()
        let server = HttpServer()
        server["/m/:id"] = { request in
            box.set(request)
            return .ok(.text("route \(request.params[":id"] ?? "-")"))
        }
        server.middleware.append { request in request.headers["x-block"] == "1" ? .forbidden(.text("first")) : nil }
        server.middleware.append { request in
            request.headers["x-seen"] = "second ran"
            return request.path.hasSuffix("stop") ? .ok(.text("params: \(request.params.count)")) : nil
        }
        #expect(server.middleware.count == 2)
        let harness = try CompatHarness(server)
        defer { harness.stop() }
        #expect(try harness.send("GET /m/1 HTTP/1.1\r\nHost: a\r\nX-Block: 1\r\n\r\n").bodyText == "first")
        #expect(try harness.get("/m/stop").bodyText == "params: 0")
        #expect(try harness.get("/m/7").bodyText == "route 7")
        #expect(box.request?.headers["x-seen"] == "second ran", "middleware sees and may change the request")
    }

    @Test func dispatchCanBeOverriddenBySubclasses() throws {
        final class Custom: HttpServer {  // no Sendable to restate: subclasses compile as with Swifter
            override func dispatch(_ request: HttpRequest) -> ([String: String], (HttpRequest) -> HttpResponse) {
                if request.path == "/special" { return ([":who": "subclass"], { .ok(.text($0.params[":who"] ?? "")) }) }
                return super.dispatch(request)
            }
        }
        let server = Custom()
        server["/normal"] = { _ in .ok(.text("normal")) }
        let harness = try CompatHarness(server)
        defer { harness.stop() }
        #expect(try harness.get("/special").bodyText == "subclass")
        #expect(try harness.get("/normal").bodyText == "normal")
        let base = HttpServerIO()
        let (params, handler) = base.dispatch(HttpRequest())
        #expect(params.isEmpty && handler(HttpRequest()).statusCode == 404)
    }

    @Test func keepAliveServesManyRequestsOnOneConnection() throws {
        let harness = try CompatHarness { server in
            server["/s"] = { _ in .movedPermanently("data:text/html;base64,PHA+") }
            server["/c"] = { _ in .created }
        }
        defer { harness.stop() }
        let client = try harness.client()
        for index in 0..<50 {
            try client.send("GET \(index % 2 == 0 ? "/s" : "/c") HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(try client.readResponse().status == (index % 2 == 0 ? 301 : 201))
        }
        // Pipelined: three requests in one write, three answers in order.
        try client.send("GET /s HTTP/1.1\r\nHost: a\r\n\r\nGET /c HTTP/1.1\r\nHost: a\r\n\r\nGET /s HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try [client.readResponse().status, client.readResponse().status, client.readResponse().status] == [301, 201, 301])
        try client.send("GET /s HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
        #expect(try client.readResponse().header("Connection") == "close")
        #expect(client.isClosedByServer())
    }

    @Test func aHugeContentLengthIs413NotACrash() throws {
        let harness = try CompatHarness { $0["/upload"] = { request in .ok(.text("\(request.body.count)")) } }
        defer { harness.stop() }
        for length in ["9223372036854775807", "4000000000", String(1024 * 1024 + 1)] {
            let response = try harness.send("POST /upload HTTP/1.1\r\nHost: a\r\nContent-Length: \(length)\r\n\r\n")
            #expect(response.status == 413)
            #expect(!response.bodyText.isEmpty, "a one-line reason")
        }
        let edge = String(repeating: "b", count: 1024 * 1024)
        #expect(
            try harness.send("POST /upload HTTP/1.1\r\nHost: a\r\nContent-Length: \(edge.utf8.count)\r\n\r\n\(edge)").bodyText == "1048576")
        #expect(try harness.get("/upload").status == 200, "still serving")
    }

    @Test func theBodyLimitComesFromLimits() throws {
        let server = HttpServer()
        server.limits.maxBodyBytes = 4
        server["/u"] = { request in .ok(.text("\(request.body.count)")) }
        let harness = try CompatHarness(server)
        defer { harness.stop() }
        #expect(try harness.send("POST /u HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\n\r\nabcd").bodyText == "4")
        #expect(try harness.send("POST /u HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nabcde").status == 413)
    }

    @Test func stateOperatingPortAndIsIPv4() throws {
        let server = HttpServer()
        #expect(server.state == .stopped && !server.operating)
        #expect(throws: SocketError.self) { try server.port() }
        #expect(throws: SocketError.self) { try server.isIPv4() }
        try server.start(0, forceIPv4: true, priority: .userInitiated)
        #expect(server.state == .running && server.operating)
        #expect(try server.port() > 0)
        #expect(try server.isIPv4())
        let port = try server.port()
        try server.start(0)  // a no-op while running, as in Swifter
        #expect(try server.port() == port)
        server.stop()
        #expect(server.state == .stopped && !server.operating)
        server.stop()  // a no-op when stopped
        #expect(HttpServerIO.HttpServerIOState.starting.rawValue == 0 && HttpServerIO.HttpServerIOState.stopping.rawValue == 2)
    }

    @Test func listenAddressesChooseWhereToBind() throws {
        let server = HttpServer()
        server["/"] = { request in .ok(.text(request.address ?? "-")) }
        #expect(server.listenAddressIPv4 == nil && server.listenAddressIPv6 == nil)
        server.listenAddressIPv6 = "::1"
        try server.start(0)
        #expect(try !server.isIPv4())
        let v6 = try RawClient(port: UInt16(server.port()), host: "::1")
        try v6.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try v6.readResponse().bodyText == "::1")
        server.stop()

        server.listenAddressIPv6 = nil
        try server.start(0)  // no address given: loopback IPv4
        #expect(try server.isIPv4())
        server.stop()

        server.listenAddressIPv4 = "0.0.0.0"
        try server.start(0, forceIPv4: true)
        #expect(try server.isIPv4())
        server.stop()

        server.listenAddressIPv4 = "not an address"
        #expect(throws: SocketError.self) { try server.start(0, forceIPv4: true) }
        #expect(server.state == .stopped)
    }

    @Test func aPortInUseThrowsBindFailed() throws {
        let first = try CompatHarness { _ in }
        defer { first.stop() }
        let second = HttpServer()
        do {
            try second.start(first.port, forceIPv4: true)
            Issue.record("started on a port in use")
        } catch SocketError.bindFailed(let reason) {
            #expect(reason.contains("Address already in use"))
        }
        #expect(!second.operating)
    }

    @Test func stopCalledFromAHandlerDoesNotDeadlock() throws {
        let server = HttpServer()
        server["/stop"] = { [unowned server] _ in
            server.stop()
            return .ok(.text("stopping"))
        }
        let harness = try CompatHarness(server)
        let client = try harness.client()
        try client.send("GET /stop HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try client.readResponse().bodyText == "stopping")
        #expect(!server.operating)
        #expect(client.isClosedByServer(), "the stop goes on once the handler has returned")
    }

    @Test func versionAndDelegate() {
        final class Watcher: HttpServerIODelegate {
            func socketConnectionReceived(_ socket: Socket) {}
        }
        #expect(HttpServer.VERSION == "1.5.0")
        let server = HttpServer()
        let watcher = Watcher()
        server.delegate = watcher
        #expect(server.delegate === watcher)
    }
}
