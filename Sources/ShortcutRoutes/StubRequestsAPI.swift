import HTTPVocabulary
import ShortcutHTTP
import ShortcutJSON
import ShortcutRecords
import ShortcutStubs

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// WireMock 3's request log and near misses, over the request journal (`--journal`, its bounds) and behind
/// `/__admin/`'s guards:
/// - `GET /__admin/requests` (`{"requests": [serve events], "meta": {"total": N}, "requestJournalDisabled":
///   false}`, newest first), `DELETE /__admin/requests`, `POST /__admin/requests/count` (a request pattern →
///   `{"count": N}`), `POST /__admin/requests/find` (→ `{"requests": [logged requests]}`),
///   `GET /__admin/requests/unmatched` (the requests no stub or route answered);
/// - `POST /__admin/near-misses/request` (a logged request → the stubs nearest it), `POST
///   /__admin/near-misses/request-pattern` (a pattern → the logged requests nearest it), `GET
///   /__admin/requests/unmatched/near-misses`.
/// Every route that reads or clears the journal is behind the journal's own guard (`/api/requests`'s: this
/// machine only, never a forwarded request, even with `--expose-api`). Admin calls are not journaled (WireMock logs none). A journal keeps bodies only with `--journal-bodies N`
/// (default 0): without it a `bodyPatterns` criterion sees an empty body; `Authorization` and `Cookie` are
/// kept redacted unless `--journal-secrets`.
package struct StubRequestsAPI: Sendable {
    let stubs: StubService
    let journal: RequestJournal?

    func install(on server: HTTPServer, guard access: AccessGuard) {
        // Listings and searches of the journal (megabytes of JSON, a near-miss report per entry) are made on
        // the blocking threads, not on a loop.
        server.GET.blocking(
            "/__admin/requests",
            StubAdminAPI.journalAdmin(access) { [self] request in
                withJournal { journal in
                    var entries = Array(journal.entries().filter(Self.isApp).reversed())
                    if let since = request.queryValue("since") {
                        let date: Date
                        do {
                            date = try Date(since, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: since.contains(".")))
                        } catch {
                            return .badRequest("since is an ISO 8601 time (2026-11-27T10:00:00Z), not '\(since.prefix(64))'")
                        }
                        entries = entries.filter { $0.time >= date }
                    }
                    if let limit = request.queryValue("limit") {
                        guard let count = Int(limit), count >= 0 else {
                            return .badRequest("limit is a count of requests, not '\(limit.prefix(32))'")
                        }
                        entries = Array(entries.prefix(count))
                    }
                    let events = entries.map(Self.serveEvent)
                    return Self.json(
                        .object([
                            ("requests", .array(events)), ("meta", .object([("total", .number(Double(events.count)))])),
                            ("requestJournalDisabled", .bool(false)),
                        ]))
                }
            })
        server.DELETE["/__admin/requests"] = StubAdminAPI.journalAdmin(access) { [self] _ in
            withJournal { journal in
                journal.clear()
                return Self.unjournaled(HTTPResponse(status: .ok))
            }
        }
        server.GET["/__admin/requests/:id"] = StubAdminAPI.journalAdmin(access) { [self] request in
            withJournal { journal in
                let id = request.params["id"] ?? ""
                guard let entry = journal.entries().first(where: { UUIDText.make(from: $0.sequence) == id.lowercased() }) else {
                    return .error(.notFound, "no logged request with id \(id.prefix(64))")
                }
                return Self.json(Self.serveEvent(entry))
            }
        }
        server.POST["/__admin/requests/reset"] = StubAdminAPI.journalAdmin(access) { [self] _ in
            withJournal { journal in
                journal.clear()
                return HTTPResponse(status: .ok)
            }
        }
        server.POST.blocking(
            "/__admin/requests/count",
            StubAdminAPI.journalAdmin(access) { [self] request in
                withPattern(request) { pattern, _, journal in
                    let count = journal.entries().filter(Self.isApp).filter { pattern.matches(Self.stubRequest($0)) }.count
                    return Self.json(.object([("count", .number(Double(count)))]))
                }
            })
        server.POST.blocking(
            "/__admin/requests/find",
            StubAdminAPI.journalAdmin(access) { [self] request in
                withPattern(request) { pattern, _, journal in
                    let found = journal.entries().filter(Self.isApp).filter { pattern.matches(Self.stubRequest($0)) }
                    return Self.json(.object([("requests", .array(found.map(Self.loggedRequest)))]))
                }
            })
        server.GET.blocking(
            "/__admin/requests/unmatched",
            StubAdminAPI.journalAdmin(access) { [self] _ in
                withJournal { journal in
                    Self.json(.object([("requests", .array(journal.entries().filter(Self.isUnmatched).map(Self.loggedRequest)))]))
                }
            })
        server.GET.blocking(
            "/__admin/requests/unmatched/near-misses",
            StubAdminAPI.journalAdmin(access) { [self] _ in
                withJournal { journal in
                    let misses = journal.entries().filter(Self.isUnmatched).flatMap { entry -> [JSONValue] in
                        guard case .array(let list)? = stubs.nearMisses(for: Self.stubRequest(entry)).jsonValue()["nearMisses"] else {
                            return []
                        }
                        return list
                    }
                    return Self.json(.object([("nearMisses", .array(misses))]))
                }
            })
        server.POST["/__admin/near-misses/request"] = StubAdminAPI.admin(access) { [stubs] request in
            let json: JSONValue
            do throws(JSONParser.Failure) {
                json = try JSONParser.parse(request.body)
            } catch {
                return .badRequest("the body is not JSON: \(error.description)")
            }
            guard let logged = Self.stubRequest(loggedRequest: json) else {
                return StubAdminAPI.failure(.invalid(MappingError(path: "url", reason: "a logged request needs \"url\" and \"method\"")))
            }
            return Self.json(stubs.nearMisses(for: logged).jsonValue())
        }
        server.POST.blocking(
            "/__admin/near-misses/request-pattern",
            StubAdminAPI.journalAdmin(access) { [self] request in
                withPattern(request) { pattern, patternJSON, journal in
                    let ranked = journal.entries().filter(Self.isApp).map { entry in (entry, pattern.match(Self.stubRequest(entry))) }
                        .filter { !$0.1.isMatch }.sorted { $0.1.distance < $1.1.distance }.prefix(NearMissReport.defaultCount)
                    let misses = ranked.map { entry, report -> JSONValue in
                        .object([
                            ("request", Self.loggedRequest(entry)), ("requestPattern", patternJSON),
                            ("matchResult", .object([("distance", .number(report.distance))])),
                        ])
                    }
                    return Self.json(.object([("nearMisses", .array(Array(misses)))]))
                }
            })
    }

    /// Whether the entry is a request to the app: anything but the admin API (`/api/…` included, which stubs may answer).
    static func isApp(_ entry: RecordedRequest) -> Bool { !StubServing.isReserved(entry.path) }

    /// Whether no stub and no route answered the entry (the near-miss 404).
    static func isUnmatched(_ entry: RecordedRequest) -> Bool { isApp(entry) && entry.route == nil && entry.status == 404 }

    private func withJournal(_ body: (RequestJournal) -> HTTPResponse) -> HTTPResponse {
        guard let journal else {
            return Self.unjournaled(.error(.notFound, "the request journal is off (--journal 0): start the server with --journal N"))
        }
        return Self.unjournaled(body(journal))
    }

    private func withPattern(_ request: HTTPRequest, _ body: (RequestPattern, JSONValue, RequestJournal) -> HTTPResponse) -> HTTPResponse {
        withJournal { journal in
            let json: JSONValue
            do throws(JSONParser.Failure) {
                json = try JSONParser.parse(request.body)
            } catch {
                return .badRequest("the body is not JSON: \(error.description)")
            }
            let pattern: RequestPattern
            do throws(MappingError) {
                pattern = try RequestPattern.parse(json)
            } catch {
                return StubAdminAPI.failure(.invalid(error))
            }
            return body(pattern, json, journal)
        }
    }

    static func unjournaled(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.isJournaled = false
        return response
    }

    static func json(_ value: JSONValue) -> HTTPResponse { StubAdminAPI.json(value) }

    /// The journal's entry as the matcher reads it (also what `EmbeddedServer.verify` matches).
    package static func stubRequest(_ entry: RecordedRequest) -> StubRequest {
        var request = StubRequest(
            method: entry.method, target: entry.target, headers: entry.headers.map { ($0.name, $0.value) }, body: entry.body ?? [])
        // A body the journal did not keep, or kept only the start of, is said as such, never judged as empty.
        request.isBodyKept = entry.requestBytes == 0 || (entry.body != nil && !entry.isBodyCut)
        return request
    }

    /// A logged request sent to `near-misses/request`, as the matcher reads it.
    static func stubRequest(loggedRequest json: JSONValue) -> StubRequest? {
        guard case .string(let url)? = json["url"], case .string(let method)? = json["method"] else { return nil }
        var headers: [(String, String)] = []
        if case .object(let members)? = json["headers"] {
            for (name, value) in members {
                switch value {
                case .string(let text): headers.append((name, text))
                case .array(let values): for case .string(let text) in values { headers.append((name, text)) }
                default: continue
                }
            }
        }
        var body: [UInt8] = []
        if case .string(let text)? = json["body"] { body = Array(text.utf8) }
        return StubRequest(method: method, target: url, headers: headers, body: body)
    }

    /// WireMock's `LoggedRequest`: `url`, `absoluteUrl`, `method`, `clientIp`, `headers` (a name → string map),
    /// `body`, `bodyAsBase64`, `loggedDate` (ms), `loggedDateString`, `browserProxyRequest`.
    static func loggedRequest(_ entry: RecordedRequest) -> JSONValue {
        var query: [(String, JSONValue)] = []
        for item in StubRequest(method: entry.method, target: entry.target, headers: []).queryParameters {
            if let index = query.firstIndex(where: { $0.0 == item.name }), case .object(let members) = query[index].1,
                case .array(let values)? = JSONValue.object(members)["values"]
            {
                query[index].1 = .object([("key", .string(item.name)), ("values", .array(values + [.string(item.value)]))])
            } else {
                query.append((item.name, .object([("key", .string(item.name)), ("values", .array([.string(item.value)]))])))
            }
        }
        var headers: [(String, JSONValue)] = []
        for field in entry.headers where !headers.contains(where: { $0.0.equalsIgnoringASCIICase(field.name) }) {
            headers.append(
                (
                    field.name,
                    .string(entry.headers.filter { $0.name.equalsIgnoringASCIICase(field.name) }.map(\.value).joined(separator: ", "))
                ))
        }
        let host = entry.header("Host") ?? "localhost"
        let body = entry.body ?? []
        return .object([
            ("url", .string(entry.target)), ("absoluteUrl", .string("http://" + host + entry.target)), ("method", .string(entry.method)),
            ("clientIp", .string(entry.peer)), ("headers", .object(headers)), ("queryParams", .object(query)),
            ("queryParameters", .object(query)), ("body", .string(String(decoding: body, as: UTF8.self))),
            ("bodyAsBase64", .string(Data(body).base64EncodedString())),
            ("loggedDate", .number((entry.time.timeIntervalSince1970 * 1000).rounded())),
            ("loggedDateString", .string(ISO8601.string(entry.time))),
            ("browserProxyRequest", .bool(false)),
        ])
    }

    /// WireMock's serve event: the logged request, whether a stub answered, and its response's status.
    static func serveEvent(_ entry: RecordedRequest) -> JSONValue {
        let stubID = entry.route.flatMap { $0.hasPrefix("stub ") ? String($0.dropFirst(5)) : nil }
        var members: [(String, JSONValue)] = [
            ("id", .string(UUIDText.make(from: entry.sequence))), ("request", loggedRequest(entry)),
            ("responseDefinition", .object([("status", .number(Double(entry.status)))])),
            ("response", .object([("status", .number(Double(entry.status)))])), ("wasMatched", .bool(entry.route != nil)),
        ]
        if let stubID { members.append(("stubMapping", .object([("id", .string(stubID)), ("uuid", .string(stubID))]))) }
        return .object(members)
    }
}

/// A UUID-shaped id for a journal entry (WireMock's serve events have UUIDs): its sequence number in the last
/// 12 hex digits, so ids are stable for the entry and tell its order.
enum UUIDText {
    static func make(from sequence: UInt64) -> String {
        let hex = String(sequence, radix: 16)
        return "00000000-0000-4000-8000-" + String(repeating: "0", count: max(0, 12 - hex.count)) + hex.suffix(12)
    }
}
