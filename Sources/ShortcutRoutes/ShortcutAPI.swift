import ShortcutHTTP
import ShortcutJSON
import ShortcutPages
import ShortcutRecords

/// `POST/GET /api/shortcuts`, `GET/DELETE /api/shortcuts/<id>`: `ShortcutService` over HTTP. Each handler
/// decodes the request, calls the service, and encodes its answer (`API.failure` for its errors).
struct ShortcutAPI: Sendable {
    let service: ShortcutService
    let links: LinkBuilder

    func install(on server: HTTPServer, guard access: AccessGuard) {
        access.installAPI(
            [
                (.POST, "/api/shortcuts", create), (.GET, "/api/shortcuts", list), (.GET, "/api/shortcuts/:id", show),
                (.DELETE, "/api/shortcuts/:id", delete),
            ], on: server)
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
        var draft = ShortcutDraft(
            title: title ?? "", url: url ?? "", appName: fields.string("app_name"), id: fields.string("id"),
            bundleID: fields.string("bundle_id"), secret: fields.string("secret"))
        if let text = fields.string("mode") {
            draft.mode = DeliveryMode(rawValue: text)
            if draft.mode == nil { fields.errors.add("mode", "error.invalid", "mode is page or data, not '\(text.excerpt(maxBytes: 20))'") }
        }
        // Absent (not of the wrong type, which `string` reported): the service would say "empty" of the "".
        if title == nil && fields.object["title"] == nil { fields.errors.add("title", "error.required", "title is required") }
        if url == nil && fields.object["url"] == nil { fields.errors.add("url", "error.required", "url is required") }
        if let iconText = fields.string("icon") {
            do { draft.icon = try ShortcutIcon(base64OrDataURI: iconText) } catch {
                fields.errors.add(error.field, error.code, error.reason)
            }
        }
        do {
            let created = try service.create(draft, by: .anonymous, adding: fields.errors.problems)
            return API.created(describe(created.record, for: request), secret: created.secret, at: 1)
        } catch {
            return API.failure(error)
        }
    }

    func list(_ request: HTTPRequest) -> HTTPResponse {
        API.json(.array(service.list().map { describe(id: $0.id, metadata: $0.metadata, for: request) }))
    }

    func show(_ request: HTTPRequest) -> HTTPResponse {
        let id = request.params["id"] ?? ""
        guard let page = service.shortcut(id) else { return .error(.notFound, "no shortcut '\(API.shown(id))'") }
        return API.json(describe(page, for: request))
    }

    func delete(_ request: HTTPRequest) -> HTTPResponse {
        API.noContent { try service.delete(request.params["id"] ?? "", by: API.caller(of: request)) }
    }

    private func describe(_ page: StoredPage, for request: HTTPRequest) -> JSONValue {
        describe(id: page.id, metadata: page.metadata, for: request)
    }

    private func describe(id: String, metadata: [String: String], for request: HTTPRequest) -> JSONValue {
        RecordJSON.shortcut(id: id, metadata: metadata) { links.absolute($0, for: request) }
    }
}
