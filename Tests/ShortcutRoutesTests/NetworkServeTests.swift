import Foundation
import TestSupport
import Testing

/// Issue 11 on a real server: what a phone on the same network sees when the server listens on
/// 0.0.0.0, and what it may not do (the API answers only this machine).
@Suite struct NetworkServeTests {
    @Test func theAPIAnswersOnlyThisMachineWhileThePagesAnswerTheNetwork() throws {
        let lan = try NetworkAddress.first()
        let server = try AppServer(host: "0.0.0.0")
        defer { server.stop() }
        // From the network address, as a phone's request arrives: pages yes, API no (whatever the Host).
        #expect(try server.request("GET", "/s", host: "\(lan):\(server.port)", connectingTo: lan).status == 301)
        #expect(try server.request("GET", "/", host: "\(lan):\(server.port)", connectingTo: lan).status == 200)
        for host in ["\(lan):\(server.port)", "127.0.0.1", "localhost"] {
            let refused = try server.request(
                "POST", "/api/shortcuts", json: #"{"title":"T","url":"myapp://x"}"#, host: host,
                connectingTo: lan)
            #expect(refused.status == 403)
            #expect(refused.bodyText.hasPrefix("the /api/ routes answer only this machine (loopback); this request came from \(lan):"))
            #expect(try server.request("GET", "/api/mock", host: host, connectingTo: lan).status == 403)
        }
        // From loopback, the API works as before.
        #expect(try server.request("POST", "/api/shortcuts", json: #"{"title":"T","url":"myapp://x"}"#).status == 201)
    }

    @Test func theQRCodeHoldsTheAddressThePhoneUses() throws {
        let lan = try NetworkAddress.first()
        let server = try AppServer(host: "0.0.0.0")
        defer { server.stop() }
        let created = try server.request("POST", "/api/shortcuts", json: #"{"title":"Scan","url":"myapp://scan","id":"scan"}"#)
        #expect(created.status == 201)
        // Asked from the phone (its Host is the LAN address), from this machine (loopback: the LAN address
        // is what a phone needs), and through another name a phone would use.
        let cases = [
            ("\(lan):\(server.port)", "http://\(lan):\(server.port)/s/scan"),
            ("127.0.0.1:\(server.port)", "http://\(lan):\(server.port)/s/scan"),
            ("localhost:\(server.port)", "http://\(lan):\(server.port)/s/scan"),
            ("mac.example:\(server.port)", "http://mac.example:\(server.port)/s/scan"),
        ]
        for (host, expected) in cases {
            let response = try server.request("GET", "/qr/scan.svg", host: host)
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "image/svg+xml")
            let svg = response.bodyText
            try NetworkServeTests.requireWellFormedSVG(svg)
            #expect(String(decoding: try ZBarReader.decode(svg: svg), as: UTF8.self) == expected)
        }
        // The URL it holds answers the 301 from the network.
        let client = try RawClient(port: server.port, host: lan)
        try client.send("GET /s/scan HTTP/1.1\r\nHost: \(lan):\(server.port)\r\n\r\n")
        #expect(try client.readResponse().status == 301)
        // The index shows the same code inline, with its address.
        let index = try server.request("GET", "/", host: "127.0.0.1:\(server.port)").bodyText
        #expect(index.contains("<figcaption>http://\(lan):\(server.port)/s/scan</figcaption>"))
        #expect(index.contains("id=\"insecure-origin\""), "the index says once that http:// gives no offline page")
        #expect(index.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    }

    /// Issue 24: a code for 127.0.0.1 opens nothing on a phone. On loopback only, asked through loopback, no
    /// code is drawn: the route and the index say how to give the phone an address instead.
    @Test func onLoopbackOnlyNoCodeIsDrawnAndThePagesSayWhy() throws {
        let server = try AppServer()
        defer { server.stop() }
        _ = try server.request("POST", "/api/shortcuts", json: #"{"title":"Scan","url":"myapp://scan","id":"scan"}"#)
        for host in ["127.0.0.1:\(server.port)", "localhost:\(server.port)", "[::1]:\(server.port)"] {
            let response = try server.request("GET", "/qr/demo.svg", host: host)
            #expect(response.status == 409, "\(host): \(response.statusLine)")
            #expect(
                response.bodyText.contains("loopback only") && response.bodyText.contains("--host 0.0.0.0")
                    && response.bodyText.contains("--public-url"))
        }
        let index = try server.request("GET", "/", host: "127.0.0.1:\(server.port)").bodyText
        #expect(
            index.contains("id=\"no-phone-address\"") && !index.contains("<figure>") && !index.contains("127.0.0.1:\(server.port)/s/scan"))
        // Asked by a name a phone would use (through a tunnel the tests cannot make here), that name is used.
        let named = try server.request("GET", "/qr/scan.svg", host: "mac.example:\(server.port)")
        #expect(String(decoding: try ZBarReader.decode(svg: named.bodyText), as: UTF8.self) == "http://mac.example:\(server.port)/s/scan")
    }

    @Test(arguments: ["/qr/nosuch.svg", "/qr/demo.png", "/qr/..svg", "/qr/a%2Fb.svg"])
    func unknownCodesAre404(path: String) throws {
        let server = try AppServer()
        defer { server.stop() }
        let response = try server.request("GET", path)
        #expect(response.status == 404)
    }

    /// Python's XML parser must read `svg` as an `svg` element of the SVG namespace.
    static func requireWellFormedSVG(_ svg: String) throws {
        let process = TestProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            "import sys, xml.etree.ElementTree as E; r = E.fromstring(sys.stdin.read()); "
                + "sys.exit(0 if r.tag == '{http://www.w3.org/2000/svg}svg' else 3)",
        ]
        let input = Pipe()
        process.standardInput = input
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data(svg.utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "not a well-formed SVG document: \(svg.prefix(200))")
    }
}
