import ShortcutHTTP
import ShortcutPlatform
import ShortcutQR
import ShortcutRecords

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `shortcut-serve qr` and `shortcut-serve open`: from the terminal to a real iPhone (a QR code of the
/// shortcut's address on this machine's network) or to the Simulator (`xcrun simctl openurl`).
enum DeviceCommand: Sendable, Equatable {
    /// A QR code of a stored shortcut's `/s/<id>` (`baseURL`: where a phone reaches the server; else this
    /// machine's first network address at `port`; with neither, the running server's address, as `add` finds
    /// it: `PhoneAddress`), or of any text.
    case qrShortcut(id: String, baseURL: String?, port: UInt16?, level: QRErrorCorrection, store: String?)
    case qrText(String, level: QRErrorCorrection)
    /// A stored shortcut's `/s/<id>` opened in the Simulator.
    case open(id: String, device: String, baseURL: String, store: String?)

    static let qrUsage = """
        Usage: shortcut-serve qr ID [--base-url URL] [--port N] [--level L|M|Q|H] [--store DIR]
               shortcut-serve qr --url TEXT [--level L|M|Q|H] [--store DIR]
          Draws a QR code in the terminal: of /s/ID at the address where the server running on the store
          reaches a phone (its --public-url or its network address; an error when it listens on loopback only),
          else of http://<this machine's network address>:9081/s/ID; --port N or --base-url URL gives the
          address instead. Or a code of any TEXT. A phone's camera opens it; the server must listen on the
          network for that (shortcut-serve --host 0.0.0.0).
        """

    static let openUsage = """
        Usage: shortcut-serve open ID [--device booted|UDID] [--base-url URL] [--store DIR]
          Opens <base-url>/s/ID (default http://127.0.0.1:9081) in the iOS Simulator with
          xcrun simctl openurl (macOS with Xcode); elsewhere prints that command and exits 0.
        """

    static func parseQR(_ arguments: [String]) throws(UsageError) -> DeviceCommand {
        var reader = ArgumentReader(arguments, usage: qrUsage)
        var level = QRErrorCorrection.medium
        if let letter = try reader.value("--level") {
            guard let parsed = QRErrorCorrection(letter: letter) else {
                throw UsageError("--level is L, M, Q or H, not '\(letter)'", usage: qrUsage)
            }
            level = parsed
        }
        if let text = try reader.value("--url") {
            _ = try reader.value("--store")  // every command takes it; a text's code reads no store
            try reader.finish()
            guard !text.isEmpty else { throw UsageError("--url needs a text to encode", usage: qrUsage) }
            return .qrText(text, level: level)
        }
        let base = try reader.value("--base-url")
        let port = try reader.integer("--port", in: 1...65535)
        let store = try reader.value("--store")
        let rest = try reader.positionals()
        guard rest.count == 1 else { throw UsageError("qr takes one shortcut ID, or --url TEXT", usage: qrUsage) }
        return .qrShortcut(id: rest[0], baseURL: base, port: port.map { UInt16($0) }, level: level, store: store)
    }

    static func parseOpen(_ arguments: [String]) throws(UsageError) -> DeviceCommand {
        var reader = ArgumentReader(arguments, usage: openUsage)
        let device = try reader.value("--device") ?? "booted"
        guard SimulatorCommand.isValidDevice(device) else {
            throw UsageError("--device is booted or a UDID like 1A2B3C4D-1A2B-1A2B-1A2B-1A2B3C4D5E6F, not '\(device)'", usage: openUsage)
        }
        let store = try reader.value("--store")
        let base = try reader.value("--base-url") ?? RunningServers.defaultBaseURL(store: store)
        let rest = try reader.positionals()
        guard rest.count == 1 else { throw UsageError("open takes one shortcut ID", usage: openUsage) }
        return .open(id: rest[0], device: device, baseURL: base, store: store)
    }

    /// A failure at run time: one `error: …` line, exit 1.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs the command: what to print on standard output; `note` gets lines for standard error.
    func run(note: (String) -> Void = { standardError("note: \($0)\n") }) throws -> String {
        switch self {
        case .qrText(let text, let level):
            return try DeviceCommand.drawing(of: text, level: level)
        case .qrShortcut(let id, let base, let port, let level, let store):
            try DeviceCommand.requireShortcut(id, store: store)
            let root = try DeviceCommand.phoneRoot(baseURL: base, port: port, store: store, note: note)
            let url = root + RecordPath.shortcut(id)
            return url + "\n" + (try DeviceCommand.drawing(of: url, level: level))
        case .open(let id, let device, let base, let store):
            try DeviceCommand.requireShortcut(id, store: store)
            let command = SimulatorCommand(device: device, url: StoreCommand.root(of: base) + RecordPath.shortcut(id))
            #if os(macOS)
                let status = try command.run()
                guard status == 0 else { throw Failure(description: "\(command.shellLine) exited with status \(status)") }
                return "opened \(command.url) in the Simulator (\(device))"
            #else
                note("the iOS Simulator runs only on macOS; on the Mac, run:")
                return command.shellLine
            #endif
        }
    }

    /// Where the code of a shortcut points: `--base-url`; else this machine's network address at `--port`; else
    /// the running server's address as `add` finds it (`PhoneAddress`), an error when it has none a phone opens.
    private static func phoneRoot(baseURL: String?, port: UInt16?, store: String?, note: (String) -> Void) throws -> String {
        if let baseURL { return StoreCommand.root(of: baseURL) }
        let found: PhoneAddress
        if let port {
            found = DeviceURLs.networkRoots(port: port).first.map { .guessed(root: $0) } ?? .none
        } else {
            let registry = RunningServers.registry(in: RunningServers.storeURL(store))
            found = PhoneAddress.find(
                for: StoreCommand.root(of: registry.servers.first?.baseURL ?? StoreCommand.defaultBaseURL), in: registry)
        }
        switch found {
        case .running(let root, _), .guessed(let root):
            return root
        case .loopbackOnly(let root):
            throw Failure(description: PhoneAddress.loopbackOnly(root) + "; --base-url URL draws a code of another address")
        case .unknown(let problem):
            throw Failure(description: "no address for a phone: " + PhoneAddress.unknown(problem))
        case .none:
            note("no network address found: this code opens only on this machine (or its Simulator)")
            return "http://127.0.0.1:\(port ?? DeviceURLs.port(of: StoreCommand.defaultBaseURL))"
        }
    }

    /// The terminal drawing of `text`, in black on white when standard output is a terminal.
    static func drawing(of text: String, level: QRErrorCorrection) throws -> String {
        do {
            let code = try QRCode(text: text, errorCorrection: level)
            return String(code.terminalText(colours: Platform.isTerminal(Platform.standardOutput)).dropLast())
        } catch {
            throw Failure(description: "\(error)")
        }
    }

    /// Fails unless the store holds a shortcut `id` (or `id` is the built-in demo).
    private static func requireShortcut(_ id: String, store path: String?) throws {
        guard id != ShortcutRecord.demoID else { return }
        guard PageID.isValid(id) else { throw Failure(description: "invalid id '\(id)'") }
        let store = try StoreCommand.open(path, .readOnly)
        guard let page = store.lookup(id).page else { throw Failure(description: "no shortcut '\(id)' in \(store.directory.path)") }
        let kind = RecordKind(page)
        guard kind == .shortcut else { throw Failure(description: "\(ServiceError.otherKind(id: id, is: kind, asked: .shortcut))") }
    }
}
