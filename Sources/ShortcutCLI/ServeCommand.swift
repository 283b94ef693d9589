import Dispatch
import ShortcutHTTP
import ShortcutLinks
import ShortcutPlatform
import ShortcutServe

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `shortcut-serve [options]`: binds, prints `listening on …` once the bind succeeded, serves until
/// SIGINT or SIGTERM, then stops gracefully and exits 0. SIGHUP writes the play statistics, reports
/// the connections each event loop holds, and serves on.
struct ServeCommand {
    let options: ServerConfiguration
    /// `shortcut-serve record`: what to record once listening, and to write out when stopped.
    var recording: RecordCommand?

    init(options: ServerConfiguration) { self.options = options }

    /// Stops `shortcut-serve record`'s recording and says what was written (on the signal's queue, before the
    /// server stops).
    static func finishRecording(_ app: ShortcutApp) {
        do {
            let result = try app.stubs.stopRecording()
            var text = "wrote \(result.mappings.count) mapping\(result.mappings.count == 1 ? "" : "s") into \(result.writtenTo ?? "?")\n"
            if result.notKept > 0 { text += "warning: \(result.notKept) exchanges were proxied but not recorded (the recorder's bounds)\n" }
            writeUnbuffered(text, to: Platform.standardOutput)
        } catch {
            standardError("error: the recording was not written: \(error)\n")
        }
    }

    /// Why the port could not be had, in words: a port in use names the process that holds it when the
    /// system says (`PortHolder`), and how to choose another; any other failure as it is.
    static func listenFailure(_ error: any Error, port: UInt16) -> String {
        guard let system = error as? SystemError, system.isAddressInUse else { return "\(error)" }
        let holder = port == 0 ? nil : PortHolder.listening(on: port)
        return "the port is in use" + (holder.map { " (by \($0.command), pid \($0.pid))" } ?? "")
            + "; choose another with --port, or --port 0 for any free one"
    }

    func run() -> Never {
        // A write to a pipe or socket whose reader has gone must fail with EPIPE, not kill the server: the
        // access log's standard error may be such a pipe (sockets use MSG_NOSIGNAL / SO_NOSIGPIPE already).
        Platform.ignore(signal: Platform.brokenPipeSignal)
        // glibc makes a malloc arena per allocating thread, up to 8 per core, and the event loops' queues run
        // on whichever Dispatch worker is free: memory freed in one arena serves no other. Measured (issue
        // 15's six rounds of random plays of 100,000 records, 64 MiB budget): RSS 150 MB with glibc's
        // default, 146 with 4 arenas, 140 with 2; cached plays and /s req/s unchanged within noise.
        Platform.tuneAllocator(arenas: max(2, ProcessInfo.processInfo.activeProcessorCount))
        let server = HTTPServer(limits: options.limits, logsRequests: !options.quiet)
        let app: ShortcutApp
        // A start that fails (a port in use) must not leave behind a store folder it made: a mistyped
        // --store would otherwise become a new, empty store on disk.
        let storeFolder = ServerConfiguration.storeDirectory(options.storePath)
        let storeExisted = Platform.exists(storeFolder.path)
        do {
            app = try ShortcutApp(options: options)
            try app.install(on: server)
        } catch let refusal as AssociationFiles.Refusal {
            // One `error:` line per problem, so each names its file and JSON path.
            standardError(refusal.lines.map { "error: \($0)\n" }.joined())
            Platform.exit(1)
        } catch {
            standardError("error: \(StoreCommand.words(error, store: options.storePath))\n")
            Platform.exit(1)
        }
        // Signal handling is in place before the port opens: a script may send SIGTERM at once. A source's
        // `activate` registers it later, on Dispatch's own thread, and a signal that arrives between the
        // `ignore` and that registration is lost: the sources' registration is waited for below, before the
        // listener opens (a SIGTERM sent right after the first answer was lost about once in 40 starts).
        let signals = DispatchQueue(label: "shortcut-serve.signals")
        let registered = DispatchGroup()
        var sources: [DispatchSourceSignal] = []
        for signalNumber in [Platform.interruptSignal, Platform.terminateSignal] {
            Platform.ignore(signal: signalNumber)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: signals)
            registered.enter()
            source.setRegistrationHandler { registered.leave() }
            source.setEventHandler { [recording] in
                if recording != nil { Self.finishRecording(app) }
                server.stop {
                    RunningServers.withdraw(pid: Platform.processID, in: app.records.directory)
                    app.close()
                    Platform.exit(0)
                }
            }
            source.activate()
            sources.append(source)
        }
        // SIGHUP (the terminal closed, or `kill -HUP`) used to end the process and lose the plays counted
        // since the last write: now it writes them and serves on. The notice goes out from a queue of its
        // own, so a standard error nobody reads cannot hold up the signal queue and with it SIGTERM.
        let notices = DispatchQueue(label: "shortcut-serve.notices")
        Platform.ignore(signal: Platform.hangUpSignal)
        let hangup = DispatchSource.makeSignalSource(signal: Platform.hangUpSignal, queue: signals)
        hangup.setEventHandler {
            app.records.flush()
            // How the open connections spread over the event loops: a debug statistic (issue 10).
            let spread = server.connectionsPerLoop.map(String.init).joined(separator: " ")
            notices.async {
                standardError(
                    "SIGHUP: play statistics written to the store; still serving\n"
                        + "SIGHUP: connections per event loop: \(spread)\n"
                        + "SIGHUP: \(app.cacheReport)\n" + "SIGHUP: \(app.journalReport)\n")
            }
        }
        registered.enter()
        hangup.setRegistrationHandler { registered.leave() }
        hangup.activate()
        // Bounded: a Dispatch that never registered them would otherwise hold the start forever.
        _ = registered.wait(timeout: .now() + .seconds(5))
        // Each probe report (`/probe`, opened on a phone) with its advice, as it arrives.
        app.onProbeReport { lines in notices.async { standardError(lines.map { $0 + "\n" }.joined()) } }
        sources.append(hangup)
        // Each connection holds a descriptor: take all the process may have (Linux's default soft limit is
        // 1,024, macOS's 256), and let the server fit its connection limit to it.
        let files = OpenFileLimit.raise()
        let address: HTTPServerAddress
        do {
            address = try server.start(options.port, host: options.host, ipv6Only: options.ipv6Only)
        } catch {
            standardError("error: cannot listen on \(options.host):\(options.port): \(Self.listenFailure(error, port: options.port))\n")
            if !storeExisted, app.records.count == 0 { try? FileManager.default.removeItem(at: storeFolder) }
            Platform.exit(1)
        }
        app.didStart(at: address)
        if let files, let limit = server.connectionLimit, limit < options.limits.maxConnections {
            let reserved = Int(clamping: files.soft) - limit
            standardError(
                "warning: at most \(limit) connections, not \(options.limits.maxConnections): the open-file limit "
                    + "is \(files.soft) (hard limit \(files.hard)) and \(reserved) are kept for the store and the server\n")
        }
        for warning in app.startupWarnings { standardError("warning: \(warning)\n") }
        app.reportStoreProblems { standardError("warning: \($0)\n") }
        if !options.quiet { app.onStubMiss { standardError("\($0)\n") } }
        let host = address.isIPv6 ? "[\(address.host)]" : address.host
        // For the command line (`add`, `qr`, `open`, `profile`, `links add`): where this server really is. A
        // failure (a read-only store, a full disk) is dropped on purpose: serving does not depend on it, the
        // store's own writes report such errors, and the commands then print the default address.
        try? RunningServers.announce(
            RunningServer(
                pid: Platform.processID, url: RunningServer.localURL(of: address), publicURL: options.publicURL,
                networkRoots: app.networkRoots), in: app.records.directory)
        // Written unbuffered, so a script reading our output learns the port (`--port 0`) at once.
        var announcement = "listening on http://\(host):\(address.port)\n"
        // Which store: a mistyped --store serves an empty one, and this line shows it at once.
        let records = app.records.count
        announcement +=
            "  store: \(app.records.directory.path) (\(records) record\(records == 1 ? "" : "s")\(storeExisted ? "" : ", new"))\n"
        // With --host 0.0.0.0 (or ::), where a phone on the same network finds the demo shortcut.
        for root in app.networkRoots { announcement += "  on your network: \(root)/s\n" }
        if let publicURL = options.publicURL { announcement += "  public: \(publicURL)/s\n" }
        if let folder = options.stubsPath {
            let count = app.stubs.count
            announcement += "  stubs: \(folder) (\(count) mapping\(count == 1 ? "" : "s")); admin API at /__admin/\n"
        }
        if let note = app.insecureOriginNote { standardError("note: \(note)\n") }
        if let recording {
            app.stubs.recorder.onCapture { exchange in
                let line = RecordCommand.line(
                    method: exchange.method, url: exchange.url, status: exchange.status, bytes: exchange.responseBody.count)
                notices.async { writeUnbuffered(line + "\n", to: Platform.standardOutput) }
            }
            do {
                try app.stubs.startRecording(recording.spec)
            } catch {
                standardError("error: cannot start recording: \(error)\n")
                Platform.exit(1)
            }
            announcement += "  recording: every request is proxied to \(recording.target); Ctrl-C writes the mappings\n"
        }
        // Started: the code that ran only to start need not stay mapped (see `releaseStartupCode`). Before the
        // announcement, not after: whoever reads it (a test of idle RSS, a script) may measure at once, and on a
        // busy machine the main thread can lose the core between the write and the release (CI measured 10.5
        // MB once, after its first answer, where 6.7 MB is usual).
        Platform.releaseStartupCode()
        writeUnbuffered(announcement, to: Platform.standardOutput)

        // The main thread parks rather than leaving through `dispatchMain()`: that ends it with
        // `pthread_exit`, whose unwinding reads the whole `.eh_frame` of a static binary (2.4 MB of RSS).
        let parked = DispatchSemaphore(value: 0)
        while true { withExtendedLifetime(sources) { parked.wait() } }
    }
}
