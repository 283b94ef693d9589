import Foundation
import ShortcutPages
import ShortcutServe
import TestSupport
import Testing

@testable import ShortcutRecords
@testable import ShortcutStore

/// A shortcut stored as `demo` takes over `/s` and `/p/demo` from the built-in demo, even after `/s` has
/// remembered that the store had none (`ShortcutDelivery.demoAbsentAt`).
@Suite struct DemoTakeoverTests {
    /// A `demo` shortcut in data mode: its `/s` Location is a `data:` URI, where the built-in demo's is
    /// `/p/demo` (the server runs in page mode).
    static func mine() throws -> StoredPage {
        let page = try ShortcutPage(title: "Mine", url: "myapp://mine", appName: "Mine", template: .default)
        return ShortcutRecord.make(page, id: "demo", mode: .data, secret: nil)
    }

    @Test func aDemoStoredByThisProcessTakesOverAtOnce() throws {
        let server = try AppServer()
        defer { server.stop() }
        #expect(try server.request("GET", "/s").header("Location") == "/p/demo")
        #expect(try server.request("GET", "/s").header("Location") == "/p/demo")  // now from the remembered miss
        try server.app.records.store.create(Self.mine())
        #expect(try server.request("GET", "/s").header("Location")?.hasPrefix("data:text/html;base64,") == true)
        #expect(try server.request("GET", "/p/demo").bodyText.contains("myapp://mine"))
        #expect(try server.app.records.store.remove("demo"))
        #expect(try server.request("GET", "/s").header("Location") == "/p/demo")
    }

    @Test func aDemoAddedByTheCommandLineTakesOverWithinASecond() throws {
        let server = try AppServer()
        defer { server.stop() }
        #expect(try server.request("GET", "/s").header("Location") == "/p/demo")
        let added = try ServeBinary.run([
            "add", "--title", "Mine", "--open", "myapp://mine", "--id", "demo", "--mode", "data",
            "--store", server.directory.path,
        ])
        #expect(added.status == 0, "\(added.stderr)")
        // A second is four ticks of the store's check; the test runs them itself instead of waiting.
        let store = server.app.records.store
        var taken = false
        for _ in 0...4 {
            taken = try server.request("GET", "/s").header("Location")?.hasPrefix("data:") == true
            if taken { break }
            store.maintenanceQueue.sync { store.maintenanceTick() }
        }
        #expect(taken, "/s still answers the built-in demo four ticks after `add --id demo` in another process")
        #expect(try server.request("GET", "/p/demo").bodyText.contains("myapp://mine"))
    }
}
