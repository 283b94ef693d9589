import ShortcutHTTP
import ShortcutJSON
import ShortcutRecords
import ShortcutStubs

/// WireMock 3's admin API for stubs, behind `/api/`'s guards (this machine, the Host and Origin rules,
/// `--expose-api`'s token) and no browser page's request (`AccessGuard.adminRefusal`, `--admin-from-browsers`):
/// - `GET /__admin/health`; `GET /__admin/mappings` (`{"mappings": [...], "meta": {"total": N}}`, in the order
///   they are tried); `POST /__admin/mappings` (201 with the mapping, its `id` and `uuid` set);
///   `GET|PUT|DELETE /__admin/mappings/{id}` (ids compare without case); `DELETE /__admin/mappings`;
///   `POST /__admin/mappings/import` (`{"mappings": [...], "importOptions": {"duplicatePolicy":
///   "OVERWRITE"|"IGNORE", "deleteAllNotInImport": bool}}`); `POST /__admin/mappings/reset` (back to the
///   `--stubs` folder's); `POST /__admin/reset` (that, and the request journal emptied);
///   `GET|POST|PUT /__admin/settings` (a global `fixedDelay` / `delayDistribution`);
///   `POST /__admin/recordings/start|stop|snapshot`, `GET /__admin/recordings/status`.
/// - A refused mapping is 422 with WireMock's error shape, naming the field:
///   `{"errors": [{"code": 10, "source": {"pointer": "/request/urlPattern"}, "title": "..."}]}`.
/// Bodies are JSON whatever `Content-Type` says (WireMock's Swift clients send none): the cross-site defence
/// here is the Origin and `Sec-Fetch-Site` guards, not a 415.
struct StubAdminAPI: Sendable {
    let stubs: StubService
    let journal: RequestJournal?
    /// Where a stub made or replaced that shadows a built-in route is said (standard error in the binary).
    var report: (@Sendable (String) -> Void)? = nil

    func install(on server: HTTPServer, guard access: AccessGuard) {
        server.GET["/__admin/health"] = StubAdminAPI.admin(access) { _ in
            Self.json(.object([("status", .string("healthy")), ("message", .string("shortcut-serve is ok"))]))
        }
        // A listing of 20,000 mappings is megabytes of JSON: made on the blocking threads, not on a loop.
        server.GET.blocking(
            "/__admin/mappings",
            StubAdminAPI.admin(access) { [stubs] _ in
                let all = stubs.all
                var members: [(String, JSONValue)] = [
                    ("mappings", .array(all.map(\.jsonValue))), ("meta", .object([("total", .number(Double(all.count)))])),
                ]
                // Ours, beside WireMock's members (clients ignore what they do not know): which stubs answer a
                // built-in route's path instead of it.
                let shadows = stubs.shadowedPaths(of: Self.builtInPaths)
                if !shadows.isEmpty {
                    members.append(
                        (
                            "shadowedRoutes",
                            .array(shadows.map { .object([("id", .string($0.id)), ("paths", .array($0.paths.map(JSONValue.string)))]) })
                        ))
                }
                return Self.json(.object(members))
            })
        server.POST.blocking(
            "/__admin/mappings",
            StubAdminAPI.admin(access) { [stubs, report] request in
                Self.withBody(request) { json throws(StubServiceError) in
                    let added = try stubs.add(json)
                    Self.sayShadows(of: added, to: report)
                    return Self.json(added.jsonValue, status: .created)
                }
            })
        server.DELETE.blocking(
            "/__admin/mappings",
            StubAdminAPI.admin(access) { [stubs] _ in
                do throws(StubServiceError) {
                    try stubs.removeAll()
                    return HTTPResponse(status: .ok)
                } catch {
                    return Self.failure(error)
                }
            })
        server.GET["/__admin/mappings/:id"] = StubAdminAPI.admin(access) { [stubs] request in
            let id = request.params["id"] ?? ""
            guard let mapping = stubs.mapping(id: id) else { return Self.failure(.notFound(id)) }
            return Self.json(mapping.jsonValue)
        }
        server.PUT.blocking(
            "/__admin/mappings/:id",
            StubAdminAPI.admin(access) { [stubs, report] request in
                Self.withBody(request) { json throws(StubServiceError) in
                    let replaced = try stubs.replace(id: request.params["id"] ?? "", with: json)
                    Self.sayShadows(of: replaced, to: report)
                    return Self.json(replaced.jsonValue)
                }
            })
        server.DELETE.blocking(
            "/__admin/mappings/:id",
            StubAdminAPI.admin(access) { [stubs] request in
                do throws(StubServiceError) {
                    try stubs.remove(id: request.params["id"] ?? "")
                    return HTTPResponse(status: .ok)
                } catch {
                    return Self.failure(error)
                }
            })
        server.POST.blocking(
            "/__admin/mappings/import",
            StubAdminAPI.admin(access) { [stubs] request in
                Self.withBody(request) { json throws(StubServiceError) in
                    try StubImport(json).apply(to: stubs)
                    return HTTPResponse(status: .ok)
                }
            })
        server.POST.blocking("/__admin/mappings/reset", StubAdminAPI.admin(access) { [stubs] _ in Self.reset(stubs) })
        server.POST.blocking(
            "/__admin/reset",
            StubAdminAPI.admin(access) { [stubs, journal] _ in
                journal?.clear()
                return Self.reset(stubs)
            })
        server.POST.blocking(
            "/__admin/mappings/remove-by-metadata",
            StubAdminAPI.admin(access) { [stubs] request in
                Self.withBody(request) { json throws(StubServiceError) in
                    let pattern: StringValuePattern
                    do throws(MappingError) {
                        pattern = try StringValuePattern.parse(json)
                    } catch {
                        throw .invalid(error)
                    }
                    try stubs.removeAll(whereMetadata: pattern)
                    return HTTPResponse(status: .ok)
                }
            })
        server.POST.blocking(
            "/__admin/mappings/save",
            StubAdminAPI.admin(access) { [stubs] _ in
                do throws(StubServiceError) {
                    try stubs.saveToFolder()
                    return HTTPResponse(status: .ok)
                } catch {
                    return .error(stubs.folder == nil ? .unprocessableContent : .internalServerError, error.description)
                }
            })
        server.GET["/__admin/scenarios"] = StubAdminAPI.admin(access) { [stubs] _ in
            let scenarios = stubs.scenarios.map { scenario -> JSONValue in
                .object([
                    ("id", .string(scenario.name)), ("name", .string(scenario.name)), ("state", .string(scenario.state)),
                    ("possibleStates", .array(scenario.possibleStates.map(JSONValue.string))),
                ])
            }
            return Self.json(.object([("scenarios", .array(scenarios))]))
        }
        server.POST["/__admin/scenarios/reset"] = StubAdminAPI.admin(access) { [stubs] _ in
            stubs.resetScenarios()
            return HTTPResponse(status: .ok)
        }
        server.PUT["/__admin/scenarios/:name/state"] = StubAdminAPI.admin(access) { [stubs] request in
            // WireMock: `{"state": "…"}`, or no body to go back to Started.
            var state: String?
            if !request.body.isEmpty {
                do {
                    guard case .string(let given)? = try JSONParser.parse(request.body)["state"] else {
                        return Self.failure(.invalid(MappingError(path: "state", reason: "expected {\"state\": \"…\"}")))
                    }
                    state = given
                } catch {
                    return .badRequest("the body is not JSON: \(error)")
                }
            }
            do throws(StubServiceError) {
                try stubs.setScenario(request.params["name"] ?? "", to: state)
                return HTTPResponse(status: .ok)
            } catch {
                return Self.failure(error)
            }
        }
        server.GET["/__admin/settings"] = StubAdminAPI.admin(access) { [stubs] _ in Self.json(stubs.settings.jsonValue) }
        let updateSettings = StubAdminAPI.admin(access) { [stubs] request in
            Self.withBody(request) { json throws(StubServiceError) in
                let settings: GlobalSettings
                do throws(MappingError) {
                    settings = try GlobalSettings.parse(json)
                } catch {
                    throw .invalid(error)
                }
                stubs.updateSettings(settings)
                // The settings now, unwrapped (clients read the answer back as a settings object).
                guard case .object(let wrapped) = settings.jsonValue, let inner = wrapped.first?.1 else { return Self.json(.object([])) }
                return Self.json(inner)
            }
        }
        server.POST["/__admin/settings"] = updateSettings
        server.PUT["/__admin/settings"] = updateSettings
        server.POST.blocking(
            "/__admin/recordings/start",
            StubAdminAPI.admin(access) { [stubs] request in
                Self.withBody(request) { json throws(StubServiceError) in
                    try stubs.startRecording(json)
                    return HTTPResponse(status: .ok)
                }
            })
        server.POST.blocking(
            "/__admin/recordings/stop",
            StubAdminAPI.admin(access) { [stubs] _ in
                do throws(StubServiceError) {
                    return Self.recorded(try stubs.stopRecording())
                } catch {
                    return Self.failure(error)
                }
            })
        server.POST.blocking(
            "/__admin/recordings/snapshot",
            StubAdminAPI.admin(access) { [stubs] request in
                // WireMock takes no body as the defaults.
                let body = request.body.isEmpty ? Array("{}".utf8) : request.body
                var withBody = request
                withBody.body = body
                return Self.withBody(withBody) { json throws(StubServiceError) in Self.recorded(try stubs.snapshot(json)) }
            })
        server.GET["/__admin/recordings/status"] = StubAdminAPI.admin(access) { [stubs] _ in
            Self.json(.object([("status", .string(stubs.recorder.status.rawValue))]))
        }
        // WireMock's other admin endpoints (scenarios, settings, recordings …): a clear 501, not a 404 that a
        // client reads as "no such mapping".
        server["/__admin/**"] = StubAdminAPI.admin(access) { request in
            .error(
                HTTPStatus(501),
                "\(request.method) \(request.path.prefix(120)) is not implemented by shortcut-serve yet (see docs/stubs.md)")
        }
    }

    /// A path of each built-in route a stub could shadow (stubs are asked first): what `shadowedRoutes` and
    /// the start's warning test each stub's URL matcher against.
    static let builtInPaths = [
        "/", "/s", "/s/demo", "/p/demo", "/v3/demo", "/w/demo.mobileconfig", "/qr/demo.svg", "/open/demo", "/probe",
        "/.well-known/apple-app-site-association", "/.well-known/assetlinks.json", "/apple-app-site-association",
        "/api/shortcuts", "/api/mock", "/api/links", "/api/links/match", "/api/requests", "/api/probes", "/api/problems",
    ]

    /// Says, when `mapping` answers a built-in route's path, which: allowed (an app's own `/api/…`), but the
    /// user should know that `/s` or `/api/mock` is now the stub's.
    static func sayShadows(of mapping: StubMapping, to report: (@Sendable (String) -> Void)?) {
        guard let report else { return }
        let paths = mapping.takesURLs(of: builtInPaths)
        guard !paths.isEmpty else { return }
        report("stubs: \(mapping.id) answers \(paths.joined(separator: ", ")) instead of the built-in route (stubs are tried first)")
    }

    /// `handler` behind the admin API's guards (`AccessGuard.adminRefusal`: the API's, and no browser page),
    /// its answers left out of the request journal (WireMock logs no admin call, and a test counting its
    /// app's requests must not count its own set-up).
    static func admin(_ access: AccessGuard, _ handler: @escaping HTTPHandler) -> HTTPHandler {
        { request in StubRequestsAPI.unjournaled(access.adminRefusal(for: request) ?? handler(request)) }
    }

    /// `handler` of a route that reads or clears the request journal, behind the journal's guard as well
    /// (`AccessGuard.adminJournalRefusal`): what `/api/requests` refuses, `/__admin/requests` refuses too.
    static func journalAdmin(_ access: AccessGuard, _ handler: @escaping HTTPHandler) -> HTTPHandler {
        { request in StubRequestsAPI.unjournaled(access.adminJournalRefusal(for: request) ?? handler(request)) }
    }

    /// Back to the folder's stubs; 200, or 500 naming the files that could not be read again.
    private static func reset(_ stubs: StubService) -> HTTPResponse {
        let problems = stubs.reset()
        guard !problems.isEmpty else { return HTTPResponse(status: .ok) }
        return .error(.internalServerError, "reset, but some mapping files could not be read: " + problems.joined(separator: "; "))
    }

    /// `body`'s answer to the request's JSON body, or the answer to its failure.
    private static func withBody(_ request: HTTPRequest, _ body: (JSONValue) throws(StubServiceError) -> HTTPResponse) -> HTTPResponse {
        let json: JSONValue
        do {
            json = try JSONParser.parse(request.body)
        } catch {
            return .badRequest("the body is not JSON: \(error.description)")
        }
        do {
            return try body(json)
        } catch {
            return failure(error)
        }
    }

    /// WireMock's answer to a recording's stop or a snapshot: `{"mappings": [...]}`, or `{"ids": [...]}`
    /// with `outputFormat: IDS`.
    static func recorded(_ result: RecordingResult) -> HTTPResponse {
        if result.idsOnly {
            return json(.object([("ids", .array(result.mappings.map { $0["id"] ?? .null }))]))
        }
        return json(.object([("mappings", .array(result.mappings))]))
    }

    static func json(_ value: JSONValue, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Array(value.description.utf8))
    }

    /// A refusal in WireMock's error shape (422 and 409 with `errors`; 404 with a reason).
    static func failure(_ error: StubServiceError) -> HTTPResponse {
        switch error {
        case .notFound: return .error(.notFound, error.description)
        case .conflict: return errors(error.description, pointer: "/id", status: .conflict)
        case .invalid(let mapping): return errors(error.description, pointer: pointer(mapping.path), status: .unprocessableContent)
        case .full: return errors(error.description, pointer: "", status: .unprocessableContent)
        case .recording: return .error(.conflict, error.description)
        case .bodyFile, .store: return .error(.internalServerError, error.description)
        }
    }

    private static func errors(_ title: String, pointer: String, status: HTTPStatus) -> HTTPResponse {
        let entry = JSONValue.object([
            ("code", .number(10)), ("source", .object([("pointer", .string(pointer))])), ("title", .string(title)),
        ])
        return json(.object([("errors", .array([entry]))]), status: status)
    }

    /// A JSON pointer for a mapping's field path (`request.headers.Accept` → `/request/headers/Accept`,
    /// `request.bodyPatterns[0]` → `/request/bodyPatterns/0`).
    static func pointer(_ path: String) -> String {
        guard !path.isEmpty else { return "" }
        var out = ""
        for part in path.split(separator: ".", omittingEmptySubsequences: false) {
            var text = Substring(part)
            while let open = text.firstIndex(of: "[") {
                out += "/" + text[..<open]
                guard let close = text[open...].firstIndex(of: "]") else { break }
                text = text[text.index(after: open)..<close] + "." + text[text.index(after: close)...]
                if let dot = text.firstIndex(of: ".") {
                    out += "/" + text[..<dot]
                    text = text[text.index(after: dot)...]
                }
            }
            if !text.isEmpty { out += "/" + text }
        }
        return out
    }
}

/// `POST /__admin/mappings/import`'s body: the mappings and WireMock's import options.
struct StubImport {
    let mappings: [JSONValue]
    let overwrite: Bool
    let deleteAllNotInImport: Bool

    init(_ json: JSONValue) throws(StubServiceError) {
        guard case .array(let mappings)? = json["mappings"] else {
            throw .invalid(MappingError(path: "mappings", reason: "an import needs a \"mappings\" array"))
        }
        self.mappings = mappings
        var overwrite = true
        var deleteAll = false
        if let options = json["importOptions"] {
            switch options["duplicatePolicy"] {
            case nil, .string("OVERWRITE")?: overwrite = true
            case .string("IGNORE")?: overwrite = false
            case let other?:
                throw .invalid(MappingError(path: "importOptions.duplicatePolicy", reason: "expected OVERWRITE or IGNORE, got \(other)"))
            }
            switch options["deleteAllNotInImport"] {
            case nil, .bool(false)?: deleteAll = false
            case .bool(true)?: deleteAll = true
            case let other?:
                throw .invalid(MappingError(path: "importOptions.deleteAllNotInImport", reason: "expected a boolean, got \(other)"))
            }
        }
        self.overwrite = overwrite
        deleteAllNotInImport = deleteAll
    }

    /// Imports the mappings, all or nothing (`StubService.importMappings`).
    func apply(to stubs: StubService) throws(StubServiceError) {
        try stubs.importMappings(mappings, overwrite: overwrite, deleteAllNotInImport: deleteAllNotInImport)
    }
}
