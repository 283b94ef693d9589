import ShortcutPlatform

/// The addresses and ports this server answers on, so that an upstream exchange never goes back to it: a
/// proxy stub or a recording aimed at the server itself would send each request to itself, again and again,
/// each waiting for the next, until the upstream timeout. Listeners are added as they start (the server, and
/// later others of the same process) and removed as they stop. Thread-safe.
package final class OwnEndpoints: @unchecked Sendable {
    private let lock = Lock()
    private var addresses: [SocketAddress] = []  // guarded by lock

    /// No listeners yet.
    package init() {}

    /// Adds a listener's bound address (its real port, after a port 0 was chosen).
    package func add(_ listener: SocketAddress) { lock.withLock { addresses.append(listener.unmapped) } }

    /// Removes a listener added before.
    package func remove(_ listener: SocketAddress) {
        let listener = listener.unmapped
        lock.withLock { addresses.removeAll { $0.port == listener.port && $0.addressBytes == listener.addressBytes } }
    }

    /// The listener that `address` reaches, or nil: the same port, and the same address, or any address of
    /// this machine (a loopback one, or an interface's) for a listener on a wildcard (`0.0.0.0`, `::`).
    package func listener(reachedBy address: SocketAddress) -> SocketAddress? {
        let address = address.unmapped
        let candidates = lock.withLock { addresses }.filter { $0.port == address.port }
        guard !candidates.isEmpty else { return nil }
        if let exact = candidates.first(where: { $0.addressBytes == address.addressBytes }) { return exact }
        guard let wildcard = candidates.first(where: \.isWildcard) else { return nil }
        if address.isLoopback || address.isWildcard { return wildcard }
        // Without the interface list (getifaddrs failing: rare) only loopback and exact addresses are known to
        // be ours; refusing every address on the port would refuse other machines' upstreams.
        let interfaces = (try? NetworkInterfaces.addresses()) ?? []
        return interfaces.contains { $0.address.unmapped.addressBytes == address.addressBytes } ? wildcard : nil
    }
}
