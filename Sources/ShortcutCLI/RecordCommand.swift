import ShortcutJSON
import ShortcutPlatform
import ShortcutServe

/// `shortcut-serve record --target URL --out DIR [serve options]`: a server whose every request is proxied to
/// `URL` and recorded (WireMock's recorder), each exchange printed as it is captured; on Ctrl-C (SIGINT) or
/// SIGTERM the recording stops and its mappings are written durably into `DIR/mappings` (bodies into
/// `DIR/__files`), which `shortcut-serve --stubs DIR` then replays with the upstream gone. Repeated requests
/// become a scenario that replays them in order.
struct RecordCommand: Sendable {
    let target: String
    let options: ServerConfiguration

    static let usage = """
        Usage: shortcut-serve record --target URL --out DIR [--port N] [--host ADDRESS] [--store DIR] [serve options]
          Proxies every request to URL (http://; https:// needs the macOS build) and records the exchanges,
          printing each as it comes. Ctrl-C stops: the mappings go into DIR/mappings, bodies into DIR/__files.
          Replay them with: shortcut-serve --stubs DIR
        """

    static func parse(_ arguments: [String]) throws(UsageError) -> RecordCommand {
        var rest: [String] = []
        var target: String?
        var out: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--target" || argument == "--out" {
                guard index + 1 < arguments.count else { throw UsageError("\(argument) needs a value", usage: usage) }
                if argument == "--target" { target = arguments[index + 1] } else { out = arguments[index + 1] }
                index += 2
                continue
            }
            if argument == "--stubs" { throw UsageError("record writes into --out DIR; give no --stubs", usage: usage) }
            rest.append(argument)
            index += 1
        }
        guard let target else { throw UsageError("record needs --target URL (the API to record)", usage: usage) }
        let lower = target.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
            throw UsageError("--target must be an http:// or https:// URL, not '\(target)'", usage: usage)
        }
        guard let out, !out.isEmpty else { throw UsageError("record needs --out DIR (where the mappings go)", usage: usage) }
        var options = try ServerConfiguration.parse(rest)
        options.stubsPath = out
        return RecordCommand(target: target, options: options)
    }

    /// The recording's spec: WireMock's defaults (persist, repeats as scenarios), and `Accept` captured so
    /// an answer per representation is replayed.
    var spec: JSONValue {
        .object([
            ("targetBaseUrl", .string(target)), ("persist", .bool(true)), ("repeatsAsScenarios", .bool(true)),
        ])
    }

    func run() -> Never {
        // The folder is made before the server reads it (`--stubs` must name a folder).
        for folder in [options.stubsPath ?? "", (options.stubsPath ?? "") + "/mappings", (options.stubsPath ?? "") + "/__files"] {
            do {
                _ = try Platform.makeDirectory(folder)
            } catch {
                standardError("error: cannot make \(folder): \(error.reason)\n")
                Platform.exit(1)
            }
        }
        var serve = ServeCommand(options: options)
        serve.recording = self
        serve.run()
    }

    /// One line for an exchange captured: `GET /v1/users/42 -> 200 (123 bytes)`.
    static func line(method: String, url: String, status: Int, bytes: Int) -> String {
        "recorded \(RequestsCommand.visible(method)) \(RequestsCommand.visible(String(url.prefix(200)))) -> \(status) (\(bytes) bytes)"
    }
}
