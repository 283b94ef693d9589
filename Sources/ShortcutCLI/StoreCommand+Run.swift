import ShortcutHTTP
import ShortcutJSON
import ShortcutPages
import ShortcutPlatform
import ShortcutRecords
import ShortcutServe

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension StoreCommand {
    /// A failure at run time: one `error: …` line, exit 1.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs the command; returns what to print on standard output. `warn` gets one line per damaged or
    /// unreadable file a listing skipped (the CLI prints them on standard error as `warning: …`; the
    /// exit status stays 0, as the good records were listed).
    func run(warn: (String) -> Void = { standardError("warning: \($0)\n") }) throws -> String {
        switch self {
        case .addShortcut(
            let storePath, let title, let url, let iconPath, let appName, let id, let mode, let templatePath, let base, let qr, let json):
            var icon: ShortcutIcon?
            if let iconPath {
                // `--icon -`: the image from standard input (`curl … | shortcut-serve add --icon - …`).
                let named = iconPath == "-" ? "standard input" : iconPath
                switch FileWords.read(iconPath, limit: ShortcutIcon.maxBytes) {
                case .success(let bytes) where bytes.count > ShortcutIcon.maxBytes:
                    // The file's own size, not the limit and one byte that were read of it.
                    let size = FileWords.size(of: iconPath)
                    throw Failure(
                        description: "\(named): "
                            + ShortcutIcon.sizeReason(bytes: size ?? bytes.count, limit: ShortcutIcon.maxBytes, exact: size != nil))
                case .success(let bytes):
                    do {
                        icon = try ShortcutIcon(bytes: bytes)
                    } catch {
                        throw Failure(description: "\(named): \(error.reason)")
                    }
                case .failure(let failure):
                    throw Failure(description: "cannot read icon \(iconPath == "-" ? "from standard input" : iconPath): \(failure.reason)")
                }
            }
            let template = try TemplateFile.load(templatePath)
            let store = try open(storePath, .createIfMissing)
            let draft = ShortcutDraft(title: title, url: url, icon: icon, appName: appName, id: id, mode: mode)
            let created = try Self.run(in: store) { () throws(ServiceError) in
                try store.shortcuts(template: template).create(draft, by: .owner)
            }
            let id = created.record.id
            let root = StoreCommand.root(of: base)
            // What POST /api/shortcuts answers, the secret included: for a script.
            guard !json else {
                let body = RecordJSON.shortcut(id: id, metadata: created.record.metadata) { root + $0 }
                return RecordJSON.created(body, secret: created.secret, at: 1).description
            }
            var lines = [
                "id: \(id)", "shortcut: " + root + RecordPath.shortcut(id), "page: " + root + RecordPath.page(id),
                "secret: \(created.secret)",
                "simulator: " + SimulatorCommand(device: "booted", url: root + RecordPath.shortcut(id)).shellLine,
            ]
            // A phone needs an address on the network: the QR code a camera opens, when there is one. The
            // running server's own (its public URL, or where it listens on the network) when it runs.
            let registry = RunningServers.registry(in: RunningServers.storeURL(storePath))
            // The phone's URL, with whose server it is, its code and the note on plain HTTP.
            func phoneLines(_ phone: String, _ whose: String) throws -> [String] {
                let url = phone + RecordPath.shortcut(id)
                var lines = ["on your network: \(url) (\(whose))"]
                if qr ?? Platform.isTerminal(Platform.standardOutput) { lines.append(try DeviceCommand.drawing(of: url, level: .medium)) }
                if phone.hasPrefix("http://") { lines.append(DeviceURLs.insecureOriginLine) }
                return lines
            }
            switch PhoneAddress.find(for: root, in: registry) {
            case .unknown(let problem):
                lines.append("on your network: unknown: " + PhoneAddress.unknown(problem))
            case .loopbackOnly(let root):
                lines.append("on your network: " + PhoneAddress.loopbackOnly(root))
            case .running(let phone, let server):
                lines += try phoneLines(phone, "the server running on this store, pid \(server.pid)")
            case .guessed(let phone):
                lines += try phoneLines(phone, "the server must listen there: shortcut-serve --host 0.0.0.0")
            case .none:
                lines.append("on your network: no network address found (a phone reaches the server only through one)")
            }
            return lines.joined(separator: "\n")
        case .listShortcuts(let storePath, let json, let base):
            if let none = Self.emptyListing(storePath, json: json) { return none }
            let store = try open(storePath, .readOnly)
            let shortcuts = store.shortcuts().list()
            store.warnings.forEach(warn)
            let root = StoreCommand.root(of: base)
            guard !json else {
                return JSONValue.array(shortcuts.map { RecordJSON.shortcut(id: $0.id, metadata: $0.metadata) { root + $0 } }).description
            }
            return shortcuts.map { "\($0.id)\t\($0.metadata["title"] ?? "")\t\($0.metadata["url"] ?? "")" }.joined(separator: "\n")
        case .showShortcut(let storePath, let id, let format, let base):
            let (page, isDemo) = try Self.shortcutOrDemo(id, storePath: storePath)
            let root = StoreCommand.root(of: base)
            switch format {
            case .html:
                return String(decoding: page.body, as: UTF8.self)
            case .json:
                return RecordJSON.shortcut(id: page.id, metadata: page.metadata) { root + $0 }.description
            case .fields:
                let object = RecordJSON.shortcut(id: page.id, metadata: page.metadata) { root + $0 }
                guard case .object(let members) = object else { return "" }
                let lines = members.map { name, value in
                    switch value {
                    case .string(let text): "\(name): \(text)"
                    case .null: "\(name): (none)"
                    default: "\(name): \(value)"
                    }
                }
                return (lines + (isDemo ? ["built in: yes (shortcut-serve add --id demo … replaces it)"] : [])).joined(separator: "\n")
            }
        case .removeShortcut(let storePath, let id):
            let store = try open(storePath, .existing)
            if let removed = try Self.removeIfDamaged(id, in: store) { return removed }
            try Self.run(in: store) { () throws(ServiceError) in try store.shortcuts().delete(id, by: .owner) }
            return "removed \(id)"
        case .removeMock(let storePath, let id):
            let store = try open(storePath, .existing)
            if let removed = try Self.removeIfDamaged(id, in: store) { return removed }
            try Self.run(in: store) { () throws(ServiceError) in try store.mocks.delete(id, by: .owner) }
            return "removed \(id)"
        case .addMock(let storePath, let file, let status, let type, let charset, let headers, let id, let name, let base, let json):
            // Read up to the service's content limit (`MockDraft.maxContentBytes`, as POST /api/mock): the
            // service refuses a larger file in the API's words, naming the file's own size.
            let data: [UInt8]
            switch FileWords.read(file, limit: MockDraft.maxContentBytes) {
            case .success(let bytes): data = bytes
            case .failure(let failure): throw Failure(description: "cannot read \(file): \(failure.reason)")
            }
            var found = FieldProblems()
            if data.count > MockDraft.maxContentBytes {
                let size = FileWords.size(of: file)
                if let problem = MockDraft.contentSizeProblem(bytes: size ?? data.count, exact: size != nil) { found.add(problem) }
            }
            let store = try open(storePath, .createIfMissing)
            let draft = MockDraft(
                body: data, status: status, contentType: type, charset: charset, headers: headers,
                name: name, id: id)
            let created = try Self.run(in: store, file: file) { () throws(ServiceError) in
                try store.mocks.create(draft, by: .owner, adding: found)
            }
            let root = StoreCommand.root(of: base)
            guard !json else {
                return RecordJSON.createdMock(created.record, secret: created.secret, casing: .snake) { root + $0 }.description
            }
            return "id: \(created.record.id)\nlink: \(root + RecordPath.play(created.record.id))\nsecret: \(created.secret)"
        case .listMocks(let storePath, let json, let base):
            if let none = Self.emptyListing(storePath, json: json) { return none }
            let store = try open(storePath, .readOnly)
            let mocks = store.mocks.listMocks()
            store.warnings.forEach(warn)
            let root = StoreCommand.root(of: base)
            guard !json else { return JSONValue.array(mocks.map { RecordJSON.listEntry($0, casing: .snake) { root + $0 } }).description }
            return mocks.map { "\($0.id)\t\($0.status)\t\($0.contentType)\t\($0.size) B\t\($0.name)" }.joined(separator: "\n")
        case .showMock(let storePath, let id, let json):
            let store = try open(storePath, .readOnly)
            let page = try get(id, from: store)
            try Self.run(in: store) { () throws(ServiceError) in try MockService.checkKind(of: page) }
            guard !json else { return RecordJSON.mock(page, casing: .snake).description }
            var lines = [
                "id: \(page.id)", "name: \(page.name)", "status: \(page.status)",
                "content-type: \(page.contentType); charset=\(page.charset)",
            ]
            lines += page.headers.map { "header: \($0.name): \($0.value)" }
            lines.append("")
            return lines.joined(separator: "\n") + String(decoding: page.body, as: UTF8.self)
        }
    }

    /// The shortcut `id` of the store at `path`, or the built-in demo for `demo` (what `/p/demo` serves while
    /// the store has no shortcut of that id, and also where there is no store yet).
    static func shortcutOrDemo(_ id: String, storePath: String?) throws -> (page: StoredPage, isDemo: Bool) {
        let demo = { (ShortcutRecord.makeDemo(template: .default), true) }
        if id == ShortcutRecord.demoID, !Platform.exists(StoreCommand.directory(storePath).path) { return demo() }
        let store = try open(storePath, .readOnly)
        if let found = store.shortcuts().shortcutOrDemo(id) { return found }
        guard PageID.isValid(id), let page = store.lookup(id).page else { throw notFound(id, in: store) }
        let kind = RecordKind(page)
        throw Failure(description: "\(ServiceError.otherKind(id: id, is: kind, asked: .shortcut))")
    }

    /// A listing of a store folder that does not exist yet: empty (`[]` with `--json`), as a script expects
    /// before the first `add`, with a note on standard error naming the folder (a mistyped `--store` shows
    /// there); nil when the folder exists (a folder that is no store is still refused by `open`).
    static func emptyListing(_ path: String?, json: Bool, note: (String) -> Void = { standardError("note: \($0)\n") }) -> String? {
        let folder = StoreCommand.directory(path)
        // A file in the folder's way is no store "not made yet": `open` says what is wrong.
        guard !Platform.exists(folder.path), RecordStore.fileInPath(of: folder) == nil else { return nil }
        note("no store at \(folder.path) yet (shortcut-serve add makes it): nothing to list")
        return json ? "[]" : ""
    }

    /// `rm ID` (and `mock rm`, `links rm`) of a record no service can read: removed, saying what was wrong
    /// with it (its kind is unknown, so any of the three commands removes it); nil when `id`'s record is not
    /// damaged, for the service to remove with its checks.
    static func removeIfDamaged(_ id: String, in store: RecordStore) throws -> String? {
        guard PageID.isValid(id), let damage = try store.removeDamaged(id) else { return nil }
        return "removed \(id), a damaged record (\(damage))"
    }

    /// `body`'s result, or its `ServiceError` as the command line says it: one line, each refused field's
    /// reason (the content's prefixed with its `file`), a missing record with the store's folder (or why it
    /// is damaged). Every store command's (`links` too) one translation of the service's errors.
    static func run<Result>(in store: RecordStore, file: String? = nil, _ body: () throws(ServiceError) -> Result) throws -> Result {
        do {
            return try body()
        } catch .invalid(let problems) {
            let lines = problems.map { problem in
                guard let file, problem.field == "content" else { return problem.reason }
                return "\(file): \(problem.reason)"
            }
            throw Failure(description: lines.joined(separator: "; "))
        } catch .notFound(let id) {
            throw notFound(id, in: store)
        } catch .store(let cause) {
            // A taken id whose record is damaged: say so, and what clears it (issue 26: a dead end before).
            if case PageStoreError.alreadyExists(let id) = cause, store.lookup(id).page == nil, let problem = store.problem(forID: id) {
                throw Failure(description: "\(cause), by a damaged record (\(problem))" + store.remedy(forID: id))
            }
            throw cause
        } catch {
            throw Failure(description: "\(error)")
        }
    }

    /// The store at `path` (or the default one). Only `add` makes a missing store: reading it, or removing
    /// from it, is an error there (a mistyped --store must not make a new, empty store).
    private func open(_ path: String?, _ access: RecordStore.Access) throws -> RecordStore { try Self.open(path, access) }

    /// The store at `path` (or the default one), with `access`.
    static func open(_ path: String?, _ access: RecordStore.Access) throws -> RecordStore {
        do {
            return try RecordStore(directory: StoreCommand.directory(path), access: access)
        } catch {
            throw words(error, store: path)
        }
    }

    /// `error` as the command line says it: a file where the store folder should be names the `--store` it
    /// came from (`--store /x/file/sub: /x/file is a file, not a folder`); any other error is itself.
    static func words(_ error: any Error, store path: String?) -> any Error {
        guard case PageStoreError.notAFolder(let folder, let file) = error else { return error }
        let named = path.map { "--store \($0)" } ?? "the store folder \(folder)"
        return Failure(description: "\(named): " + PageStoreError.notAFolderReason(path: folder, file: file))
    }

    private func get(_ id: String, from store: RecordStore) throws -> StoredPage {
        if PageID.isValid(id), let page = store.lookup(id).page { return page }
        throw Self.notFound(id, in: store)
    }

    /// Why there is no record `id` in `store`: damaged or unreadable (and why), or missing.
    private static func notFound(_ id: String, in store: RecordStore) -> Failure {
        if let problem = store.problem(forID: id) {
            return Failure(
                description: "record '\(id)' in \(store.directory.path) is damaged or unreadable: \(problem)" + store.remedy(forID: id))
        }
        return Failure(description: "no record '\(id)' in \(store.directory.path)")
    }
}
