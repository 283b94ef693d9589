import ShortcutHTTP
import ShortcutJSON
import ShortcutPages
import ShortcutPlatform
import ShortcutRecords

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// mocky's API on the local store, so scripts written for mocky.io work against localhost: create, read,
/// update, delete, check a secret, stats, list. `MockService` over HTTP: each handler decodes the request,
/// calls the service, and encodes its answer (`API.failure` for its errors).
struct MockAPI: Sendable {
    let service: MockService
    let links: LinkBuilder

    func install(on server: HTTPServer, guard access: AccessGuard) {
        access.installAPI(
            [
                (.POST, "/api/mock", create), (.GET, "/api/mock", list), (.GET, "/api/mock/:id", show), (.PUT, "/api/mock/:id", update),
                (.DELETE, "/api/mock/:id", delete), (.GET, "/api/mock/:id/stats", stats), (.POST, "/api/mock/:id/check", check),
            ], on: server)
    }

    func create(_ request: HTTPRequest) -> HTTPResponse {
        do {
            let value = try API.body(of: request).get()
            let (draft, errors) = MockPayload.decode(value, now: Date())
            let created = try service.create(draft, by: .anonymous, adding: errors.problems)
            let body = RecordJSON.createdMock(created.record, secret: created.secret, casing: .mocky) { links.absolute($0, for: request) }
            return API.json(body, status: .created)
        } catch {
            return API.failure(error)
        }
    }

    func show(_ request: HTTPRequest) -> HTTPResponse {
        let page: StoredPage
        do {
            page = try service.record(request.params["id"] ?? "")
        } catch {
            return API.failure(error)
        }
        return API.json(RecordJSON.mock(page, casing: .mocky))
    }

    func stats(_ request: HTTPRequest) -> HTTPResponse {
        let stats: PageStats
        do {
            stats = try service.stats(request.params["id"] ?? "")
        } catch {
            return API.failure(error)
        }
        return API.json(
            .object([
                ("createdAt", .string(ISO8601.string(stats.createdAt))),
                ("lastAccessAt", stats.lastAccessAt.map { .string(ISO8601.string($0)) } ?? .null),
                ("totalAccess", .number(Double(stats.totalAccess))),
            ]))
    }

    func update(_ request: HTTPRequest) -> HTTPResponse {
        let id = request.params["id"] ?? ""
        let caller = API.caller(of: request)
        return API.noContent {
            // As mocky: an unknown id or a missing or wrong secret is 404 whatever else is wrong with the body.
            try service.authoriseUpdate(id, by: caller)
            let (draft, errors) = MockPayload.decode(try API.body(of: request).get(), now: Date())
            try service.update(id, with: draft, by: caller, adding: errors.problems)
        }
    }

    func delete(_ request: HTTPRequest) -> HTTPResponse {
        API.noContent { try service.delete(request.params["id"] ?? "", by: API.caller(of: request)) }
    }

    func check(_ request: HTTPRequest) -> HTTPResponse {
        do {
            return API.json(.bool(try service.mayChange(request.params["id"] ?? "", by: API.caller(of: request))))
        } catch {
            return API.failure(error)
        }
    }

    func list(_ request: HTTPRequest) -> HTTPResponse {
        let items = service.list().map { RecordJSON.listEntry($0, casing: .mocky) { links.absolute($0, for: request) } }
        return API.json(.array(items))
    }
}

/// The answer to a store failure: 404 for a record gone or not ours (`API.notFound`), 409 for a taken id,
/// 400 for an invalid one, 413 for a record over the store's size limit, 503 for a store that cannot be
/// written (read-only), 507 for a full disk or quota, 500 with the cause otherwise.
func storeFailure(_ error: any Error, secretChecked: Bool) -> HTTPResponse {
    switch error {
    case PageStoreError.notFound(let id):
        return API.notFound(id, secretChecked: secretChecked)
    case PageStoreError.readOnly:
        return .error(.serviceUnavailable, "\(error)")
    case PageStoreError.io(_, let code) where code == Errno.readOnlyFileSystem:
        return .error(.serviceUnavailable, "the store is read-only: \(error)")
    case PageStoreError.io(_, let code) where code == Errno.noSpace || code == Errno.diskQuotaExceeded:
        return .error(HTTPStatus(code: 507, reasonPhrase: "Insufficient Storage"), "the store is full: \(error)")
    case PageStoreError.recordTooLarge:
        return .error(.contentTooLarge, "\(error)")
    case PageStoreError.alreadyExists, PageStoreError.idTakenInOtherCase:
        // The store's own words, as the command line prints them: one message for a taken id everywhere.
        return API.problems([FieldProblem(field: "id", code: "error.exists", reason: "\(error)")], status: HTTPStatus(409))
    case PageStoreError.invalidID(let id):
        return .badRequest(PageID.problem(id) ?? "invalid id")
    default:
        return .error(.internalServerError, "the store failed: \(error)")
    }
}
