import ShortcutHTTP
import ShortcutJSON

/// `GET /api/problems`: what is damaged in the store now (records, stats files, foreign files), one line
/// each with what clears it, as `{"count": N, "problems": ["…", …]}`. Behind the API's guards (this machine,
/// the Host and Origin rules, `--expose-api`'s token): the lines name the store's paths.
///
/// Lists what the running server knows: records found damaged at start or since, when read. It reads no
/// record (a store of 100,000 is not read through per request); `shortcut-serve list` reads them all.
struct ProblemsRoute: Sendable {
    /// The problems known now, each with its remedy.
    let problems: @Sendable () -> [String]

    func install(on server: HTTPServer, guard access: AccessGuard) {
        server.GET["/api/problems"] = access.guardingAPI { [problems] _ in
            let lines = problems()
            return API.json(.object([("count", .number(Double(lines.count))), ("problems", .array(lines.map(JSONValue.string)))]))
        }
    }
}
