import ShortcutPlatform

/// This machine's addresses as a phone on the same network would reach them.
public enum NetworkAddress {
    /// This machine's first network address (192.0.2.2 here), as the system lists it; a test that needs one
    /// fails saying so where there is none.
    public static func first() throws -> String {
        guard let any = SocketAddress(host: "0.0.0.0", port: 0), let address = try NetworkInterfaces.reachable(listeningOn: any).first
        else {
            throw RawClient.Failure(description: "this test needs a network interface")
        }
        return address.host
    }
}
