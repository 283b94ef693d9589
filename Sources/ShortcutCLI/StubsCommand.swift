import ShortcutJSON
import ShortcutPlatform
import ShortcutRecords

/// `shortcut-serve stubs list|show ID|add FILE|rm ID|import DIR|near-misses`: the stubs of the server running
/// on this store, through its admin API (`/__admin/`, this machine only).
struct StubsCommand: Sendable, Equatable {
    enum Verb: Sendable, Equatable {
        case list
        case show(String)
        case add(String)
        case remove(String)
        case importFolder(String)
        case nearMisses
    }

    let verb: Verb
    let json: Bool
    /// `--base-url`: which running server (or `http://127.0.0.1:PORT` of one this store does not list).
    let baseURL: String?
    let store: String?

    static let usage = """
        Usage: shortcut-serve stubs list [--json] | show ID | add FILE | rm ID | import DIR | near-misses
                                    [--base-url URL] [--store DIR]
          The stubs (WireMock mappings) of the server running on this store, through its admin API:
          list          id, method, URL and what it answers, one stub a line, in the order they are tried
          show ID       the mapping's JSON
          add FILE      the mapping(s) in FILE (one, or {"mappings": [...]}): refused ones say which field
          rm ID         removes the stub ID
          import DIR    every mappings/*.json of a WireMock root folder (or DIR/*.json), replacing same ids
          near-misses   the requests no stub matched, each with its closest stub and what failed
          --base-url    the server to ask, when several run on the store (or one at http://127.0.0.1:PORT)
        """

    static func parse(_ arguments: [String]) throws(UsageError) -> StubsCommand {
        var reader = ArgumentReader(arguments, usage: usage)
        let json = reader.flag("--json")
        let baseURL = try reader.value("--base-url")
        let store = try reader.value("--store")
        let words = try reader.positionals()
        let verb: Verb
        switch (words.first, words.count) {
        case ("list", 1): verb = .list
        case ("show", 2): verb = .show(words[1])
        case ("add", 2): verb = .add(words[1])
        case ("rm", 2): verb = .remove(words[1])
        case ("import", 2): verb = .importFolder(words[1])
        case ("near-misses", 1): verb = .nearMisses
        case (nil, _): throw UsageError("stubs needs a verb: list, show, add, rm, import or near-misses", usage: usage)
        default: throw UsageError("stubs \(words.joined(separator: " ")): expected one of the forms below", usage: usage)
        }
        return StubsCommand(verb: verb, json: json, baseURL: baseURL, store: store)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    func run() throws -> String {
        let client = LocalHTTPClient(root: try Self.serverRoot(baseURL: baseURL, store: store))
        switch verb {
        case .list:
            let answer = try Self.expect(client.get("/__admin/mappings"), 200)
            let body = try Self.json(answer.body)
            if json { return body.description }
            guard case .array(let mappings)? = body["mappings"] else { return "" }
            var shadows: [String: String] = [:]
            if case .array(let entries)? = body["shadowedRoutes"] {
                for entry in entries {
                    guard case .string(let id)? = entry["id"], case .array(let paths)? = entry["paths"] else { continue }
                    shadows[id] = paths.compactMap { if case .string(let path) = $0 { path } else { nil } }.joined(separator: ", ")
                }
            }
            return mappings.map { mapping in
                let line = Self.describe(mapping)
                guard case .string(let id)? = mapping["id"], let paths = shadows[id] else { return line }
                return line + "\t(shadows the built-in " + RequestsCommand.visible(paths) + ")"
            }.joined(separator: "\n")
        case .show(let id):
            return try Self.json(try Self.expect(client.get("/__admin/mappings/" + id), 200).body).description
        case .add(let file):
            let bytes = try Self.read(file)
            let document = try Self.json(bytes, file: file)
            let body: JSONValue = document["mappings"] != nil ? document : .object([("mappings", .array([document]))])
            guard case .array(let mappings)? = body["mappings"] else { throw Failure(description: "\(file): \"mappings\" is not an array") }
            var lines: [String] = []
            for mapping in mappings {
                let answer = try client.send("POST", "/__admin/mappings", body: Array(mapping.description.utf8))
                guard answer.status == 201 else { throw Failure(description: "\(file): \(Self.reason(answer))") }
                if case .string(let id)? = try Self.json(answer.body)["id"] { lines.append("added \(id)") }
            }
            return lines.joined(separator: "\n")
        case .remove(let id):
            _ = try Self.expect(client.send("DELETE", "/__admin/mappings/" + id), 200)
            return "removed \(id)"
        case .importFolder(let folder):
            var mappings: [JSONValue] = []
            let inner = folder + "/mappings"
            let directory = Platform.exists(inner) ? inner : folder
            let names: [String]
            switch StubService.mappingFiles(in: directory) {
            case .success(let found): names = found
            case .failure(let failure): throw Failure(description: "cannot read \(directory): \(failure.reason)")
            }
            for name in names {
                let path = directory + "/" + name
                let document = try Self.json(try Self.read(path), file: path)
                if case .array(let list)? = document["mappings"] { mappings += list } else { mappings.append(document) }
            }
            let body = JSONValue.object([("mappings", .array(mappings))])
            let answer = try client.send("POST", "/__admin/mappings/import", body: Array(body.description.utf8))
            guard answer.status == 200 else { throw Failure(description: "\(directory): \(Self.reason(answer))") }
            return
                "imported \(mappings.count) mapping\(mappings.count == 1 ? "" : "s") from \(names.count) file\(names.count == 1 ? "" : "s")"
        case .nearMisses:
            let answer = try Self.expect(client.get("/__admin/requests/unmatched/near-misses"), 200)
            let body = try Self.json(answer.body)
            if json { return body.description }
            guard case .array(let misses)? = body["nearMisses"], !misses.isEmpty else { return "no unmatched requests" }
            return misses.map(Self.describeNearMiss).joined(separator: "\n")
        }
    }

    /// One stub as a line: id, method, URL, status.
    static func describe(_ mapping: JSONValue) -> String {
        let request = mapping["request"] ?? .null
        let url =
            ["url", "urlPath", "urlPattern", "urlPathPattern", "urlPathTemplate"].lazy.compactMap { key -> String? in
                if case .string(let value)? = request[key] { return "\(key) \(value)" }
                return nil
            }.first ?? "any URL"
        let method = request["method"].flatMap { if case .string(let m) = $0 { m } else { nil } } ?? "ANY"
        let id = mapping["id"].flatMap { if case .string(let i) = $0 { i } else { nil } } ?? "?"
        return [id, method, url, describeResponse(mapping["response"] ?? .null)].map(RequestsCommand.visible).joined(separator: "\t")
    }

    /// What a stub answers, for what it is: `200`, `fault CONNECTION_RESET_BY_PEER`, `proxy http://api:8080`,
    /// with its delay (`200 after 250 ms`, `200 after a lognormal delay`) or its dribble (`200 dribbled in 4
    /// chunks over 1000 ms`). A fault stub has no status to show: its client gets none.
    static func describeResponse(_ response: JSONValue) -> String {
        func text(_ key: String) -> String? { if case .string(let value)? = response[key] { value } else { nil } }
        func number(_ value: JSONValue?) -> Int? { if case .number(let n)? = value { Int(n) } else { nil } }
        var words: String
        if let fault = text("fault") {
            words = "fault " + fault
        } else if let base = text("proxyBaseUrl") {
            words = "proxy " + base
        } else {
            words = "\(number(response["status"]) ?? 200)"
        }
        if let milliseconds = number(response["fixedDelayMilliseconds"]) {
            words += " after \(milliseconds) ms"
        } else if case .string(let kind)? = response["delayDistribution"]?["type"] {
            words += " after a \(kind) delay"
        }
        if let dribble = response["chunkedDribbleDelay"], let chunks = number(dribble["numberOfChunks"]),
            let total = number(dribble["totalDuration"])
        {
            words += " dribbled in \(chunks) chunks over \(total) ms"
        }
        return words
    }

    /// A near miss as a line: the request, the stub nearest it, and the criteria it failed.
    static func describeNearMiss(_ miss: JSONValue) -> String {
        let request = miss["request"] ?? .null
        let method = request["method"].flatMap { if case .string(let m) = $0 { m } else { nil } } ?? "?"
        let url = request["url"].flatMap { if case .string(let u) = $0 { u } else { nil } } ?? "?"
        let stub = miss["stubMapping"]?["id"].flatMap { if case .string(let i) = $0 { i } else { nil } } ?? "?"
        var failed: [String] = []
        if case .array(let criteria)? = miss["criteria"] {
            for criterion in criteria where criterion["matched"] == .bool(false) {
                if case .string(let label)? = criterion["label"], case .string(let expected)? = criterion["expected"],
                    case .string(let actual)? = criterion["actual"]
                {
                    failed.append("\(label): expected \(expected), got \(actual)")
                }
            }
        }
        return RequestsCommand.visible("\(method) \(url) -> closest stub \(stub): " + failed.joined(separator: "; "))
    }

    static func expect(_ answer: LocalHTTPClient.Answer, _ status: Int) throws -> LocalHTTPClient.Answer {
        guard answer.status == status else { throw Failure(description: Self.reason(answer)) }
        return answer
    }

    /// What the server said: a 422's title, else its one-line reason.
    static func reason(_ answer: LocalHTTPClient.Answer) -> String {
        do {
            if case .array(let errors)? = try JSONParser.parse(answer.body)["errors"], case .string(let title)? = errors.first?["title"] {
                return RequestsCommand.visible("\(answer.status): \(title)")
            }
        } catch {
            // Not WireMock's error shape: the answer's first line says it.
        }
        let text = String(decoding: answer.body.prefix(500), as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        return RequestsCommand.visible("\(answer.status): \(text)")
    }

    static func read(_ file: String) throws -> [UInt8] {
        switch FileWords.read(file, limit: StubService.maxMappingFileBytes) {
        case .success(let bytes) where bytes.count > StubService.maxMappingFileBytes:
            throw Failure(description: "\(file) is over \(StubService.maxMappingFileBytes) bytes")
        case .success(let bytes): return bytes
        case .failure(let failure): throw Failure(description: "cannot read \(file): \(failure.reason)")
        }
    }

    static func json(_ bytes: [UInt8], file: String? = nil) throws -> JSONValue {
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw Failure(description: (file.map { "\($0): " } ?? "the server's answer: ") + error.description)
        }
    }

    /// The server to ask: `--base-url`, else the one running on the store.
    static func serverRoot(baseURL: String?, store: String?) throws -> String {
        let servers = RunningServers.live(in: RunningServers.storeURL(store))
        if let baseURL { return servers.first { $0.baseURL == baseURL || $0.phoneRoot == baseURL }?.url ?? baseURL }
        guard let first = servers.first else {
            throw Failure(
                description: "no server is running on the store \(RunningServers.storeURL(store).path): start one (shortcut-serve), "
                    + "or name one with --base-url http://127.0.0.1:PORT")
        }
        return first.url
    }
}
