#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ShortcutPages
import ShortcutStore

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
        case .addShortcut(let storePath, let title, let url, let iconPath, let appName, let id, let mode, let templatePath, let base):
            if let id, !PageID.isValid(id) { throw Failure(description: "invalid id '\(id)': use 1–64 characters of A-Z a-z 0-9 _ -") }
            let store = try open(storePath, .createIfMissing)
            var icon: ShortcutIcon?
            if let iconPath {
                guard let data = FileManager.default.contents(atPath: iconPath) else { throw Failure(description: "cannot read icon \(iconPath)") }
                icon = try ShortcutIcon(bytes: Array(data))
            }
            let page = try ShortcutPage(title: title, url: url, icon: icon, appName: appName, template: try TemplateFile.load(templatePath))
            let secret = PageID.generate()
            let stored = try store.create(ShortcutRecord.make(page, id: id ?? PageID.generate(), mode: mode, secret: .make(secret)))
            let root = StoreCommand.root(of: base)
            var lines = [
                "id: \(stored.id)", "shortcut: \(root)/s/\(stored.id)", "page: \(root)/p/\(stored.id)", "secret: \(secret)",
                "simulator: " + SimulatorCommand(device: "booted", url: "\(root)/s/\(stored.id)").shellLine,
            ]
            // A phone needs an address on the network: the QR code a camera opens, when there is one.
            if let phone = DeviceURLs.phoneRoot(for: root) {
                let url = "\(phone)/s/\(stored.id)"
                lines.append("on your network: \(url) (the server must listen there: shortcut-serve --host 0.0.0.0)")
                lines.append(try DeviceCommand.drawing(of: url, level: .medium))
            } else {
                lines.append("on your network: no network address found (a phone reaches the server only through one)")
            }
            return lines.joined(separator: "\n")
        case .listShortcuts(let storePath):
            let store = try open(storePath, .readOnly)
            let lines = store.list().filter { $0.metadata["kind"] == ShortcutRecord.kind }
                .map { "\($0.id)\t\($0.metadata["title"] ?? "")\t\($0.metadata["url"] ?? "")" }
            store.problems.forEach(warn)
            return lines.joined(separator: "\n")
        case .showShortcut(let storePath, let id):
            let page = try get(id, from: try open(storePath, .readOnly))
            guard ShortcutRecord.isShortcut(page) else { throw Failure(description: "'\(id)' is a stored page, not a shortcut (try mock show)") }
            return String(decoding: page.body, as: UTF8.self)
        case .removeShortcut(let storePath, let id), .removeMock(let storePath, let id):
            let store = try open(storePath, .existing)
            guard PageID.isValid(id) else { throw Failure(description: "invalid id '\(id)'") }
            guard try store.remove(id) else { throw Failure(description: "no record '\(id)' in \(store.directory.path)") }
            return "removed \(id)"
        case .addMock(let storePath, let file, let status, let type, let charset, let headers, let id, let name, let base):
            if let id, !PageID.isValid(id) { throw Failure(description: "invalid id '\(id)': use 1–64 characters of A-Z a-z 0-9 _ -") }
            guard let data = FileManager.default.contents(atPath: file) else { throw Failure(description: "cannot read \(file)") }
            if let problem = PlayableStatus.contentProblem(status: status, contentBytes: data.count) {
                throw Failure(description: "\(file): \(problem)")
            }
            let store = try open(storePath, .createIfMissing)
            let secret = PageID.generate()
            let stored = try store.create(StoredPage(
                id: id ?? PageID.generate(), name: name, status: status, contentType: type, charset: charset, headers: headers,
                body: Array(data), secret: .make(secret), metadata: ["kind": "mock"]))
            let root = StoreCommand.root(of: base)
            return "id: \(stored.id)\nlink: \(root)/v3/\(stored.id)\nsecret: \(secret)"
        case .listMocks(let storePath):
            let store = try open(storePath, .readOnly)
            let lines = store.list().filter { $0.metadata["kind"] != ShortcutRecord.kind }
                .map { "\($0.id)\t\($0.status)\t\($0.contentType)\t\($0.size) B\t\($0.name)" }
            store.problems.forEach(warn)
            return lines.joined(separator: "\n")
        case .showMock(let storePath, let id):
            let page = try get(id, from: try open(storePath, .readOnly))
            var lines = ["id: \(page.id)", "name: \(page.name)", "status: \(page.status)",
                         "content-type: \(page.contentType); charset=\(page.charset)"]
            lines += page.headers.map { "header: \($0.name): \($0.value)" }
            lines.append("")
            return lines.joined(separator: "\n") + String(decoding: page.body, as: UTF8.self)
        }
    }

    /// The store at `path` (or the default one). Only `add` makes a missing store: reading it, or removing
    /// from it, is an error there (a mistyped --store must not make a new, empty store).
    private func open(_ path: String?, _ access: PageStore.Access) throws -> PageStore {
        try PageStore(directory: path.map { URL(fileURLWithPath: $0) } ?? PageStore.defaultDirectory(), access: access)
    }

    private func get(_ id: String, from store: PageStore) throws -> StoredPage {
        if PageID.isValid(id), let page = store.get(id) { return page }
        if let problem = store.problem(forID: id) {
            throw Failure(description: "record '\(id)' in \(store.directory.path) is damaged or unreadable: \(problem)")
        }
        throw Failure(description: "no record '\(id)' in \(store.directory.path)")
    }
}
