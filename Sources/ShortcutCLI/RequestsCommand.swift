import HTTPVocabulary
import ShortcutHTTP
import ShortcutJSON
import ShortcutPlatform
import ShortcutServe

/// `shortcut-serve requests`: the running server's request journal (`GET /api/requests`), one line per
/// request, newest last; with `--follow`, then each new request as it arrives (`GET /api/requests/wait`,
/// which answers when one does: no polling). Everything a client sent is printed with its control bytes
/// written out (`\x1b`), so a hostile target or header cannot move the terminal's cursor or hide a line.
struct RequestsCommand: Sendable, Equatable {
    /// The filters, as `GET /api/requests` takes them (`path`, `method`, `status`, `limit`).
    let query: [(String, String)]
    let follow: Bool
    /// `--count N` with `--follow`: stop after N new requests (for scripts); else run until Ctrl-C.
    let count: Int?
    let json: Bool
    /// `--clear`: forget the journal (`DELETE /api/requests`) instead of printing it.
    let clear: Bool
    /// `--base-url`: which running server (or `http://127.0.0.1:PORT` of one this store does not list).
    let baseURL: String?
    let store: String?

    static func == (a: RequestsCommand, b: RequestsCommand) -> Bool {
        a.query.elementsEqual(b.query) { $0 == $1 } && a.follow == b.follow && a.count == b.count && a.json == b.json
            && a.clear == b.clear && a.baseURL == b.baseURL && a.store == b.store
    }

    /// How long one `wait` asks the server to hold on (it answers 408 then, and the command asks again).
    static let waitSeconds = 25

    static let usage = """
        Usage: shortcut-serve requests [--follow [--count N]] [--path PREFIX] [--method M] [--status CODE|4xx]
                                       [--limit N] [--json] [--clear] [--base-url URL] [--store DIR]
          Prints what the server running on this store was asked, newest last, from its request journal
          (kept in memory: the last 1000 requests by default, see --journal): sequence number, time (UTC),
          peer, method, target, status, body bytes, duration, route, User-Agent, and what it recognised (an
          AASA fetch by Apple's CDN or a device, a standalone launch, a profile download).
          --follow      then print each new request as it arrives, until Ctrl-C (or N with --count)
          --path, --method, --status, --limit   only these (a path prefix; 404 or a class such as 4xx;
                        the newest N)
          --json        the journal's JSON (GET /api/requests): an array; with --follow one object a line
          --clear       forget every request kept (DELETE /api/requests), e.g. before a test
          --base-url    the server to ask, when several run on the store (or one at http://127.0.0.1:PORT)
        """

    static func parse(_ arguments: [String]) throws(UsageError) -> RequestsCommand {
        var reader = ArgumentReader(arguments, usage: usage)
        var query: [(String, String)] = []
        if let path = try reader.value("--path") {
            guard path.hasPrefix("/") else {
                throw UsageError("--path takes a path prefix that starts with /, not '\(path)'", usage: usage)
            }
            query.append(("path", path))
        }
        if let method = try reader.value("--method") {
            guard !method.isEmpty, method.utf8.allSatisfy(HTTPSyntax.isTokenByte) else {
                throw UsageError("--method takes a method name such as GET, not '\(method)'", usage: usage)
            }
            query.append(("method", method.uppercased()))
        }
        if let status = try reader.value("--status") {
            // The server's own rule (`GET /api/requests?status=`), so the two never disagree.
            guard RequestFilter.StatusMatch(status) != nil else {
                throw UsageError("--status takes a code such as 404 or a class such as 4xx, not '\(status)'", usage: usage)
            }
            query.append(("status", status))
        }
        if let limit = try reader.integer("--limit", in: 1...100_000) { query.append(("limit", String(limit))) }
        let follow = reader.flag("--follow", "-f")
        let count = try reader.integer("--count", in: 1...1_000_000)
        if count != nil && !follow { throw UsageError("--count goes with --follow", usage: usage) }
        let json = reader.flag("--json")
        let clear = reader.flag("--clear")
        if clear && (follow || json || !query.isEmpty) {
            throw UsageError("--clear forgets every request; it takes no --follow, --json or filter", usage: usage)
        }
        let baseURL = try reader.value("--base-url")
        let store = try reader.value("--store")
        try reader.finish()
        return RequestsCommand(query: query, follow: follow, count: count, json: json, clear: clear, baseURL: baseURL, store: store)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Prints the journal (and, with `--follow`, what comes next); returns after `count` new requests, or
    /// at once without `--follow`.
    func run(
        write: (String) -> Void = { writeUnbuffered($0, to: Platform.standardOutput) },
        note: (String) -> Void = { standardError("note: \($0)\n") }
    ) throws {
        let root = try serverRoot(note: note)
        let client = LocalHTTPClient(root: root, timeoutSeconds: Self.waitSeconds + 10)
        if clear {
            let answer = try client.send("DELETE", ShortcutApp.builtInMount + "/api/requests")
            guard answer.status == 204 else { throw Self.refusal(answer, from: "\(root)/api/requests") }
            write("cleared the request journal of \(root)\n")
            return
        }
        let first = try Self.listing(
            from: client, target: ShortcutApp.builtInMount + "/api/requests" + Self.queryText(query), expecting: [200])
        if json && !follow {
            write(JSONValue.array(first.entries).description + "\n")
            return
        }
        for entry in first.entries { write(line(entry)) }
        guard follow else { return }
        note("following the requests to \(root) (Ctrl-C to stop)")
        var since = first.lastSequence
        var printed = 0
        // `limit` picks the newest of the kept ones; new ones are all printed.
        let waitQuery = query.filter { $0.0 != "limit" }
        while true {
            let target =
                ShortcutApp.builtInMount + "/api/requests/wait"
                + Self.queryText(waitQuery + [("since", String(since)), ("timeout", String(Self.waitSeconds))])
            let next = try Self.listing(from: client, target: target, expecting: [200, 408])
            for entry in next.entries {
                write(line(entry))
                printed += 1
                if let count, printed >= count { return }
            }
            since = max(since, next.entries.compactMap { $0["sequence"]?.integer }.max().map(UInt64.init) ?? since)
        }
    }

    private func line(_ entry: JSONValue) -> String { json ? entry.description + "\n" : Self.describe(entry) + "\n" }

    /// The server to ask: `--base-url` (a running one's, or any loopback `http://ADDRESS:PORT`), else the
    /// one running on the store.
    private func serverRoot(note: (String) -> Void) throws -> String {
        let servers = RunningServers.live(in: RunningServers.storeURL(store))
        if let baseURL {
            if let server = servers.first(where: { $0.baseURL == baseURL || $0.url == baseURL || $0.phoneRoot == baseURL }) {
                return server.url
            }
            guard LocalHTTPClient(root: baseURL).address != nil, DeviceURLs.isLoopback(baseURL) else {
                throw Failure(
                    description: "--base-url \(baseURL) is neither a server running on this store nor http://ADDRESS:PORT on this machine "
                        + "(the journal answers this machine only)")
            }
            return baseURL
        }
        guard let first = servers.first else {
            throw Failure(
                description: "no server is running on the store \(RunningServers.storeURL(store).path): start one (shortcut-serve), "
                    + "or name one with --base-url http://127.0.0.1:PORT")
        }
        if servers.count > 1 {
            note("\(servers.count) servers use this store; asking \(first.url) (pid \(first.pid)); --base-url chooses")
        }
        return first.url
    }

    /// A listing's entries and the journal's newest sequence number.
    struct Listing {
        let entries: [JSONValue]
        let lastSequence: UInt64
    }

    static func listing(from client: LocalHTTPClient, target: String, expecting statuses: Set<Int>) throws -> Listing {
        let answer = try client.get(target)
        guard statuses.contains(answer.status) else { throw refusal(answer, from: client.root + target) }
        let body = try JSONParser.parse(answer.body)
        guard case .array(let entries)? = body["requests"] else {
            throw Failure(description: "\(client.root)/api/requests did not answer the journal's JSON")
        }
        return Listing(entries: entries, lastSequence: UInt64(body["last_sequence"]?.integer ?? 0))
    }

    static func refusal(_ answer: LocalHTTPClient.Answer, from url: String) -> Failure {
        let reason = String(String(decoding: answer.body.prefix(300), as: UTF8.self).trimmingWhitespace())
        return Failure(description: "\(url) answered \(answer.status)" + (reason.isEmpty ? "" : ": \(Self.visible(reason))"))
    }

    static func queryText(_ items: [(String, String)]) -> String {
        items.isEmpty ? "" : "?" + items.map { "\($0.0)=\(Escape.percentEncoded($0.1))" }.joined(separator: "&")
    }

    /// One entry as a line: `#7 22:40:01.123 127.0.0.1:53211 GET /v3/x 200 312B 0.041ms route /v3/:id
    /// "MyApp/1" [note] — reason`.
    static func describe(_ entry: JSONValue) -> String {
        let text = { (key: String) -> String? in
            if case .string(let value)? = entry[key] { return value }
            return nil
        }
        let number = { (key: String) -> String in entry[key]?.integer.map(String.init) ?? "?" }
        var time = text("time") ?? ""
        if let t = time.firstIndex(of: "T") { time = String(time[time.index(after: t)...].prefix { $0 != "Z" }) }
        var words = [
            "#" + number("sequence"), time, visible(text("peer") ?? "-"), visible(text("method") ?? "-"), visible(text("target") ?? "-"),
            number("status"), number("response_bytes") + "B",
        ]
        if case .number(let milliseconds)? = entry["duration_ms"] { words.append("\(milliseconds)ms") }
        if let route = text("route") { words.append("route " + visible(route)) }
        if let agent = text("user_agent") { words.append("\"" + visible(agent) + "\"") }
        if let note = text("note") { words.append("[" + visible(note) + "]") }
        if let reason = text("reason") { words.append("— " + visible(reason)) }
        return words.joined(separator: " ")
    }

    /// `text` with what a terminal would act on written out: C0 and C1 controls and DEL as `\x1b`, line and
    /// paragraph separators and bidirectional overrides as `\u{202e}`, and `\` itself as `\\` (so what is
    /// printed reads back one way only).
    static func visible(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x5C: out += "\\\\"
            case 0..<0x20, 0x7F: out += "\\x" + hex(scalar.value, digits: 2)
            case 0x80...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                out += "\\u{" + hex(scalar.value, digits: 4) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}

extension JSONValue {
    /// A whole number's value; nil for anything else.
    fileprivate var integer: Int? {
        guard case .number(let number) = self, number == number.rounded(), abs(number) < 1e15 else { return nil }
        return Int(number)
    }
}
