import ShortcutHTTP
import ShortcutPages
import ShortcutRecords
import ShortcutServe

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `shortcut-serve profile ID|all [--target app|page] [--out FILE] …`: the web clip profile that
/// `GET /w/<id>.mobileconfig` serves, made from the store folder directly (no server needed).
struct ProfileCommand: Sendable {
    var store: String?
    /// A shortcut id, `demo` (the built-in one unless stored), or `all` (every stored shortcut).
    var id: String
    var target = WebClipProfiles.Target.app
    /// Where to write; nil: standard output.
    var out: String?
    /// The server's address as the phone sees it, for `--target page` (`<base>/p/<id>`).
    var baseURL = StoreCommand.defaultBaseURL
    var prefix = WebClipProfiles.defaultPrefix

    static let usage = """
        Usage: shortcut-serve profile ID|all [--target app|page] [--out FILE] [--base-url URL]
                                      [--profile-prefix NAME] [--store DIR]
          --target app   the icon opens the app URL itself, with or without a server (the default)
          --target page  the icon opens <base-url>/p/<id> as a web app (default base http://127.0.0.1:9081, which
                         a phone cannot open: then this machine's network address, or an error without one)
          --out FILE     write the .mobileconfig there instead of to standard output
        """

    static func parse(_ arguments: [String]) throws(UsageError) -> ProfileCommand {
        var reader = ArgumentReader(arguments, usage: usage)
        var command = ProfileCommand(id: "")
        command.store = try reader.value("--store")
        command.out = try reader.value("--out")
        if let text = try reader.value("--target") {
            guard let target = WebClipProfiles.Target(rawValue: text) else {
                throw UsageError("--target is app or page, not '\(text)'", usage: usage)
            }
            command.target = target
        }
        command.baseURL = try reader.value("--base-url") ?? RunningServers.defaultBaseURL(store: command.store)
        if let prefix = try reader.value("--profile-prefix") {
            guard WebClipProfiles.isValidPrefix(prefix) else {
                throw UsageError(
                    "--profile-prefix takes a reverse-DNS name such as com.example.dev, not '\(prefix.prefix(80))'", usage: usage)
            }
            command.prefix = prefix
        }
        let rest = try reader.positionals()
        guard rest.count == 1 else { throw UsageError("profile takes one shortcut id (or all)", usage: usage) }
        command.id = rest[0]
        guard command.id == WebClipProfiles.allName || PageID.isValid(command.id) else {
            throw UsageError("'\(command.id.prefix(80))' is not a shortcut id: \(PageID.rule)", usage: usage)
        }
        return command
    }

    /// The profile's bytes.
    func document() throws -> [UInt8] {
        let profiles = WebClipProfiles(prefix: prefix)
        let root = try pageRoot()
        let options = WebClipProfiles.Options(target: target)
        let pageURL = { (id: String) in root + RecordPath.page(id) }
        // Read only: a mistyped --store must not make a new, empty store.
        let store: RecordStore
        do {
            store = try StoreCommand.open(self.store, .readOnly)
        } catch PageStoreError.noStore(let path, let reason) {
            // No store yet: the built-in demo still has its profile, as the server serves it.
            guard id == ShortcutRecord.demoID else { throw PageStoreError.noStore(path: path, reason: reason) }
            let demo = ShortcutRecord.makeDemo(template: .default)
            return profiles.profile(for: .init(id: demo.id, metadata: demo.metadata), options: options, pageURL: pageURL).document
        }
        let service = store.shortcuts(template: .default)
        if id == WebClipProfiles.allName {
            let shortcuts = WebClipProfiles.Shortcut.stored(in: service)
            guard !shortcuts.isEmpty else { throw StoreCommand.Failure(description: "no shortcuts in \(store.directory.path)") }
            return profiles.profile(for: shortcuts, name: WebClipProfiles.allName, options: options, pageURL: pageURL).document
        }
        guard let (page, _) = service.shortcutOrDemo(id) else {
            throw StoreCommand.Failure(description: "no shortcut '\(id)' in \(store.directory.path)")
        }
        return profiles.profile(for: .init(id: page.id, metadata: page.metadata), options: options, pageURL: pageURL).document
    }

    /// Where `--target page` icons open their page: `--base-url`, unless it is this machine's loopback, which
    /// a phone cannot open; then this machine's first network address (the server must listen there), and
    /// with none, a refusal that says what to give instead (issue 24: no profile for 127.0.0.1 without a word).
    func pageRoot(networkRoot: (String) -> String? = DeviceURLs.phoneRoot(for:)) throws -> String {
        let root = StoreCommand.root(of: baseURL)
        guard target == .page, DeviceURLs.isLoopback(root) else { return root }
        guard let phone = networkRoot(root) else {
            throw StoreCommand.Failure(
                description: "--target page would open \(root)/p/…, which a phone cannot reach, and this machine "
                    + "has no network address: give --base-url http://ADDRESS:PORT, or https://NAME behind a tunnel")
        }
        standardError(
            "note: the profile opens \(phone)/p/… (this machine's network address; \(root) is loopback): the server "
                + "must listen there (shortcut-serve --host 0.0.0.0), or give --base-url\n")
        return phone
    }

    /// Writes the profile; returns what to print on standard output (nothing when the profile itself went there).
    func run() throws -> [UInt8] {
        let bytes = try document()
        guard let out else { return bytes }
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: out), options: .atomic)
        } catch {
            throw StoreCommand.Failure(description: "cannot write \(out): \(FileWords.writeProblem(out, error: error))")
        }
        return Array(
            "wrote \(out) (\(bytes.count) bytes): open it on the iPhone (AirDrop, Mail, Files), then Settings → Profile Downloaded → Install\n"
                .utf8)
    }
}
