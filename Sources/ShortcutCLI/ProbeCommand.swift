import Dispatch
import HTTPVocabulary
import ShortcutHTTP
import ShortcutJSON
import ShortcutPages
import ShortcutPlatform
import ShortcutQR
import ShortcutRecords
import ShortcutServe

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `shortcut-serve probe`: the probe page's address (and QR code) for the user's phone, then each report
/// the page sends from it, with its advice, as it arrives: the running server's `GET /api/probes`, asked
/// once a second.
struct ProbeCommand: Sendable, Equatable {
    /// `--open`: the app URL the page's button tries.
    let appURL: String?
    /// `--base-url`: where the phone reaches the server; else the running server's public or network address.
    let baseURL: String?
    /// `--count N`: stop after N reports (for scripts); else wait until Ctrl-C.
    let count: Int?
    let store: String?

    /// How often the running server is asked for new reports.
    static let pollInterval: DispatchTimeInterval = .seconds(1)

    static let usage = """
        Usage: shortcut-serve probe [--open APP_URL] [--base-url URL] [--count N] [--store DIR]
          Prints the address of the probe page (/probe) and a QR code of it for your phone's camera, then
          waits and prints each report the page sends from the phone, with what follows from it, until Ctrl-C
          (or N reports). The page tries each delivery path on that phone: a secure context and a service
          worker (the offline page), the redirect to data: (data mode), a launch from the Home Screen (add it
          there and open it; stop the server and open it again), and with --open the app URL.
          Needs a server running on this store where the phone reaches it (shortcut-serve --host 0.0.0.0, or
          --public-url https://NAME behind a tunnel or proxy).
        """

    static func parse(_ arguments: [String]) throws(UsageError) -> ProbeCommand {
        var reader = ArgumentReader(arguments, usage: usage)
        var appURL = try reader.value("--open")
        if let text = appURL {
            do {
                appURL = try AppURL.validate(text, field: "--open")
            } catch {
                throw UsageError(error.reason, usage: usage)
            }
        }
        let baseURL = try reader.value("--base-url")
        if let baseURL, let problem = ServerConfiguration.publicURLProblem(baseURL) {
            throw UsageError("--base-url \(problem)", usage: usage)
        }
        let count = try reader.integer("--count", in: 1...10_000)
        let store = try reader.value("--store")
        try reader.finish()
        return ProbeCommand(appURL: appURL, baseURL: baseURL.flatMap(ServerConfiguration.publicOrigin), count: count, store: store)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The probe's address for `root`, with the app URL.
    func pageURL(root: String) -> String {
        root + "/probe" + (appURL.map { "?open=" + Escape.percentEncoded($0) } ?? "")
    }

    /// Prints the address and code, then the reports; returns after `count` reports (else runs until killed).
    func run(
        write: (String) -> Void = { writeUnbuffered($0, to: Platform.standardOutput) },
        note: (String) -> Void = { standardError("note: \($0)\n") }
    ) throws {
        let servers = RunningServers.live(in: RunningServers.storeURL(store))
        guard let first = servers.first else {
            throw Failure(
                description: "no server is running on the store \(RunningServers.storeURL(store).path): start one where "
                    + "your phone reaches it (shortcut-serve --host 0.0.0.0) and run shortcut-serve probe again")
        }
        let server = baseURL.flatMap { base in servers.first { $0.baseURL == base || $0.phoneRoot == base } } ?? first
        if servers.count > 1 {
            note("\(servers.count) servers use this store; reports come from \(server.url) (pid \(server.pid))")
        }
        if let root = baseURL ?? server.phoneRoot {
            let url = pageURL(root: root)
            write("Open on your phone: \(url)\n" + (try DeviceCommand.drawing(of: url, level: .medium)) + "\n")
            if root.hasPrefix("http://") {
                note(
                    "over http:// the phone's page is not a secure context, so the probe will find no service worker; "
                        + "that is the answer for this address (docs/phone.md: HTTPS for a phone)")
            }
        } else {
            note(DeviceURLs.loopbackOnlyReason)
            write("Open in a browser on this machine: \(pageURL(root: server.url))\n")
        }
        write("Waiting for reports from \(server.url)/api/probes (Ctrl-C to stop)\n")
        let client = LocalHTTPClient(root: server.url)
        var after = 0
        var printed = 0
        let pause = DispatchSemaphore(value: 0)
        while true {
            for report in try Self.reports(from: client, after: after) {
                write(report.lines.joined(separator: "\n") + "\n")
                after = max(after, report.sequence)
                printed += 1
                if let count, printed >= count { return }
            }
            _ = pause.wait(timeout: .now() + Self.pollInterval)
        }
    }

    /// The reports numbered above `after`.
    static func reports(from client: LocalHTTPClient, after: Int) throws -> [ProbeReport] {
        let answer = try client.get(ShortcutApp.builtInMount + "/api/probes?after=\(after)")
        guard answer.status == 200 else {
            throw Failure(
                description:
                    "\(client.root)/api/probes answered \(answer.status): \(String(decoding: answer.body.prefix(300), as: UTF8.self))")
        }
        guard case .array(let items) = try JSONParser.parse(answer.body) else {
            throw Failure(description: "\(client.root)/api/probes did not answer a JSON array")
        }
        return try items.map { item throws(ProbeReport.Refusal) in try ProbeReport(listed: item) }
    }
}
