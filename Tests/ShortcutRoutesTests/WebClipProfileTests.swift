import Foundation
import ShortcutPages
import TestSupport
import Testing

@testable import ShortcutRecords

/// `/w/<id>.mobileconfig` and `/w/all.mobileconfig` (issue 9): read back with Python's plistlib, every key
/// and its type checked.
@Suite struct WebClipProfileTests {
    /// A PNG as ShortcutIcon sniffs it: the signature, then filler bytes.
    static let icon: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 120)

    static func create(
        _ server: AppServer, id: String, title: String = "Scan", url: String = "myapp://page/scan",
        extra: String = ""
    ) throws -> RawResponse {
        let json =
            #"{"title": \#(jsonString(title)), "url": \#(jsonString(url)), "app_name": "My App", "id": "\#(id)", "icon": "\#(Data(icon).base64EncodedString())"\#(extra)}"#
        return try server.request("POST", "/api/shortcuts", json: json)
    }

    /// `text` as a JSON string literal (the test titles hold quotes, backslashes and tabs).
    static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// The profile at `path`, checked for the headers and the property list's shape common to every profile.
    static func profile(_ server: AppServer, _ path: String, fileName: String) throws -> Plist {
        let answer = try server.request("GET", path)
        #expect(answer.status == 200, "\(answer.bodyText.prefix(300))")
        #expect(answer.header("Content-Type") == "application/x-apple-aspen-config")
        #expect(answer.header("Content-Disposition") == "attachment; filename=\"\(fileName)\"")
        #expect(answer.header("Cache-Control") == "no-store")
        let prolog = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            """
        #expect(answer.bodyText.hasPrefix(prolog))
        let plist = try Plist.read(answer.body)
        #expect(
            plist.keys == [
                "PayloadType", "PayloadVersion", "PayloadIdentifier", "PayloadUUID", "PayloadDisplayName",
                "PayloadDescription", "PayloadOrganization", "PayloadContent",
            ])
        #expect(plist["PayloadType"] == .string("Configuration"))
        #expect(plist["PayloadVersion"] == .integer(1))
        for key in ["PayloadIdentifier", "PayloadUUID", "PayloadDisplayName", "PayloadDescription", "PayloadOrganization"] {
            #expect(plist[key]?.string?.isEmpty == false, "\(key) is a non-empty string")
        }
        #expect(isUUID(plist["PayloadUUID"]?.string))
        for clip in plist["PayloadContent"]?.items ?? [] {
            #expect(
                Array(clip.keys.prefix(11)) == [
                    "PayloadType", "PayloadVersion", "PayloadIdentifier", "PayloadUUID",
                    "PayloadDisplayName", "Label", "URL", "Icon", "IsRemovable",
                    "FullScreen", "Precomposed",
                ])
            #expect(clip["PayloadType"] == .string("com.apple.webClip.managed"))
            #expect(clip["PayloadVersion"] == .integer(1))
            #expect(isUUID(clip["PayloadUUID"]?.string))
            #expect(clip["IsRemovable"] == .bool(true))
            #expect(clip["Precomposed"] == .bool(true))
            if case .data = clip["Icon"] {} else { Issue.record("Icon is data: \(String(describing: clip["Icon"]))") }
            if case .bool = clip["FullScreen"] {} else { Issue.record("FullScreen is a bool") }
            for key in clip.keys.dropFirst(11) {
                #expect(["IgnoreManifestScope", "TargetApplicationBundleIdentifier"].contains(key), "unexpected key \(key)")
            }
        }
        return plist
    }

    static func isUUID(_ text: String?) -> Bool {
        guard let text, let uuid = UUID(uuidString: text) else { return false }
        return uuid.uuidString == text  // uppercase, 8-4-4-4-12
    }

    @Test func theDemosProfileOpensItsAppURLWithTheBuiltInIcon() throws {
        let server = try AppServer()
        defer { server.stop() }
        let plist = try Self.profile(server, "/w/demo.mobileconfig", fileName: "Add to Home Screen.mobileconfig")
        #expect(plist["PayloadIdentifier"] == .string("local.shortcut-serve.demo"))
        #expect(plist["PayloadDisplayName"] == .string("Add to Home Screen"))
        #expect(plist["PayloadOrganization"] == .string("Add to Home Screen"))
        let clip = try #require(plist["PayloadContent"]?.items.first)
        #expect(plist["PayloadContent"]?.items.count == 1)
        #expect(clip["Label"] == .string("Add to Home Screen"))
        #expect(clip["URL"] == .string("mkaddtohomescreen://page/view2"))
        #expect(clip["Icon"] == .data(Data(ShortcutIcon.builtIn.bytes)))
        #expect(clip["FullScreen"] == .bool(false))
        #expect(clip["IgnoreManifestScope"] == nil && clip["TargetApplicationBundleIdentifier"] == nil)
        #expect(clip["PayloadIdentifier"] == .string("local.shortcut-serve.demo.webclip.demo"))
        let head = try server.request("HEAD", "/w/demo.mobileconfig")
        #expect(head.status == 200 && head.body.isEmpty && head.header("Content-Type") == "application/x-apple-aspen-config")
    }

    @Test func aStoredShortcutsProfileCarriesItsIconBundleIDAndOptions() throws {
        let server = try AppServer()
        defer { server.stop() }
        let created = try Self.create(server, id: "scan", extra: #", "bundle_id": "com.example.scan""#)
        #expect(created.status == 201, "\(created.bodyText)")
        #expect(created.json?["profile"]?.stringValue == "http://localhost/w/scan.mobileconfig")
        #expect(created.json?["bundle_id"]?.stringValue == "com.example.scan")

        let plist = try Self.profile(server, "/w/scan.mobileconfig", fileName: "Scan.mobileconfig")
        #expect(plist["PayloadOrganization"] == .string("My App"))
        let clip = try #require(plist["PayloadContent"]?.items.first)
        #expect(clip["Label"] == .string("Scan"))
        #expect(clip["URL"] == .string("myapp://page/scan"))
        #expect(clip["Icon"] == .data(Data(Self.icon)))
        #expect(clip["FullScreen"] == .bool(false))
        #expect(clip["TargetApplicationBundleIdentifier"] == .string("com.example.scan"))

        let page = try Self.profile(server, "/w/scan.mobileconfig?target=page&ignore_manifest_scope=true", fileName: "Scan.mobileconfig")
        let pageClip = try #require(page["PayloadContent"]?.items.first)
        #expect(pageClip["URL"] == .string("http://localhost/p/scan"))
        #expect(pageClip["FullScreen"] == .bool(true))
        #expect(pageClip["IgnoreManifestScope"] == .bool(true))
        #expect(page["PayloadUUID"] == plist["PayloadUUID"], "one shortcut, one installed profile, whatever the target")

        let windowed = try Self.profile(server, "/w/scan.mobileconfig?target=page&full_screen=false", fileName: "Scan.mobileconfig")
        #expect(windowed["PayloadContent"]?.items.first?["FullScreen"] == .bool(false))
    }

    @Test func identifiersAreStableAcrossRestartsAndDistinctAcrossShortcuts() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ss-test-\(UUID().uuidString)")
        var first = try AppServer(directory: directory)
        for id in ["one", "two", "One2"] { #expect(try Self.create(first, id: id).status == 201) }
        func ids(_ server: AppServer) throws -> [String] {
            try ["one", "two", "One2", "demo"].flatMap { id -> [String] in
                let plist = try Self.profile(
                    server, "/w/\(id).mobileconfig", fileName: id == "demo" ? "Add to Home Screen.mobileconfig" : "Scan.mobileconfig")
                return [
                    plist["PayloadUUID"]?.string ?? "", plist["PayloadContent"]?.items.first?["PayloadUUID"]?.string ?? "",
                    plist["PayloadIdentifier"]?.string ?? "",
                ]
            }
        }
        let before = try ids(first)
        first.stop(removeFiles: false)
        first = try AppServer(directory: directory)
        #expect(try ids(first) == before, "the same files after a restart")
        #expect(Set(before).count == before.count, "no two shortcuts share a UUID or an identifier: \(before)")
        first.stop()

        let prefixed = try AppServer(profilePrefix: "com.example.dev")
        defer { prefixed.stop() }
        let plist = try Self.profile(prefixed, "/w/demo.mobileconfig", fileName: "Add to Home Screen.mobileconfig")
        #expect(plist["PayloadIdentifier"] == .string("com.example.dev.demo"))
        #expect(!before.contains(plist["PayloadUUID"]?.string ?? ""), "another prefix, other UUIDs")
    }

    @Test(arguments: [
        "a ]]> b", "<script>&amp;</script>", #"Quote " and ' apostrophe"#, "Emoji 🙂👍🏽", "עברית RTL \u{202E}txt",
        "Tab\tinside", "& < >",
    ])
    func hostileTitlesStayWellFormedAndRoundTrip(title: String) throws {
        let server = try AppServer()
        defer { server.stop() }
        let created = try Self.create(server, id: "t", title: title, url: "myapp://x?a=1&b=<2>")
        guard created.status == 201 else {
            // Titles with control characters (the tab) are refused when stored, so no profile ever holds one.
            #expect(title.contains("\t") && created.bodyText.contains("error.character"), "\(created.bodyText)")
            return
        }
        let answer = try server.request("GET", "/w/t.mobileconfig")
        let plist = try Plist.read(answer.body)
        let clip = try #require(plist["PayloadContent"]?.items.first)
        #expect(clip["Label"] == .string(title))
        #expect(clip["URL"] == .string("myapp://x?a=1&b=<2>"))
        #expect(plist["PayloadDisplayName"] == .string(title))
        let disposition = try #require(answer.header("Content-Disposition"))
        #expect(disposition.hasPrefix("attachment; filename=\"") && disposition.hasSuffix(".mobileconfig\""))
        #expect(disposition.dropFirst(22).dropLast(1).allSatisfy { $0.isASCII && $0 != "\"" && $0 != "\\" })
    }

    @Test func controlCharactersNeverReachAProfile() throws {
        let server = try AppServer()
        defer { server.stop() }
        // Controls and noncharacters cannot be in an XML document; they are refused when a shortcut is stored.
        for (title, url) in [
            ("bell\u{7}", "myapp://x"), ("ok", "myapp://x\u{1}y"), ("nul\u{0}", "myapp://x"),
            ("non\u{FFFE}", "myapp://x"), ("ok", "myapp://x\u{FFFF}"), ("c1\u{85}x", "myapp://x"),
        ] {
            let created = try Self.create(server, id: "c", title: title, url: url)
            #expect(created.status == 422, "refused at creation: \(created.bodyText)")
        }
        #expect(try server.request("GET", "/w/c.mobileconfig").status == 404)
    }

    @Test func allAndIDsMakeOneProfileWithAClipEach() throws {
        let server = try AppServer()
        defer { server.stop() }
        #expect(try server.request("GET", "/w/all.mobileconfig").status == 404, "nothing stored yet")
        for (id, title) in [("a", "Alpha"), ("b", "Beta"), ("c", "Gamma")] {
            #expect(try Self.create(server, id: id, title: title).status == 201)
        }
        let all = try Self.profile(server, "/w/all.mobileconfig", fileName: "shortcuts.mobileconfig")
        #expect(all["PayloadIdentifier"] == .string("local.shortcut-serve.all"))
        #expect(Set(all["PayloadContent"]?.items.compactMap { $0["Label"]?.string } ?? []) == ["Alpha", "Beta", "Gamma"])

        let some = try Self.profile(server, "/w/all.mobileconfig?ids=c,demo", fileName: "shortcuts.mobileconfig")
        #expect(some["PayloadContent"]?.items.compactMap { $0["Label"]?.string } == ["Gamma", "Add to Home Screen"])
        let reordered = try Self.profile(server, "/w/all.mobileconfig?ids=demo,c,c", fileName: "shortcuts.mobileconfig")
        #expect(reordered["PayloadIdentifier"] == some["PayloadIdentifier"], "one set of ids, one profile")
        #expect(some["PayloadIdentifier"] != all["PayloadIdentifier"])
        let clipUUIDs = (all["PayloadContent"]?.items ?? []).compactMap { $0["PayloadUUID"]?.string }
        #expect(Set(clipUUIDs).count == 3)
    }

    @Test func badRequestsGetAPreciseAnswerAndChangeNothing() throws {
        let server = try AppServer()
        defer { server.stop() }
        #expect(try Self.create(server, id: "a").status == 201)
        let cases: [(String, Int, String)] = [
            ("/w/all.mobileconfig?ids=a,nope", 404, "no shortcut 'nope'"),
            ("/w/all.mobileconfig?ids=a,..%2F", 400, "is not a shortcut id"),
            ("/w/all.mobileconfig?ids=", 400, "is not a shortcut id"),
            ("/w/a.mobileconfig?ids=a", 400, "ids= goes with /w/all.mobileconfig"),
            ("/w/a.mobileconfig?target=safari", 400, "target is app or page, not 'safari'"),
            ("/w/a.mobileconfig?full_screen=yes", 400, "full_screen is true or false, not 'yes'"),
            ("/w/a.mobileconfig?ignore_manifest_scope=2", 400, "ignore_manifest_scope is true or false, not '2'"),
            ("/w/missing.mobileconfig", 404, "no shortcut 'missing'"),
            ("/w/a", 404, "profiles are at /w/<id>.mobileconfig"),
            ("/w/a.plist", 404, "profiles are at /w/<id>.mobileconfig"),
            (
                "/w/all.mobileconfig?ids=" + (0...100).map { "i\($0)" }.joined(separator: ","), 400,
                "ids names 101 shortcuts; the limit is 100"
            ),
        ]
        for (path, status, reason) in cases {
            let answer = try server.request("GET", path)
            #expect(answer.status == status, "\(path): \(answer.bodyText)")
            #expect(answer.bodyText.contains(reason), "\(path): \(answer.bodyText)")
        }
        #expect(try Self.create(server, id: "b", extra: #", "bundle_id": "not a bundle id""#).status == 422)
        #expect(try Self.create(server, id: "b", extra: #", "bundle_id": "\#(String(repeating: "a", count: 256))""#).status == 422)
        #expect(try Self.create(server, id: "b", extra: #", "bundle_id": "\#(String(repeating: "a", count: 255))""#).status == 201)
        #expect(server.app.records.store.list().map(\.id).sorted() == ["a", "b"])
    }

    @Test func aRecreatedShortcutsProfileIsNotStale() throws {
        let server = try AppServer()
        defer { server.stop() }
        let created = try #require(try Self.create(server, id: "s", title: "Before").json)
        #expect(try Plist.read(server.request("GET", "/w/s.mobileconfig").body)["PayloadDisplayName"] == .string("Before"))
        let secret = created["secret"]?.stringValue ?? ""
        #expect(try server.request("DELETE", "/api/shortcuts/s", json: #"{"secret": "\#(secret)"}"#).status == 204)
        #expect(try server.request("GET", "/w/s.mobileconfig").status == 404)
        #expect(try Self.create(server, id: "s", title: "After").status == 201)
        #expect(try Plist.read(server.request("GET", "/w/s.mobileconfig").body)["PayloadDisplayName"] == .string("After"))
    }

    @Test func thePropertyListWriterNeverMakesMalformedXML() throws {
        // Stored titles never hold these (refused at creation); the writer still cannot be made to break XML.
        let hostile = "nul\u{0} bell\u{7} \u{FFFE}\u{FFFF} ]]> <!-- & \r\n"
        let document = PropertyList.dictionary([(hostile, .array([.string(hostile), .data([0, 255]), .bool(false), .integer(-3)]))])
            .document()
        let plist = try Plist.read(document)
        let cleaned = "nul\u{FFFD} bell\u{FFFD} \u{FFFD}\u{FFFD} ]]> <!-- & \n"
        #expect(plist.keys == [cleaned])
        #expect(plist[cleaned] == .array([.string(cleaned), .data(Data([0, 255])), .bool(false), .integer(-3)]))
    }
}
