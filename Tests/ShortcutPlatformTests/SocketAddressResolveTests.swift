import ShortcutPlatform
import Testing

/// Name resolution for connecting out: literals without a resolver, names through getaddrinfo.
@Suite struct SocketAddressResolveTests {
    @Test(arguments: [("127.0.0.1", "127.0.0.1:8080"), ("::1", "[::1]:8080"), ("[::1]", "[::1]:8080"), ("10.1.2.3", "10.1.2.3:8080")])
    func anIPLiteralIsItsOneAddress(host: String, expected: String) throws {
        #expect(try SocketAddress.resolve(host: host, port: 8080).map(\.description) == [expected])
    }

    @Test func localhostResolvesToLoopbackAddressesWithThePort() throws {
        let addresses = try SocketAddress.resolve(host: "localhost", port: 9081)
        #expect(!addresses.isEmpty)
        #expect(addresses.allSatisfy { $0.isLoopback && $0.port == 9081 })
        #expect(Set(addresses.map(\.description)).count == addresses.count, "each address once")
    }

    @Test func aResolverFailureCarriesTheResolversOwnText() {
        let error = SystemError("getaddrinfo", "nowhere.invalid", errno: 0, systemText: "Name or service not known")
        #expect(error.description == "getaddrinfo nowhere.invalid: Name or service not known")
        #expect(error.reason == "Name or service not known")
    }
}
