import Foundation
import ShortcutHTTP

/// The product's route table: the one place where the HTTP core, the store and the pages meet.
public final class ShortcutApp: Sendable {
    let options: ServeOptions

    public init(options: ServeOptions) throws {
        self.options = options
    }

    /// One-line warnings printed at start-up (e.g. data mode on current iOS).
    public var startupWarnings: [String] {
        options.mode == .data
            ? ["data mode: iOS 16.4 and later (and Chromium, Firefox) refuse to follow a redirect to a data: URL; use --mode page for current iOS"]
            : []
    }

    /// Registers every route on `server`.
    public func install(on server: HTTPServer) {
        let page = "<!doctype html><title>Add to Home Screen</title><p>shortcut-serve"
        let location = "data:text/html;base64," + Data(page.utf8).base64EncodedString()
        server.GET["/s"] = { _ in .movedPermanently(location) }
        server.GET["/"] = { _ in .ok(.html("<!doctype html><title>shortcut-serve</title><h1>shortcut-serve</h1>")) }
    }

    /// Flushes what the store keeps in memory.
    public func close() {}
}

