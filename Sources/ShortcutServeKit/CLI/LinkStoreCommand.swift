#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ShortcutLinks
import ShortcutService
import ShortcutStore

/// `shortcut-serve links add|list|show|rm`: landing links on the store folder directly, as `add|list|show|rm`
/// do for shortcuts (a running server sees the change within a second). Made, read and described by
/// `LinkRecord`, as the API does.
enum LinkStoreCommand: Sendable, Equatable {
    case add(store: String?, id: String, fields: LandingLink.Fields, baseURL: String)
    case list(store: String?)
    case show(store: String?, id: String)
    case remove(store: String?, id: String)

    /// The usage of every `links` command (one text, so an error in any shows them all).
    static var usage: String { LinksCommand.usage }

    /// A failure at run time: one `error: …` line, exit 1.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func parse(verb: String, _ arguments: [String]) throws(UsageError) -> LinkStoreCommand {
        var reader = ArgumentReader(arguments, usage: usage)
        let store = try reader.value("--store")
        func single() throws(UsageError) -> String {
            let rest = try reader.positionals()
            guard rest.count == 1 else { throw UsageError("links \(verb) takes one ID", usage: usage) }
            return rest[0]
        }
        switch verb {
        case "add":
            guard let title = try reader.value("--title") else { throw UsageError("links add needs --title", usage: usage) }
            guard let appURL = try reader.value("--app-url") else {
                throw UsageError("links add needs --app-url URL (what the page tries first)", usage: usage)
            }
            guard let fallbackURL = try reader.value("--fallback-url") else {
                throw UsageError("links add needs --fallback-url URL (where the page goes when the app did not open)", usage: usage)
            }
            let fields = LandingLink.Fields(
                title: title, description: try reader.value("--description"), image: try reader.value("--image"),
                appURL: appURL, universalURL: try reader.value("--universal-url"), fallbackURL: fallbackURL,
                appStoreID: try reader.value("--app-store-id"), appClipBundleID: try reader.value("--app-clip-bundle-id"),
                appID: try reader.value("--app-id"))
            let base = try reader.value("--base-url") ?? StoreCommand.defaultBaseURL
            return .add(store: store, id: try single(), fields: fields, baseURL: base)
        case "list":
            try reader.finish()
            return .list(store: store)
        case "show":
            return .show(store: store, id: try single())
        default:
            return .remove(store: store, id: try single())
        }
    }

    /// Runs the command; returns the lines for standard output. `warn` gets one line per damaged or
    /// invalid record a listing skipped (exit status 0: the good ones were listed).
    func run(warn: (String) -> Void) throws -> [String] {
        switch self {
        case .add(let path, let id, let fields, let base):
            if let problem = LinkRecord.idProblem(id) { throw Failure(description: "invalid id '\(id)': \(problem)") }
            let link: LandingLink
            do {
                link = try LandingLink(fields: fields)
            } catch {
                throw Failure(description: error.description)
            }
            let store = try Self.open(path, .createIfMissing)
            let secret = PageID.generate()
            let stored = try store.create(LinkRecord.make(link, id: id, secret: .make(secret)))
            return ["id: \(stored.id)", "link: \(StoreCommand.root(of: base))\(LinkRecord.path(stored.id))", "secret: \(secret)"]
        case .list(let path):
            let store = try Self.open(path, .readOnly)
            var lines: [String] = []
            for summary in store.list() where summary.metadata["kind"] == LinkRecord.kind {
                do {
                    let link = try LinkRecord.link(of: summary.metadata)
                    lines.append("\(summary.id)\t\(link.title)\t\(link.appURL)\t\(link.fallbackURL)")
                } catch {
                    warn("link '\(summary.id)' is invalid: \(error)")
                }
            }
            store.problems.forEach(warn)
            return lines
        case .show(let path, let id):
            let store = try Self.open(path, .readOnly)
            let page = try Self.get(id, from: store)
            let link: LandingLink
            do {
                link = try LinkRecord.link(of: page.metadata)
            } catch {
                throw Failure(description: "link '\(id)' in \(store.directory.path) is invalid: \(error)")
            }
            return ["id: \(id)"] + LinkRecord.values(of: link.fields).compactMap { key, value in value.map { "\(key): \($0)" } }
        case .remove(let path, let id):
            let store = try Self.open(path, .existing)
            guard PageID.isValid(id) else { throw Failure(description: "invalid id '\(id)'") }
            _ = try Self.get(id, from: store)
            guard try store.remove(id, where: LinkRecord.isLink) else { throw Failure(description: "no link '\(id)' in \(store.directory.path)") }
            return ["removed \(id)"]
        }
    }

    /// The store at `path` (or the default one); only `add` makes a missing one.
    private static func open(_ path: String?, _ access: PageStore.Access) throws -> PageStore {
        try PageStore(directory: path.map { URL(fileURLWithPath: $0) } ?? PageStore.defaultDirectory(), access: access)
    }

    /// The link record `id`: says whether it is missing, damaged, or another kind of record.
    private static func get(_ id: String, from store: PageStore) throws -> StoredPage {
        if PageID.isValid(id), let page = store.get(id) {
            guard LinkRecord.isLink(page) else {
                let kind = ShortcutRecord.isShortcut(page) ? "a shortcut (see shortcut-serve show)" : "a stored page (see shortcut-serve mock show)"
                throw Failure(description: "'\(id)' is \(kind), not a link")
            }
            return page
        }
        if let problem = store.problem(forID: id) {
            throw Failure(description: "record '\(id)' in \(store.directory.path) is damaged or unreadable: \(problem)")
        }
        throw Failure(description: "no link '\(id)' in \(store.directory.path)")
    }
}
