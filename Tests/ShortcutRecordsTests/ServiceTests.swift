import Foundation
import HTTPVocabulary
import ShortcutPages
import ShortcutRecords
import ShortcutStore
import Testing

/// The one service under the API, the command line and the embedding API, on a real store in a temp folder.
@Suite struct ServiceTests {
    /// A store in a fresh temp folder (removed by `remove()`).
    struct Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ss-service-\(UUID().uuidString)")
        func store() throws -> PageStore { try PageStore(directory: url) }
        func remove() { try? FileManager.default.removeItem(at: url) }
    }

    @Test func aShortcutIsMadeCheckedAndRemovedOnlyWithItsSecret() throws {
        let folder = Folder()
        defer { folder.remove() }
        let shortcuts = ShortcutService(store: try folder.store())
        let created = try shortcuts.create(ShortcutDraft(title: "Scan", url: "myapp://scan", id: "scan", secret: "k"), by: .anonymous)
        #expect(created.secret == "k" && created.record.id == "scan")
        #expect(shortcuts.shortcut("scan")?.metadata["url"] == "myapp://scan")
        #expect(shortcuts.list().map(\.id) == ["scan"])
        #expect(throws: ServiceError.self) { try shortcuts.delete("scan", by: .client(secret: "wrong")) }
        #expect(throws: ServiceError.self) { try shortcuts.delete("scan", by: .anonymous) }
        try shortcuts.delete("scan", by: .client(secret: "k"))
        #expect(shortcuts.shortcut("scan") == nil)
    }

    @Test func everyProblemOfADraftIsReportedAtOnceWithItsField() throws {
        let folder = Folder()
        defer { folder.remove() }
        let shortcuts = ShortcutService(store: try folder.store())
        let draft = ShortcutDraft(
            title: "T", url: "javascript:x", id: "a/b", bundleID: "not a bundle", secret: String(repeating: "s", count: 65))
        do {
            _ = try shortcuts.create(draft, by: .anonymous)
            Issue.record("created")
        } catch .invalid(let problems) {
            #expect(Set(problems.map(\.field)) == ["url", "id", "bundle_id", "secret"])
            #expect(problems.first { $0.field == "id" }?.reason == "invalid id 'a/b': use \(PageID.rule)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func onlyTheOwnerMayTakeTheDemoID() throws {
        let folder = Folder()
        defer { folder.remove() }
        let shortcuts = ShortcutService(store: try folder.store())
        for id in ["demo", "Demo"] {
            do {
                _ = try shortcuts.create(ShortcutDraft(title: "Mine", url: "myapp://mine", id: id), by: .anonymous)
                Issue.record("a client took \(id)")
            } catch .invalid(let problems) {
                #expect(problems.map(\.code) == ["error.reserved"])
            } catch {
                Issue.record("\(error)")
            }
        }
        _ = try shortcuts.create(ShortcutDraft(title: "Mine", url: "myapp://mine", id: "demo"), by: .owner)
        #expect(shortcuts.shortcut("demo")?.metadata["title"] == "Mine")
    }

    @Test func aMockIsReplacedOnlyWithItsSecretAndAShortcutNotAtAll() throws {
        let folder = Folder()
        defer { folder.remove() }
        let store = try folder.store()
        let mocks = MockService(store: store)
        let created = try mocks.create(MockDraft(content: "old", id: "m"), by: .anonymous)
        #expect(throws: ServiceError.self) { try mocks.update("m", with: MockDraft(content: "new"), by: .client(secret: "no")) }
        try mocks.update("m", with: MockDraft(content: "new", status: 201), by: .client(secret: created.secret))
        #expect(store.get("m")?.body == Array("new".utf8) && store.get("m")?.status == 201)
        #expect(try mocks.mayChange("m", by: .client(secret: created.secret)))
        #expect(try !mocks.mayChange("m", by: .anonymous))

        let shortcut = try ShortcutService(store: store).create(ShortcutDraft(title: "S", url: "myapp://s", id: "s"), by: .anonymous)
        do {
            try mocks.update("s", with: MockDraft(content: "x"), by: .client(secret: shortcut.secret))
            Issue.record("a shortcut was replaced")
        } catch .otherKind(let id, let kind, let asked) {
            #expect(id == "s" && kind == .shortcut && asked == .mock)
        } catch {
            Issue.record("\(error)")
        }
        try mocks.delete("s", by: .owner)
        #expect(store.get("s") == nil, "the owner removes any record without a secret")
    }

    @Test func aMockDraftIsCheckedAgainstTheWritersRule() throws {
        let folder = Folder()
        defer { folder.remove() }
        let mocks = MockService(store: try folder.store())
        let draft = MockDraft(
            body: Array("x".utf8), status: 204, contentType: "text/html\u{01}", charset: "",
            headers: [HTTPField(name: "Bad Name", value: "v")], id: "../x")
        do {
            _ = try mocks.create(draft, by: .owner)
            Issue.record("created")
        } catch .invalid(let problems) {
            #expect(problems.map(\.field) == ["content", "content_type", "charset", "headers", "id"])
            #expect(problems.first { $0.field == "headers" }?.reason.contains("byte 0x20 at offset 3 of the name") == true)
        } catch {
            Issue.record("\(error)")
        }
        #expect(mocks.list().isEmpty)
    }

    /// Issue 42, one voice: the content limit is the service's, so `mock add --file` and `POST /api/mock`
    /// (and the embedding API) refuse the same bytes in the same words; before, only the API's decoder had it.
    @Test func aMockOfMoreThanAMillionBytesIsRefusedByTheServiceWhoeverAsks() throws {
        let folder = Folder()
        defer { folder.remove() }
        let mocks = MockService(store: try folder.store())
        let exact = MockDraft(body: [UInt8](repeating: 0x78, count: 1_000_000), id: "exact")
        #expect(try mocks.create(exact, by: .owner).record.body.count == 1_000_000)
        for caller in [Caller.owner, .anonymous] {
            do {
                _ = try mocks.create(MockDraft(body: [UInt8](repeating: 0x78, count: 1_000_001)), by: caller)
                Issue.record("created")
            } catch .invalid(let problems) {
                #expect(problems.map(\.field) == ["content"])
                #expect(problems.first?.code == "error.maxLength")
                #expect(problems.first?.reason == "content is 1000001 bytes; the limit is 1000000")
            } catch {
                Issue.record("\(error)")
            }
        }
        do {
            try mocks.update("exact", with: MockDraft(body: [UInt8](repeating: 0x78, count: 1_000_001)), by: .owner)
            Issue.record("replaced")
        } catch .invalid(let problems) {
            #expect(problems.first?.reason == "content is 1000001 bytes; the limit is 1000000")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func theDemoIsOneShortcutRenderedWithTheGivenTemplate() throws {
        let demo = ShortcutRecord.makeDemo(template: .default)
        #expect(demo.id == ShortcutRecord.demoID && RecordKind(demo) == .shortcut)
        #expect(demo.body == Array(ShortcutPage.demo.html.utf8))
    }
}
