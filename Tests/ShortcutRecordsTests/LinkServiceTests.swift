import Foundation
import ShortcutPages
import ShortcutRecords
import ShortcutStore
import Testing

/// Landing links through the one service, next to shortcuts and mocks in the same store: each service takes
/// only its own kind of record, and says what a record of another kind is.
@Suite struct LinkServiceTests {
    static func spring(id: String? = "spring", secret: String? = "k") -> LinkDraft {
        LinkDraft(title: "Spring sale", appURL: "myapp://sale/spring", fallbackURL: "https://example.com/sale", id: id, secret: secret)
    }

    /// The `ServiceError` `body` throws, or nil (another error is an issue).
    static func failure(_ body: () throws -> Void) -> ServiceError? {
        do {
            try body()
            return nil
        } catch let error as ServiceError {
            return error
        } catch {
            Issue.record("not a ServiceError: \(error)")
            return nil
        }
    }

    @Test func aLinkIsMadeShownListedAndRemovedOnlyWithItsSecret() throws {
        let folder = ServiceTests.Folder()
        defer { folder.remove() }
        let store = try folder.store()
        let links = LinkService(store: store)
        let created = try links.create(Self.spring(), by: .anonymous)
        #expect(created.secret == "k" && created.stored.id == "spring" && created.stored.path == "/open/spring")
        #expect(try links.link("spring").link.appURL == "myapp://sale/spring")
        #expect(links.list().map(\.id) == ["spring"])
        #expect(store.get("spring").map(RecordKind.init) == .link)
        guard case .notFound? = Self.failure({ try links.delete("spring", by: .client(secret: "wrong")) }) else {
            Issue.record("a wrong secret removed or was told apart")
            return
        }
        try links.delete("spring", by: .client(secret: "k"))
        #expect(links.list().isEmpty)
        guard case .notFound("spring")? = Self.failure({ _ = try links.link("spring") }) else {
            Issue.record("still there")
            return
        }
    }

    @Test func theIDFollowsTheOneRuleAndMatchAndTheDemoAreReserved() throws {
        let folder = ServiceTests.Folder()
        defer { folder.remove() }
        let links = LinkService(store: try folder.store())
        let cases: [(id: String, caller: Caller, code: String, reason: String)] = [
            ("a/b", .owner, "error.invalid", PageID.problem("a/b") ?? ""),
            (String(repeating: "x", count: 65), .anonymous, "error.invalid", PageID.problem(String(repeating: "x", count: 65)) ?? ""),
            ("Match", .owner, "error.reserved", "id 'Match' is reserved: /api/links/match is the universal-link matcher"),
            (
                "demo", .anonymous, "error.reserved",
                "id 'demo' is reserved for the demo shortcut that /s serves; replace it from the command line with shortcut-serve add --id demo"
            ),
        ]
        for item in cases {
            guard case .invalid(let problems)? = Self.failure({ _ = try links.create(Self.spring(id: item.id), by: item.caller) }) else {
                Issue.record("\(item.id) was taken")
                continue
            }
            #expect(problems == [FieldProblem(field: "id", code: item.code, reason: item.reason)])
        }
        #expect(PageID.problem("a/b") == "invalid id 'a/b': use \(PageID.rule)")
        _ = try links.create(Self.spring(id: "demo"), by: .owner)
        #expect(links.list().map(\.id) == ["demo"], "the owner may take the demo's id, as for a shortcut")
    }

    @Test func everyProblemOfADraftIsReportedAtOnceWithTheDecodersFirst() throws {
        let folder = ServiceTests.Folder()
        defer { folder.remove() }
        let links = LinkService(store: try folder.store())
        var draft = Self.spring(secret: String(repeating: "s", count: ShortcutDraft.maxSecretBytes + 1))
        draft.fields.appURL = "javascript:alert(1)"
        draft.fields.appStoreID = "12a"
        var found = FieldProblems()
        found.add("title", "error.expected.jsstring", "title must be a string, not number")
        guard case .invalid(let problems)? = Self.failure({ _ = try links.create(draft, by: .anonymous, adding: found) }) else {
            Issue.record("created")
            return
        }
        #expect(problems.map(\.field) == ["title", "secret", "app_url", "app_store_id"])
        #expect(problems[0].reason == "title must be a string, not number", "the decoder's problem of a field stands")
        #expect(problems[1].reason == "secret is 65 bytes; the limit is 64")
        #expect(throws: ServiceError.self) { try draft.check(by: .owner) }
        #expect(links.list().isEmpty)
    }

    @Test func eachServiceTakesOnlyItsKindAndSaysWhatTheOtherIs() throws {
        let folder = ServiceTests.Folder()
        defer { folder.remove() }
        let store = try folder.store()
        let links = LinkService(store: store)
        let mocks = MockService(store: store)
        let shortcuts = ShortcutService(store: store)
        _ = try links.create(Self.spring(), by: .owner)
        var mock = MockDraft(content: "m", id: "m")
        mock.secret = "ms"
        _ = try mocks.create(mock, by: .owner)
        _ = try shortcuts.create(ShortcutDraft(title: "S", url: "myapp://s", id: "s", secret: "ss"), by: .owner)

        #expect(mocks.listMocks().map(\.id) == ["m"])
        #expect(Set(mocks.list().map(\.id)) == ["m", "s"], "mocky's list: mocks and shortcuts, never links")
        #expect(shortcuts.list().map(\.id) == ["s"] && links.list().map(\.id) == ["spring"])

        // Every mock call on a link: the link's secret opens nothing there.
        let onLink: [() throws -> Void] = [
            { _ = try mocks.record("spring") },
            { _ = try mocks.mayChange("spring", by: .client(secret: "k")) },
            { try mocks.update("spring", with: MockDraft(content: "x"), by: .client(secret: "k")) },
            { try mocks.delete("spring", by: .client(secret: "k")) },
            { try mocks.delete("spring", by: .owner) },
        ]
        for call in onLink {
            let error = Self.failure(call)
            guard case .otherKind("spring", .link, .mock)? = error else {
                Issue.record("not refused as a link: \(String(describing: error))")
                continue
            }
            #expect(error?.description == "'spring' is a landing link, not a mock (see shortcut-serve links show spring)")
        }
        #expect(try links.link("spring").link.title == "Spring sale", "the link is untouched")
        // A wrong secret learns nothing, whatever the kind.
        guard case .notFound? = Self.failure({ try mocks.delete("spring", by: .client(secret: "no")) }) else {
            Issue.record("a wrong secret learnt the kind")
            return
        }

        // And the other way: links calls on a shortcut and a mock.
        let shortcutAsLink = Self.failure { _ = try links.link("s") }
        #expect(shortcutAsLink?.description == "'s' is a shortcut, not a landing link (see shortcut-serve show s)")
        let mockAsLink = Self.failure { try links.delete("m", by: .client(secret: "ms")) }
        #expect(mockAsLink?.description == "'m' is a mock, not a landing link (see shortcut-serve mock show m)")
        let linkAsShortcut = Self.failure { try shortcuts.delete("spring", by: .owner) }
        #expect(linkAsShortcut?.description == "'spring' is a landing link, not a shortcut (see shortcut-serve links show spring)")
        #expect(store.get("m") != nil && store.get("s") != nil && store.get("spring") != nil)
    }

    @Test func aRecordEditedIntoAnInvalidLinkIsReportedNeverServed() throws {
        let folder = ServiceTests.Folder()
        defer { folder.remove() }
        let store = try folder.store()
        let links = LinkService(store: store)
        _ = try links.create(Self.spring(), by: .owner)
        try store.update("spring") { (page: inout StoredPage) throws(PageStoreError) in page.metadata["app_url"] = "javascript:alert(1)" }
        let error = Self.failure { _ = try links.link("spring") }
        #expect(error?.description == "link 'spring' in the store is invalid: app_url scheme 'javascript' is not allowed")
        var reported: [String] = []
        #expect(links.list { reported.append("\($0)") }.isEmpty)
        #expect(reported == ["link 'spring' in the store is invalid: app_url scheme 'javascript' is not allowed"])
    }

    @Test func recordKindsComeFromTheMetadataAndUnmarkedRecordsAreMocks() {
        #expect(RecordKind(metadata: [:]) == .mock)
        #expect(RecordKind(metadata: ["kind": "something-newer"]) == .mock)
        #expect(RecordKind.allCases.allSatisfy { RecordKind(metadata: ["kind": $0.rawValue]) == $0 })
    }
}
