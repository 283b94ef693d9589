#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ShortcutHTTP
import ShortcutJSON
import ShortcutPlatform
import ShortcutStore


/// mocky's API on the local store, so scripts written for mocky.io work against localhost:
/// create, read, update, delete, check a secret, stats, list.
struct MockAPI: Sendable {
    let store: PageStore
    let links: LinkBuilder

    func install(on server: HTTPServer, guard hostGuard: HostGuard) {
        server.POST["/api/mock"] = hostGuard.guardingAPI(create)
        server.GET["/api/mock"] = hostGuard.guardingAPI(list)
        server.GET["/api/mock/:id"] = hostGuard.guardingAPI(show)
        server.PUT["/api/mock/:id"] = hostGuard.guardingAPI(update)
        server.DELETE["/api/mock/:id"] = hostGuard.guardingAPI(delete)
        server.GET["/api/mock/:id/stats"] = hostGuard.guardingAPI(stats)
        server.POST["/api/mock/:id/check"] = hostGuard.guardingAPI(check)
    }

    func create(_ request: HTTPRequest) -> HTTPResponse {
        let payload: MockPayload
        switch API.body(of: request).map(MockPayload.parse) {
        case .failure(let error): return error.response
        case .success(.failure(let errors)): return errors.response
        case .success(.success(let parsed)): payload = parsed
        }
        if let id = payload.id, let problem = API.reservedIDProblem(id) {
            var errors = FieldErrors()
            errors.add("id", "error.reserved", problem)
            return errors.response
        }
        let secret = payload.secret ?? PageID.generate()
        let now = Date()
        let page = StoredPage(
            id: payload.id ?? PageID.generate(), name: payload.name, status: payload.status,
            contentType: payload.contentType, charset: payload.charset, headers: payload.headers,
            body: Array(payload.content.utf8), secret: .make(secret), createdAt: now,
            expiresAt: payload.expiration.date(from: now), metadata: ["kind": "mock"])
        do {
            let stored = try store.create(page)
            return API.json(.object([
                ("id", .string(stored.id)), ("secret", .string(secret)),
                ("expireAt", stored.expiresAt.map { .string(ISO8601.string($0)) } ?? .null),
                ("link", .string(links.absolute("/v3/\(stored.id)", for: request))),
            ]), status: .created)
        } catch {
            return storeFailure(error)
        }
    }

    func show(_ request: HTTPRequest) -> HTTPResponse {
        guard let page = page(request) else { return API.notFound }
        return API.json(.object([
            ("content", .string(String(decoding: page.body, as: UTF8.self))), ("status", .number(Double(page.status))),
            ("contentType", .string(page.contentType)), ("charset", .string(page.charset)),
            ("headers", .object(page.headers.map { ($0.name, .string($0.value)) })),
            ("name", .string(page.name)), ("expireAt", page.expiresAt.map { .string(ISO8601.string($0)) } ?? .null),
        ]))
    }

    func stats(_ request: HTTPRequest) -> HTTPResponse {
        guard let page = page(request), let stats = store.stats(page.id) else { return API.notFound }
        return API.json(.object([
            ("createdAt", .string(ISO8601.string(stats.createdAt))),
            ("lastAccessAt", stats.lastAccessAt.map { .string(ISO8601.string($0)) } ?? .null),
            ("totalAccess", .number(Double(stats.totalAccess))),
        ]))
    }

    func update(_ request: HTTPRequest) -> HTTPResponse {
        // As mocky: an unknown id or a missing or wrong secret is 404 whatever else is wrong with the body.
        guard let secret = API.secret(in: request), let page = page(request), page.secret?.matches(secret) == true else {
            return API.notFound
        }
        // A shortcut's body is the page its template made, served at /p/<id> outside the sandbox of
        // /v3/ (same origin as /api/): it must stay that page, not become whatever a PUT sends.
        if ShortcutRecord.isShortcut(page) {
            return API.json(.object([("errors", .object([(".id", .string("error.kind"))])),
                                     ("reasons", .object([(".id", .string("'\(page.id)' is a shortcut, which /api/mock does not change; delete it and make it again with POST /api/shortcuts"))]))]),
                            status: HTTPStatus(409))
        }
        let payload: MockPayload
        switch API.body(of: request).map(MockPayload.parse) {
        case .failure(let error): return error.response
        case .success(.failure(let errors)): return errors.response
        case .success(.success(let parsed)): payload = parsed
        }
        let now = Date()
        do {
            // Applied to the record as it is on disk under the store's locks: a DELETE answered meanwhile
            // makes this a 404 that writes nothing, and the secret and the kind are checked again on that
            // very version (the id may have been made again since, as a shortcut: then there is no such mock).
            try store.update(page.id) { (stored: inout StoredPage) throws(PageStoreError) in
                guard stored.secret?.matches(secret) == true, !ShortcutRecord.isShortcut(stored) else {
                    throw PageStoreError.notFound(stored.id)
                }
                stored.name = payload.name
                stored.status = payload.status
                stored.contentType = payload.contentType
                stored.charset = payload.charset
                stored.headers = payload.headers
                stored.body = Array(payload.content.utf8)
                stored.expiresAt = payload.expiration.date(from: now)
            }
            return HTTPResponse(status: .noContent)
        } catch {
            return storeFailure(error)
        }
    }

    func delete(_ request: HTTPRequest) -> HTTPResponse {
        guard let secret = API.secret(in: request), let page = page(request), page.secret?.matches(secret) == true else {
            return API.notFound
        }
        do {
            // The secret is checked again on the record as it is when removed (it may have been re-made).
            let removed = try store.remove(page.id) { $0.secret?.matches(secret) == true }
            return removed ? HTTPResponse(status: .noContent) : API.notFound
        } catch {
            return storeFailure(error)
        }
    }

    func check(_ request: HTTPRequest) -> HTTPResponse {
        guard let page = page(request) else { return API.notFound }
        let matches = API.secret(in: request).map { page.secret?.matches($0) == true } ?? false
        return API.json(.bool(matches))
    }

    func list(_ request: HTTPRequest) -> HTTPResponse {
        let items: [JSONValue] = store.list().map { summary in
            .object([
                ("id", .string(summary.id)), ("name", .string(summary.name)), ("status", .number(Double(summary.status))),
                ("contentType", .string(summary.contentType)), ("size", .number(Double(summary.size))),
                ("kind", .string(summary.metadata["kind"] ?? "mock")),
                ("createdAt", .string(ISO8601.string(summary.createdAt))),
                ("link", .string(links.absolute("/v3/\(summary.id)", for: request))),
            ])
        }
        return API.json(.array(items))
    }

    /// The record named by the route's `:id`, if it exists and has not expired.
    private func page(_ request: HTTPRequest) -> StoredPage? {
        guard let id = request.params["id"], PageID.isValid(id) else { return nil }
        return store.get(id)
    }
}

/// The answer to a store failure: 404 (empty, as mocky) for a record gone or not ours, 409 for a taken id,
/// 400 for an invalid one, 413 for a record over the store's size limit, 503 for a store that cannot be
/// written (read-only), 507 for a full disk or quota, 500 with the cause otherwise.
func storeFailure(_ error: any Error) -> HTTPResponse {
    switch error {
    case PageStoreError.notFound:
        return API.notFound
    case PageStoreError.readOnly:
        return .error(.serviceUnavailable, "\(error)")
    case PageStoreError.io(_, let code) where code == Errno.readOnlyFileSystem:
        return .error(.serviceUnavailable, "the store is read-only: \(error)")
    case PageStoreError.io(_, let code) where code == Errno.noSpace || code == Errno.diskQuotaExceeded:
        return .error(HTTPStatus(code: 507, reasonPhrase: "Insufficient Storage"), "the store is full: \(error)")
    case PageStoreError.recordTooLarge:
        return .error(.contentTooLarge, "\(error)")
    case PageStoreError.alreadyExists(let id):
        return API.json(.object([("errors", .object([(".id", .string("error.exists"))])),
                                 ("reasons", .object([(".id", .string("id '\(id)' is taken"))]))]), status: HTTPStatus(409))
    case PageStoreError.idTakenInOtherCase(let id, let existing):
        return API.json(.object([("errors", .object([(".id", .string("error.exists"))])),
                                 ("reasons", .object([(".id", .string("id '\(id)' is taken by '\(existing)' (ids ignore case)"))]))]),
                        status: HTTPStatus(409))
    case PageStoreError.invalidID(let id):
        return .badRequest("invalid id '\(id.excerpt(maxBytes: 80))': use 1–64 characters of A-Z a-z 0-9 _ -")
    default:
        return .error(.internalServerError, "the store failed: \(error)")
    }
}

/// ISO 8601 timestamps with milliseconds, UTC.
enum ISO8601 {
    static func string(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
