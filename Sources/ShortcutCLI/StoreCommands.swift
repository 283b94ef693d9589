import HTTPVocabulary
import ShortcutHTTP
import ShortcutPages
import ShortcutRecords
import ShortcutServe

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `shortcut-serve add|list|show|rm` and `shortcut-serve mock add|list|show|rm`: work on the store folder
/// directly, whether or not a server runs on it (a running server sees the change within a second).
enum StoreCommand: Sendable {
    case addShortcut(
        store: String?, title: String, url: String, icon: String?, appName: String?, id: String?,
        mode: DeliveryMode?, template: String?, baseURL: String, qr: Bool?, json: Bool)
    case listShortcuts(store: String?, json: Bool, baseURL: String)
    case showShortcut(store: String?, id: String, format: ShowFormat, baseURL: String)
    case removeShortcut(store: String?, id: String)
    case addMock(
        store: String?, file: String, status: Int, type: String, charset: String, headers: [HTTPField],
        id: String?, name: String, baseURL: String, json: Bool)
    case listMocks(store: String?, json: Bool, baseURL: String)
    case showMock(store: String?, id: String, json: Bool)
    case removeMock(store: String?, id: String)

    /// What `show` prints of a shortcut.
    enum ShowFormat: Sendable, Equatable {
        /// `name: value` lines, as `mock show` and `links show` print theirs.
        case fields
        /// The object `list --json` and `GET /api/shortcuts/<id>` give.
        case json
        /// The page the shortcut serves at `/p/<id>`.
        case html
    }

    static let shortcutUsage = """
        Usage: shortcut-serve add --title T --open URL [--icon FILE|-] [--app-name N] [--id ID] [--mode page|data]
                                  [--template FILE] [--store DIR] [--base-url URL] [--qr|--no-qr] [--json]
               shortcut-serve list [--json] [--store DIR] [--base-url URL]
               shortcut-serve show ID [--json | --html] [--store DIR] [--base-url URL]
                                                 its fields (as list --json with --json), or the page (--html)
               shortcut-serve rm ID [--store DIR]
        """

    static let mockUsage = """
        Usage: shortcut-serve mock add --file page.html [--status 200] [--type text/html] [--charset UTF-8]
                                       [--header 'K: V']... [--id slug] [--name N] [--store DIR] [--base-url URL]
                                       [--json]
               shortcut-serve mock list [--json] [--store DIR] [--base-url URL]
               shortcut-serve mock show ID [--json] [--store DIR]
               shortcut-serve mock rm ID [--store DIR]
        """

    // Each command's own `--help` (and the usage its errors print).
    static let addUsage = """
        Usage: shortcut-serve add --title T --open URL [--icon FILE|-] [--app-name N] [--id ID] [--mode page|data]
                                  [--template FILE] [--store DIR] [--base-url URL] [--qr|--no-qr] [--json]
          Makes a shortcut in the store (the store too, when it is missing): its page opens the app URL --open,
          with the icon FILE (PNG or JPEG, at most 262144 bytes; - reads standard input) under --title. Prints
          its id (a new UUID unless --id), its links, its secret (DELETE /api/shortcuts/ID needs it), the
          Simulator command and where a phone opens it, with a QR code on a terminal (--qr, --no-qr decide).
          --json prints what POST /api/shortcuts answers, the secret included.
        """

    static let listUsage = """
        Usage: shortcut-serve list [--json] [--store DIR] [--base-url URL]
          One shortcut a line: id, title, app URL. --json prints one JSON array, the entries of
          GET /api/shortcuts, links made with --base-url (default: the running server's address).
          On a --store folder that is not there it prints nothing ([] with --json, exit 0, a note on standard
          error) and makes nothing. It prints the good records, and on standard error one
          'warning: <file>: <why>' line per damaged file it skipped, with the command that removes it; its exit
          status stays 0. A read-only store can be listed.
        """

    static let showUsage = """
        Usage: shortcut-serve show ID [--json | --html] [--store DIR] [--base-url URL]
          The shortcut's fields, one 'name: value' a line; --json the object list --json and
          GET /api/shortcuts/ID give; --html the page it serves at /p/ID. show demo is the built-in shortcut.
          A missing store or record is an error (exit 1), and so is a damaged record, saying why.
        """

    static let removeUsage = """
        Usage: shortcut-serve rm ID [--store DIR]
          Removes the shortcut ID, or a damaged record of any kind (saying what was wrong with it). A missing
          store or record is an error (exit 1); rm never makes a store.
        """

    static let mockAddUsage = """
        Usage: shortcut-serve mock add --file page.html [--status 200] [--type text/html] [--charset UTF-8]
                                       [--header 'K: V']... [--id slug] [--name N] [--store DIR] [--base-url URL]
                                       [--json]
          Makes a mock in the store (the store too, when it is missing), played at /v3/ID: the file's bytes (-
          reads standard input; at most \(MockDraft.maxContentBytes) bytes, as POST /api/mock) with the status,
          type, charset and header fields given. Prints its id, its link and its secret (PUT and DELETE
          /api/mock/ID need it); --json prints the fields POST /api/mock answers, in snake_case (expire_at).
        """

    static let mockListUsage = """
        Usage: shortcut-serve mock list [--json] [--store DIR] [--base-url URL]
          One mock a line: id, status, type, size, name. --json prints one JSON array, the fields of
          GET /api/mock's entries in snake_case (content_type, created_at), links made with --base-url (default:
          the running server's address).
          On a --store folder that is not there it prints nothing ([] with --json, exit 0, a note on standard
          error); damaged files are skipped with a 'warning:' line each, as list does.
        """

    static let mockShowUsage = """
        Usage: shortcut-serve mock show ID [--json] [--store DIR]
          The mock's id, name, status, type and header fields, then a blank line and the body it plays;
          --json the fields of GET /api/mock/ID in snake_case (content_type, expire_at). A missing store or
          record is an error (exit 1), and so is a damaged record, saying why.
        """

    static let mockRemoveUsage = """
        Usage: shortcut-serve mock rm ID [--store DIR]
          Removes the mock ID (or a shortcut: mocky's DELETE removes either), or a damaged record of any kind.
          A missing store or record is an error (exit 1); mock rm never makes a store.
        """

    /// The `--help` of `verb` (`add`, `list`, `show`, `rm`; of a mock with `mock`), or nil for another word.
    static func usage(of verb: String?, mock: Bool) -> String? {
        switch (mock, verb) {
        case (false, "add"): addUsage
        case (false, "list"): listUsage
        case (false, "show"): showUsage
        case (false, "rm"): removeUsage
        case (true, "add"): mockAddUsage
        case (true, "list"): mockListUsage
        case (true, "show"): mockShowUsage
        case (true, "rm"): mockRemoveUsage
        default: nil
        }
    }

    /// What `--help` adds to either usage: how the commands meet a missing, damaged or read-only store.
    static let storeNotes = """
        list, show and rm never make a store (only add does): list on a --store folder that is not there
        prints nothing ([] with --json, exit 0, a note on standard error); show and rm there are an error
        (exit 1). list prints the good records, and on standard error one 'warning: <file>: <why>' line per
        damaged file it skipped, with the command that removes it; its exit status stays 0. show on a
        damaged record says why (exit 1); rm removes it. A read-only store can be listed and shown.
        list --json prints one JSON array, the entries of the HTTP API's lists (GET /api/shortcuts,
        GET /api/mock) in snake_case, as all the JSON the command line prints, links made with --base-url.
        Exit status: 0 done, 1 failed (error: line), 64 usage.
        """

    /// The base URL when neither `--base-url` nor a running server of the store says another
    /// (`RunningServers.defaultBaseURL`).
    static let defaultBaseURL = "http://127.0.0.1:9081"

    /// The store folder: `--store DIR`, else the per-user default (`RecordStore.defaultDirectory`).
    static func directory(_ path: String?) -> URL { ServerConfiguration.storeDirectory(path) }

    /// `--base-url` without a trailing slash, to put paths after.
    static func root(of baseURL: String) -> String {
        baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
    }

    /// Parses `add|list|show|rm …` (shortcuts) or, with `mock: true`, `mock add|list|show|rm …`.
    static func parse(_ arguments: [String], mock: Bool) throws(UsageError) -> StoreCommand {
        guard let verb = arguments.first else {
            throw UsageError("missing a command: add, list, show or rm", usage: mock ? mockUsage : shortcutUsage)
        }
        let usage = usage(of: verb, mock: mock) ?? (mock ? mockUsage : shortcutUsage)
        var reader = ArgumentReader(Array(arguments.dropFirst()), usage: usage)
        let store = try reader.value("--store")
        func single(_ what: String) throws(UsageError) -> String {
            let rest = try reader.positionals()
            guard rest.count == 1 else { throw UsageError("\(verb) takes one \(what)", usage: usage) }
            return rest[0]
        }
        switch (mock, verb) {
        case (false, "add"):
            guard let title = try reader.value("--title") else { throw UsageError("add needs --title", usage: usage) }
            guard let url = try reader.value("--open") else { throw UsageError("add needs --open URL (the app URL)", usage: usage) }
            let icon = try reader.value("--icon")
            let appName = try reader.value("--app-name")
            let id = try reader.value("--id")
            let template = try reader.value("--template")
            var mode: DeliveryMode?
            if let text = try reader.value("--mode") {
                guard let parsed = DeliveryMode(rawValue: text) else {
                    throw UsageError("--mode is page or data, not '\(text)'", usage: usage)
                }
                mode = parsed
            }
            let base = try reader.value("--base-url") ?? RunningServers.defaultBaseURL(store: store)
            // The phone's QR code: drawn on a terminal, left out of a pipe (a script reads the lines above it).
            let (drawsQR, omitsQR) = (reader.flag("--qr"), reader.flag("--no-qr"))
            let json = reader.flag("--json")
            if drawsQR && omitsQR { throw UsageError("--qr and --no-qr: give one", usage: usage) }
            try reader.finish()
            return .addShortcut(
                store: store, title: title, url: url, icon: icon, appName: appName, id: id, mode: mode,
                template: template, baseURL: base, qr: drawsQR ? true : omitsQR ? false : nil, json: json)
        case (true, "add"):
            guard let file = try reader.value("--file") else { throw UsageError("mock add needs --file", usage: usage) }
            // From 200: a 1xx is an interim answer, and a stored page is played as the final one.
            let status = try reader.integer("--status", in: 200...999) ?? 200
            let type = try reader.value("--type") ?? "text/html"
            let charset = try reader.value("--charset") ?? "UTF-8"
            // Split here; whether a field may be stored is the service's rule (MockService), said at run time.
            var headers: [HTTPField] = []
            for text in try reader.values("--header") {
                guard let colon = text.firstIndex(of: ":") else {
                    throw UsageError("--header takes 'Name: value', not '\(text)'", usage: usage)
                }
                headers.append(
                    HTTPField(name: String(text[..<colon]), value: String(text[text.index(after: colon)...].trimmingWhitespace())))
            }
            let id = try reader.value("--id")
            let name = try reader.value("--name") ?? ""
            let base = try reader.value("--base-url") ?? RunningServers.defaultBaseURL(store: store)
            let json = reader.flag("--json")
            try reader.finish()
            return .addMock(
                store: store, file: file, status: status, type: type, charset: charset, headers: headers, id: id,
                name: name, baseURL: base, json: json)
        case (_, "list"):
            let json = reader.flag("--json")
            let base = try reader.value("--base-url") ?? RunningServers.defaultBaseURL(store: store)
            try reader.finish()
            return mock ? .listMocks(store: store, json: json, baseURL: base) : .listShortcuts(store: store, json: json, baseURL: base)
        case (true, "show"):
            let json = reader.flag("--json")
            return .showMock(store: store, id: try single("ID"), json: json)
        case (false, "show"):
            let (json, html) = (reader.flag("--json"), reader.flag("--html"))
            if json && html { throw UsageError("--json and --html: give one", usage: usage) }
            let base = try reader.value("--base-url") ?? RunningServers.defaultBaseURL(store: store)
            let id = try single("ID")
            return .showShortcut(store: store, id: id, format: json ? .json : html ? .html : .fields, baseURL: base)
        case (_, "rm"):
            let id = try single("ID")
            return mock ? .removeMock(store: store, id: id) : .removeShortcut(store: store, id: id)
        default:
            throw UsageError("unknown command '\(verb)'", usage: usage)
        }
    }
}
