import ShortcutHTTP
import ShortcutPlatform

/// Where a phone reaches a shortcut: the root URL a QR code or a link for a phone starts with. The
/// public URL (`--public-url`, or a trusted proxy's origin) when there is one; else the authority the
/// request came in on, when it is one a phone can use (a page opened on the phone links back to the
/// phone's view of the server); for a request to loopback, this machine's first network address when the
/// server listens on the network; else none: a code for 127.0.0.1 would open nothing on a phone.
struct DeviceLinks: Sendable {
    let links: LinkBuilder
    /// `http://ADDRESS:PORT` for each network address the running server is reachable at (none on loopback).
    let networkRoots: @Sendable () -> [String]

    func phoneRoot(for request: HTTPRequest) -> String? {
        if let chosen = links.chosenRoot(for: request) { return chosen }
        let own = links.absolute("", for: request)
        guard DeviceURLs.isLoopback(authority: request.authority ?? "") else { return own }
        return networkRoots().first
    }
}
