import ShortcutJSON
import ShortcutLinks
import ShortcutRecords

/// `shortcut-serve links add|list|show|rm`: landing links on the store folder directly, as `add|list|show|rm`
/// do for shortcuts (a running server sees the change within a second). `LinkService` on the command line:
/// each command calls the service with the owner's rights and prints its answer, its errors as
/// `StoreCommand.run` says them.
enum LinkStoreCommand: Sendable, Equatable {
    case add(store: String?, id: String, fields: LandingLink.Fields, baseURL: String, json: Bool)
    case list(store: String?, json: Bool, baseURL: String)
    case show(store: String?, id: String, json: Bool, baseURL: String)
    case remove(store: String?, id: String)

    /// The usage of every `links` command (one text, so an error in any shows them all).
    static var usage: String { LinksCommand.usage }

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
            let base = try reader.value("--base-url") ?? RunningServers.defaultBaseURL(store: store)
            let json = reader.flag("--json")
            // `--id ID`, as add and mock add take it; the id as the first word still works.
            var id = try reader.value("--id")
            if id == nil { id = try single() } else { try reader.finish() }
            return .add(store: store, id: id ?? "", fields: fields, baseURL: base, json: json)
        case "list":
            let json = reader.flag("--json")
            let base = try reader.value("--base-url") ?? RunningServers.defaultBaseURL(store: store)
            try reader.finish()
            return .list(store: store, json: json, baseURL: base)
        case "show":
            let json = reader.flag("--json")
            let base = try reader.value("--base-url") ?? RunningServers.defaultBaseURL(store: store)
            return .show(store: store, id: try single(), json: json, baseURL: base)
        default:
            return .remove(store: store, id: try single())
        }
    }

    /// Runs the command; returns the lines for standard output. `warn` gets one line per damaged or
    /// invalid record a listing skipped (exit status 0: the good ones were listed).
    func run(warn: (String) -> Void) throws -> [String] {
        switch self {
        case .add(let path, let id, let fields, let base, let json):
            let draft = LinkDraft(fields: fields, id: id)
            // Checked before the store is opened: a refused link makes no store.
            do {
                try draft.check(by: .owner)
            } catch {
                throw StoreCommand.Failure(description: "\(error)")
            }
            let store = try StoreCommand.open(path, .createIfMissing)
            let created = try StoreCommand.run(in: store) { () throws(ServiceError) in
                try store.links.create(draft, by: .owner)
            }
            let id = created.stored.id
            let root = StoreCommand.root(of: base)
            guard !json else {
                return [RecordJSON.created(RecordJSON.link(created.stored) { root + $0 }, secret: created.secret, at: 2).description]
            }
            return ["id: \(id)", "link: \(root)\(created.stored.path)", "secret: \(created.secret)"]
        case .list(let path, let json, let base):
            if let none = StoreCommand.emptyListing(path, json: json) { return none.isEmpty ? [] : [none] }
            let store = try StoreCommand.open(path, .readOnly)
            let links = store.links.list { warn("\($0)") }
            store.warnings.forEach(warn)
            // The JSON of `GET /api/links`, for scripts, as `list --json` and `mock list --json` give theirs.
            let root = StoreCommand.root(of: base)
            guard !json else { return [JSONValue.array(links.map { RecordJSON.link($0) { root + $0 } }).description] }
            return links.map { "\($0.id)\t\($0.link.title)\t\($0.link.appURL)\t\($0.link.fallbackURL)" }
        case .show(let path, let id, let json, let base):
            let store = try StoreCommand.open(path, .readOnly)
            let stored = try StoreCommand.run(in: store) { () throws(ServiceError) in try store.links.link(id) }
            guard !json else { return [RecordJSON.link(stored) { StoreCommand.root(of: base) + $0 }.description] }
            return ["id: \(id)"] + stored.link.fields.named.compactMap { name, value in value.map { "\(name): \($0)" } }
        case .remove(let path, let id):
            let store = try StoreCommand.open(path, .existing)
            if let removed = try StoreCommand.removeIfDamaged(id, in: store) { return [removed] }
            try StoreCommand.run(in: store) { () throws(ServiceError) in try store.links.delete(id, by: .owner) }
            return ["removed \(id)"]
        }
    }
}
