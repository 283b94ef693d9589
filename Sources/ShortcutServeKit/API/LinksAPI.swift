import ShortcutHTTP
import ShortcutJSON
import ShortcutLinks
import ShortcutService
import ShortcutStore

/// `POST/GET /api/links`, `GET/DELETE /api/links/<id>`: landing links over HTTP, in the shortcut API's
/// conventions (loopback only, 422 with a reason per field, 409 for a taken id, a secret to delete).
struct LinksAPI: Sendable {
    let store: PageStore
    let links: LinkBuilder

    func install(on server: HTTPServer, guard hostGuard: HostGuard) {
        server.POST["/api/links"] = hostGuard.guardingAPI(create)
        server.GET["/api/links"] = hostGuard.guardingAPI(list)
        server.GET["/api/links/:id"] = hostGuard.guardingAPI(show)
        server.DELETE["/api/links/:id"] = hostGuard.guardingAPI(delete)
    }

    func create(_ request: HTTPRequest) -> HTTPResponse {
        let value: JSONValue
        switch API.body(of: request) {
        case .failure(let error): return error.response
        case .success(let parsed): value = parsed
        }
        var fields = JSONFields(value)
        let id = fields.string("id")
        if let id, let problem = LinkRecord.idProblem(id) {
            fields.errors.add("id", PageID.isValid(id) ? "error.reserved" : "error.invalid", problem)
        }
        let secret = fields.string("secret", maxBytes: ShortcutDraft.maxSecretBytes)
        let input = LandingLink.Fields(
            title: fields.string("title"), description: fields.string("description"), image: fields.string("image"),
            appURL: fields.string("app_url"), universalURL: fields.string("universal_url"),
            fallbackURL: fields.string("fallback_url"), appStoreID: Self.appStoreID(&fields),
            appClipBundleID: fields.string("app_clip_bundle_id"), appID: fields.string("app_id"))
        var link: LandingLink?
        do {
            link = try LandingLink(fields: input)
        } catch {
            // A field already refused for its JSON type keeps that reason (`add` keeps the first per field).
            for problem in error.all { fields.errors.add(problem.field, problem.code, problem.reason) }
        }
        guard fields.errors.isEmpty, let link else { return fields.errors.response }
        let secretText = secret ?? PageID.generate()
        do {
            let stored = try store.create(LinkRecord.make(link, id: id ?? PageID.generate(), secret: .make(secretText)))
            var body = LinkRecord.describe(id: stored.id, link: link, pageURL: pageURL(stored.id, request))
            if case .object(var members) = body {
                members.insert(("secret", .string(secretText)), at: 2)
                body = .object(members)
            }
            return API.json(body, status: .created)
        } catch {
            return storeFailure(error)
        }
    }

    func list(_ request: HTTPRequest) -> HTTPResponse {
        // A record that no longer passes the checks (edited by hand) is left out here and reported by
        // GET /api/links/<id> and /open/<id>.
        let items: [JSONValue] = store.list().filter { $0.metadata["kind"] == LinkRecord.kind }.compactMap { summary in
            do {
                let link = try LinkRecord.link(of: summary.metadata)
                return LinkRecord.describe(id: summary.id, link: link, pageURL: pageURL(summary.id, request))
            } catch {
                return nil
            }
        }
        return API.json(.array(items))
    }

    func show(_ request: HTTPRequest) -> HTTPResponse {
        guard let page = linkRecord(request) else { return API.notFound }
        do {
            let link = try LinkRecord.link(of: page.metadata)
            return API.json(LinkRecord.describe(id: page.id, link: link, pageURL: pageURL(page.id, request)))
        } catch {
            return .error(.internalServerError, "link '\(page.id)' in the store is invalid: \(error)")
        }
    }

    func delete(_ request: HTTPRequest) -> HTTPResponse {
        guard let secret = API.secret(in: request), let page = linkRecord(request), page.secret?.matches(secret) == true else {
            return API.notFound
        }
        do {
            // Checked again on the record as it is when removed: it may have been re-made meanwhile.
            let removed = try store.remove(page.id) { LinkRecord.isLink($0) && $0.secret?.matches(secret) == true }
            return removed ? HTTPResponse(status: .noContent) : API.notFound
        } catch {
            return storeFailure(error)
        }
    }

    private func linkRecord(_ request: HTTPRequest) -> StoredPage? {
        guard let id = request.params["id"], PageID.isValid(id), let page = store.get(id), LinkRecord.isLink(page) else {
            return nil
        }
        return page
    }

    private func pageURL(_ id: String, _ request: HTTPRequest) -> String {
        links.absolute(LinkRecord.path(id), for: request)
    }

    /// `app_store_id` as a string of digits or a whole number (App Store Connect shows it as a number);
    /// `LandingLink` checks the digits and their count.
    private static func appStoreID(_ fields: inout JSONFields) -> String? {
        guard case .number(let value)? = fields.object["app_store_id"] else { return fields.string("app_store_id") }
        guard value.rounded() == value, value >= 0, value < 1e15 else {
            fields.errors.add("app_store_id", "error.format", "app_store_id is the app's App Store id, a whole number, not \(JSONValue.number(value))")
            return nil
        }
        return String(Int64(value))
    }
}
