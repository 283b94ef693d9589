import ShortcutHTTP
import ShortcutJSON
import ShortcutLinks
import ShortcutRecords

/// `POST/GET /api/links`, `GET/DELETE /api/links/<id>`: `LinkService` over HTTP, in the shortcut API's
/// conventions (loopback only, 422 with a reason per field, 409 for a taken id, a secret to delete). Each
/// handler decodes the request, calls the service, and encodes its answer (`API.failure` for its errors).
struct LinksAPI: Sendable {
    let service: LinkService
    let links: LinkBuilder

    func install(on server: HTTPServer, guard access: AccessGuard) {
        access.installAPI(
            [
                (.POST, "/api/links", create), (.GET, "/api/links", list), (.GET, "/api/links/:id", show),
                (.DELETE, "/api/links/:id", delete),
            ], on: server)
    }

    func create(_ request: HTTPRequest) -> HTTPResponse {
        do {
            var fields = JSONFields(try API.body(of: request).get())
            var named: [String: String] = [:]
            for name in LandingLink.Fields.names where name != "app_store_id" { named[name] = fields.string(name) }
            named["app_store_id"] = Self.appStoreID(&fields)
            let draft = LinkDraft(fields: LandingLink.Fields(named: named), id: fields.string("id"), secret: fields.string("secret"))
            let created = try service.create(draft, by: .anonymous, adding: fields.errors.problems)
            return API.created(describe(created.stored, for: request), secret: created.secret, at: 2)
        } catch {
            return API.failure(error)
        }
    }

    func list(_ request: HTTPRequest) -> HTTPResponse {
        // A record that no longer passes the checks (edited by hand) is left out here and reported by
        // GET /api/links/<id> and /open/<id>.
        API.json(.array(service.list().map { describe($0, for: request) }))
    }

    func show(_ request: HTTPRequest) -> HTTPResponse {
        do {
            return API.json(describe(try service.link(request.params["id"] ?? ""), for: request))
        } catch {
            return API.failure(error)
        }
    }

    func delete(_ request: HTTPRequest) -> HTTPResponse {
        API.noContent { try service.delete(request.params["id"] ?? "", by: API.caller(of: request)) }
    }

    private func describe(_ stored: StoredLink, for request: HTTPRequest) -> JSONValue {
        RecordJSON.link(stored) { links.absolute($0, for: request) }
    }

    /// `app_store_id` as a string of digits or a whole number (App Store Connect shows it as a number);
    /// `LandingLink` checks the digits and their count.
    private static func appStoreID(_ fields: inout JSONFields) -> String? {
        guard case .number(let value)? = fields.object["app_store_id"] else { return fields.string("app_store_id") }
        guard value.rounded() == value, value >= 0, value < 1e15 else {
            fields.errors.add(
                "app_store_id", "error.format", "app_store_id is the app's App Store id, a whole number, not \(JSONValue.number(value))")
            return nil
        }
        return String(Int64(value))
    }
}
