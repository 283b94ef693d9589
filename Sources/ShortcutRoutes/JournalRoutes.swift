import HTTPVocabulary
import ShortcutHTTP
import ShortcutJSON

/// The request journal (`RequestJournal`) for tests and debugging, on this machine only
/// (`AccessGuard.journalRefusal`):
/// - `GET /api/requests[?path=PREFIX&method=M&status=404|4xx&since=SEQ&limit=N]`: the entries, newest last,
///   and what the journal holds (`JournalJSON.listing`);
/// - `DELETE /api/requests`: forgets them all (a test's set-up);
/// - `GET /api/requests/wait?…&count=N&timeout=SECONDS`: the same filters; answers once N entries match (those
///   already kept count), or 408 with the matches so far when the timeout (default 10 s, at most 60) passes.
/// Their own answers are not journaled. With the journal off (`--journal 0`) they answer 404 saying so.
struct JournalRoutes: Sendable {
    let journal: RequestJournal?

    /// `wait`'s timeout when none is given.
    static let defaultWait: Duration = .seconds(10)

    func install(on server: HTTPServer, guard access: AccessGuard) {
        // At /api/, and again under /__admin/shortcut-serve/, which no stub can shadow (the command line's).
        for root in ["", StubServing.builtInMount] {
            server.GET[root + "/api/requests"] = { [self] request in
                access.journalRefusal(for: request) ?? withJournal { journal in list(request, journal) }
            }
            server.DELETE[root + "/api/requests"] = { [self] request in
                access.journalRefusal(for: request)
                    ?? withJournal { journal in
                        journal.clear()
                        return unjournaled(HTTPResponse(status: .noContent))
                    }
            }
            server.GET.async(root + "/api/requests/wait") { [self] request in
                if let refusal = access.journalRefusal(for: request) { return refusal }
                guard let journal else { return Self.off }
                return await wait(request, journal)
            }
        }
    }

    private func withJournal(_ body: (RequestJournal) -> HTTPResponse) -> HTTPResponse {
        guard let journal else { return Self.off }
        return body(journal)
    }

    static let off = HTTPResponse.error(.notFound, "the request journal is off (--journal 0); start the server without it to keep one")

    private func list(_ request: HTTPRequest, _ journal: RequestJournal) -> HTTPResponse {
        switch Self.filter(of: request) {
        case .failure(let refusal): return refusal.response
        case .success(let filter):
            return unjournaled(
                API.json(JournalJSON.listing(journal.entries(matching: filter), summary: journal.summary, settings: journal.settings)))
        }
    }

    private func wait(_ request: HTTPRequest, _ journal: RequestJournal) async -> HTTPResponse {
        let filter: RequestFilter
        switch Self.filter(of: request) {
        case .failure(let refusal): return refusal.response
        case .success(let found): filter = found
        }
        let count: Int
        let timeout: Duration
        switch (Self.count(in: request, limit: journal.settings.maxEntries), Self.timeout(in: request)) {
        case (.failure(let refusal), _), (_, .failure(let refusal)): return refusal.response
        case (.success(let wanted), .success(let limit)): (count, timeout) = (wanted, limit)
        }
        let summary = { journal.summary }
        switch await journal.wait(for: filter, count: count, timeout: timeout) {
        case .arrived(let found):
            return unjournaled(API.json(JournalJSON.listing(found, summary: summary(), settings: journal.settings)))
        case .timedOut(let found):
            let answer = API.json(
                JournalJSON.listing(
                    found, summary: summary(), settings: journal.settings,
                    timedOut: "\(found.count) of \(count) matching requests arrived within \(timeout.secondsText)"),
                status: .requestTimeout)
            return unjournaled(answer)
        case .tooManyWaiters:
            return .error(
                .serviceUnavailable,
                "\(RequestJournal.maxWaiters) waits on the request journal are pending already; try again when one ends")
        }
    }

    /// The journal's own answer: not journaled, and never sniffed as markup (it holds what clients sent).
    private func unjournaled(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.isJournaled = false
        response.headers["X-Content-Type-Options"] = "nosniff"
        return response
    }

    /// The filter `?path=&method=&status=&since=&limit=` asks for, or a 400 that names the bad value.
    static func filter(of request: HTTPRequest) -> Result<RequestFilter, ResponseError> {
        var filter = RequestFilter()
        for (name, value) in request.queryItems {
            switch name {
            case "path":
                guard value.hasPrefix("/") else { return .failure(bad("path must start with /: \(value.excerpt(maxBytes: 60))")) }
                filter.pathPrefix = value
            case "method":
                guard !value.isEmpty, value.utf8.count <= 32, value.utf8.allSatisfy(HTTPSyntax.isTokenByte) else {
                    return .failure(bad("method must be a method name such as GET: \(value.excerpt(maxBytes: 40))"))
                }
                filter.method = value
            case "status":
                guard let status = RequestFilter.StatusMatch(value) else {
                    return .failure(bad("status must be a code (404) or a class (4xx): \(value.excerpt(maxBytes: 40))"))
                }
                filter.status = status
            case "since":
                guard let since = UInt64(value) else {
                    return .failure(bad("since must be a sequence number (0 or more): \(value.excerpt(maxBytes: 40))"))
                }
                filter.since = since
            case "limit":
                guard let limit = Int(value), (1...RequestJournal.Settings.entriesLimit).contains(limit) else {
                    return .failure(bad("limit must be 1 to \(RequestJournal.Settings.entriesLimit): \(value.excerpt(maxBytes: 40))"))
                }
                filter.limit = limit
            case "count", "timeout":
                continue  // wait's own
            default:
                return .failure(
                    bad(
                        "unknown parameter \(name.excerpt(maxBytes: 40)); use path, method, status, since, limit (and count, timeout on /wait)"
                    ))
            }
        }
        return .success(filter)
    }

    /// `?count=` (default 1): at most what the journal keeps, since more could never be waited for.
    static func count(in request: HTTPRequest, limit: Int) -> Result<Int, ResponseError> {
        guard let text = request.queryValue("count") else { return .success(1) }
        guard let count = Int(text), (1...max(1, limit)).contains(count) else {
            return .failure(bad("count must be 1 to \(limit) (the journal keeps \(limit) requests): \(text.excerpt(maxBytes: 40))"))
        }
        return .success(count)
    }

    /// `?timeout=` in seconds (default 10; decimals allowed; at most 60).
    static func timeout(in request: HTTPRequest) -> Result<Duration, ResponseError> {
        guard let text = request.queryValue("timeout") else { return .success(defaultWait) }
        let most = RequestJournal.maxWait
        guard let seconds = Double(text), seconds.isFinite, seconds >= 0, Duration.seconds(seconds) <= most else {
            return .failure(bad("timeout must be 0 to 60 seconds: \(text.excerpt(maxBytes: 40))"))
        }
        return .success(.milliseconds(Int64((seconds * 1000).rounded())))
    }

    private static func bad(_ reason: String) -> ResponseError { ResponseError(.badRequest(reason)) }
}
