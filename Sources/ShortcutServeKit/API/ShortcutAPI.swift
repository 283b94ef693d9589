#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ShortcutHTTP
import ShortcutJSON
import ShortcutPages
import ShortcutStore

/// `POST/GET /api/shortcuts`, `GET/DELETE /api/shortcuts/<id>`: make shortcuts over HTTP.
struct ShortcutAPI: Sendable {
    let store: PageStore
    let template: PageTemplate
    let links: LinkBuilder

    func install(on server: HTTPServer, guard hostGuard: HostGuard) {
        server.POST["/api/shortcuts"] = hostGuard.guardingAPI(create)
        server.GET["/api/shortcuts"] = hostGuard.guardingAPI(list)
        server.GET["/api/shortcuts/:id"] = hostGuard.guardingAPI(show)
        server.DELETE["/api/shortcuts/:id"] = hostGuard.guardingAPI(delete)
    }

    func create(_ request: HTTPRequest) -> HTTPResponse {
        let value: JSONValue
        switch API.body(of: request) {
        case .failure(let error): return error.response
        case .success(let parsed): value = parsed
        }
        var fields = JSONFields(value)
        let title = fields.string("title")
        let url = fields.string("url")
        let appName = fields.string("app_name")
        let iconText = fields.string("icon")
        let id = fields.string("id")
        let secret = fields.string("secret", maxBytes: API.maxSecretBytes)
        var mode: DeliveryMode?
        if let text = fields.string("mode") {
            mode = DeliveryMode(rawValue: text)
            if mode == nil { fields.errors.add("mode", "error.invalid", "mode is page or data, not '\(text.excerpt(maxBytes: 20))'") }
        }
        if title == nil && fields.object["title"] == nil { fields.errors.add("title", "error.required", "title is required") }
        if url == nil && fields.object["url"] == nil { fields.errors.add("url", "error.required", "url is required") }
        let bundleID = fields.string("bundle_id")
        if let bundleID, !WebClipProfiles.isValidBundleID(bundleID) {
            fields.errors.add(
                "bundle_id", "error.invalid",
                "bundle_id is an app's bundle identifier such as com.example.app: letters, digits, '-' and dots, at most \(WebClipProfiles.maxBundleIDBytes) bytes")
        }
        if let id, !PageID.isValid(id) {
            fields.errors.add("id", "error.invalid", "id must be 1–64 characters of A-Z a-z 0-9 _ -")
        } else if let id, let problem = API.reservedIDProblem(id) {
            fields.errors.add("id", "error.reserved", problem)
        }
        var icon: ShortcutIcon?
        if let iconText {
            do { icon = try ShortcutIcon(base64OrDataURI: iconText) } catch { fields.errors.add(error.field, error.code, error.reason) }
        }
        var page: ShortcutPage?
        if let title, let url {
            do {
                page = try ShortcutPage(title: title, url: url, icon: icon, appName: appName, template: template)
            } catch {
                fields.errors.add(error.field, error.code, error.reason)
            }
        }
        guard fields.errors.isEmpty, let page else { return fields.errors.response }
        let secretText = secret ?? PageID.generate()
        do {
            let stored = try store.create(ShortcutRecord.make(
                page, id: id ?? PageID.generate(), mode: mode, secret: .make(secretText), bundleID: bundleID))
            var body = describe(stored, for: request)
            if case .object(var members) = body {
                members.insert(("secret", .string(secretText)), at: 1)
                body = .object(members)
            }
            return API.json(body, status: .created)
        } catch {
            return storeFailure(error)
        }
    }

    func list(_ request: HTTPRequest) -> HTTPResponse {
        let items = store.list().filter { $0.metadata["kind"] == ShortcutRecord.kind }.map { summary in
            describe(id: summary.id, metadata: summary.metadata, for: request)
        }
        return API.json(.array(items))
    }

    func show(_ request: HTTPRequest) -> HTTPResponse {
        guard let page = shortcut(request) else { return API.notFound }
        return API.json(describe(page, for: request))
    }

    func delete(_ request: HTTPRequest) -> HTTPResponse {
        guard let secret = API.secret(in: request), let page = shortcut(request), page.secret?.matches(secret) == true else {
            return API.notFound
        }
        do {
            // Checked again on the record as it is when removed: it may have been re-made meanwhile.
            let removed = try store.remove(page.id) { ShortcutRecord.isShortcut($0) && $0.secret?.matches(secret) == true }
            return removed ? HTTPResponse(status: .noContent) : API.notFound
        } catch {
            return storeFailure(error)
        }
    }

    private func shortcut(_ request: HTTPRequest) -> StoredPage? {
        guard let id = request.params["id"], PageID.isValid(id), let page = store.get(id),
              ShortcutRecord.isShortcut(page) else { return nil }
        return page
    }

    private func describe(_ page: StoredPage, for request: HTTPRequest) -> JSONValue {
        describe(id: page.id, metadata: page.metadata, for: request)
    }

    private func describe(id: String, metadata: [String: String], for request: HTTPRequest) -> JSONValue {
        .object([
            ("id", .string(id)),
            ("title", .string(metadata["title"] ?? "")), ("url", .string(metadata["url"] ?? "")),
            ("app_name", .string(metadata["app_name"] ?? "")),
            ("mode", metadata["mode"].map(JSONValue.string) ?? .null),
            ("bundle_id", metadata["bundle_id"].map(JSONValue.string) ?? .null),
            ("shortcut", .string(links.absolute("/s/\(id)", for: request))),
            ("page", .string(links.absolute("/p/\(id)", for: request))),
            ("profile", .string(links.absolute("/w/\(id).mobileconfig", for: request))),
        ])
    }
}
