import ShortcutPlatform
import ShortcutServe

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the command line asks for.
enum Command: Sendable {
    case serve(ServerConfiguration)
    case help(String)
    case version
    case store(StoreCommand)
    case profile(ProfileCommand)
    case device(DeviceCommand)
    case links(LinksCommand)
    case probe(ProbeCommand)
    case requests(RequestsCommand)
    case stubs(StubsCommand)
    case scenarios(ScenariosCommand)
    case record(RecordCommand)

    /// Parses `arguments` (without the program name).
    static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        let wantsHelp = arguments.contains("--help") || arguments.contains("-h")
        switch arguments.first {
        case "mock":
            if wantsHelp {
                let all = StoreCommand.mockUsage + "\n\n" + StoreCommand.storeNotes
                return .help(StoreCommand.usage(of: arguments.dropFirst().first, mock: true) ?? all)
            }
            return .store(try StoreCommand.parse(Array(arguments.dropFirst()), mock: true))
        case "profile":
            if wantsHelp { return .help(ProfileCommand.usage) }
            return .profile(try ProfileCommand.parse(Array(arguments.dropFirst())))
        case "qr":
            if wantsHelp { return .help(DeviceCommand.qrUsage) }
            return .device(try DeviceCommand.parseQR(Array(arguments.dropFirst())))
        case "open":
            if wantsHelp { return .help(DeviceCommand.openUsage) }
            return .device(try DeviceCommand.parseOpen(Array(arguments.dropFirst())))
        case "links":
            if wantsHelp { return .help(LinksCommand.help) }
            return .links(try LinksCommand.parse(Array(arguments.dropFirst())))
        case "probe":
            if wantsHelp { return .help(ProbeCommand.usage) }
            return .probe(try ProbeCommand.parse(Array(arguments.dropFirst())))
        case "stubs":
            if wantsHelp { return .help(StubsCommand.usage) }
            return .stubs(try StubsCommand.parse(Array(arguments.dropFirst())))
        case "scenarios":
            if wantsHelp { return .help(ScenariosCommand.usage) }
            return .scenarios(try ScenariosCommand.parse(Array(arguments.dropFirst())))
        case "record":
            if wantsHelp { return .help(RecordCommand.usage) }
            return .record(try RecordCommand.parse(Array(arguments.dropFirst())))
        case "requests":
            if wantsHelp { return .help(RequestsCommand.usage) }
            return .requests(try RequestsCommand.parse(Array(arguments.dropFirst())))
        case "add", "list", "show", "rm":
            if wantsHelp { return .help(StoreCommand.usage(of: arguments.first, mock: false) ?? StoreCommand.shortcutUsage) }
            return .store(try StoreCommand.parse(arguments, mock: false))
        default:
            break
        }
        if wantsHelp { return .help(Help.serve) }
        if arguments.contains("--version") { return .version }
        var rest = arguments
        if rest.first == "serve" { rest.removeFirst() }
        return .serve(try ServerConfiguration.parse(rest))
    }
}

/// Runs a command as the `shortcut-serve` program does: output, exit codes, signals.
package enum CommandRunner {
    /// Exit code for usage errors (sysexits EX_USAGE).
    package static let usageExitCode: Int32 = 64

    /// Parses and runs; never returns for `serve` (it exits on SIGINT/SIGTERM).
    package static func main(_ arguments: [String]) -> Never {
        let command: Command
        do {
            command = try Command.parse(arguments)
        } catch {
            standardError("Error: \(error.message)\n\(error.usage)\n")
            Platform.exit(usageExitCode)
        }
        switch command {
        case .help(let text):
            print(text)
            Platform.exit(0)
        case .version:
            print("shortcut-serve \(Help.version)")
            Platform.exit(0)
        case .store(let command):
            runUntilDone { Command.printLine(try command.run()) }
        case .stubs(let command):
            runUntilDone { Command.printLine(try command.run()) }
        case .scenarios(let command):
            runUntilDone { Command.printLine(try command.run()) }
        case .profile(let command):
            do {
                let output = try command.run()
                writeUnbuffered(output, to: Platform.standardOutput)
                Platform.exit(0)
            } catch {
                standardError("error: \(error)\n")
                Platform.exit(1)
            }
        case .device(let command):
            do {
                print(try command.run())
                Platform.exit(0)
            } catch {
                standardError("error: \(error)\n")
                Platform.exit(1)
            }
        case .links(let command):
            do {
                let outcome = try command.run()
                if !outcome.errors.isEmpty { standardError(outcome.errors.map { $0 + "\n" }.joined()) }
                if !outcome.output.isEmpty { writeUnbuffered(outcome.output.map { $0 + "\n" }.joined(), to: Platform.standardOutput) }
                Platform.exit(outcome.status)
            } catch {
                standardError("Error: \(error.message)\n\(error.usage)\n")
                Platform.exit(usageExitCode)
            }
        case .requests(let command):
            runUntilDone { try command.run() }
        case .probe(let command):
            runUntilDone { try command.run() }
        case .serve(let options):
            ServeCommand(options: options).run()
        case .record(let command):
            command.run()
        }
    }
}

extension Command {
    /// Prints `output` and a newline, unless it is empty.
    static func printLine(_ output: String) { if !output.isEmpty { print(output) } }
}

/// Runs a command that prints as it goes (`probe`, `requests`): exit 0 when it returns, 1 with its error.
private func runUntilDone(_ run: () throws -> Void) -> Never {
    do {
        try run()
        Platform.exit(0)
    } catch {
        standardError("error: \(error)\n")
        Platform.exit(1)
    }
}

/// Writes `text` to standard error, unbuffered.
func standardError(_ text: String) {
    writeUnbuffered(text, to: Platform.standardError)
}

/// Writes all of `text` to `descriptor` at once, past partial writes and EINTR (a closed pipe ends it).
func writeUnbuffered(_ text: String, to descriptor: Int32) {
    writeUnbuffered(Array(text.utf8), to: descriptor)
}

/// Writes all of `bytes` to `descriptor`, past partial writes and EINTR (a closed pipe ends it).
func writeUnbuffered(_ bytes: [UInt8], to descriptor: Int32) {
    do {
        try Platform.writeAll(descriptor, bytes)
    } catch {
        return  // the reader has gone (EPIPE): there is no one left to tell
    }
}
