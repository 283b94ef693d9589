import Foundation
import ShortcutHTTP
import TestSupport
import Testing

@testable import ShortcutCLI

/// `shortcut-serve qr`, `open` and what `add` prints for devices, through the real binary; every QR code
/// it draws is read back by zbarimg.
@Suite struct DeviceCLITests {
    static func temporaryStore() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("ss-dev-\(UUID().uuidString)").path
    }

    /// The URL zbarimg reads from the half-block drawing in `output` (the lines made only of blocks).
    static func decodedQR(in output: String) throws -> String {
        let drawing = output.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.isEmpty && $0.allSatisfy { " ▀▄█".contains($0) } }.joined(separator: "\n")
        return String(decoding: try ZBarReader.decode(terminalText: drawing), as: UTF8.self)
    }

    @Test(arguments: ["http://192.168.1.20:9081/s/scan", "myapp://search?q=a&b=c d", "café ☕"])
    func qrOfAnyText(text: String) throws {
        let run = try ServeBinary.run(["qr", "--url", text])
        #expect(run.status == 0)
        #expect(try DeviceCLITests.decodedQR(in: run.stdout) == text)
    }

    @Test func qrOfTooLongATextIsAnErrorNamingBothLengths() throws {
        let run = try ServeBinary.run(["qr", "--url", String(repeating: "a", count: 3000)])
        #expect(run.status == 1)
        #expect(run.stderr == "error: text is 3000 bytes; a QR code holds at most 2331 at error correction level M\n")
        let high = try ServeBinary.run(["qr", "--url", String(repeating: "a", count: 1274), "--level", "H"])
        #expect(high.stderr == "error: text is 1274 bytes; a QR code holds at most 1273 at error correction level H\n")
        #expect(try ServeBinary.run(["qr", "--url", "x", "--level", "Z"]).status == 64)
    }

    @Test func qrOfAShortcutUsesTheNetworkAddressOrTheBaseURL() throws {
        let store = DeviceCLITests.temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: store) }
        #expect(try ServeBinary.run(["add", "--title", "Scan", "--open", "myapp://scan", "--id", "scan", "--store", store]).status == 0)
        let given = try ServeBinary.run(["qr", "scan", "--base-url", "http://10.1.2.3:8080/", "--store", store])
        #expect(given.status == 0)
        #expect(given.stdout.hasPrefix("http://10.1.2.3:8080/s/scan\n"))
        #expect(try DeviceCLITests.decodedQR(in: given.stdout) == "http://10.1.2.3:8080/s/scan")
        let lan = try NetworkAddress.first()
        let found = try ServeBinary.run(["qr", "scan", "--port", "9444", "--store", store])
        #expect(try DeviceCLITests.decodedQR(in: found.stdout) == "http://\(lan):9444/s/scan")
        let missing = try ServeBinary.run(["qr", "nosuch", "--store", store])
        #expect(missing.status == 1)
        #expect(missing.stderr == "error: no shortcut 'nosuch' in \(store)\n")
    }

    @Test func openPrintsTheSimulatorCommandOnLinux() throws {
        let store = DeviceCLITests.temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: store) }
        #expect(try ServeBinary.run(["add", "--title", "Scan", "--open", "myapp://scan", "--id", "scan", "--store", store]).status == 0)
        #if os(Linux)
            let run = try ServeBinary.run(["open", "scan", "--store", store])
            #expect(run.status == 0)
            #expect(run.stdout == "xcrun simctl openurl booted http://127.0.0.1:9081/s/scan\n")
            #expect(run.stderr == "note: the iOS Simulator runs only on macOS; on the Mac, run:\n")
            let udid = try ServeBinary.run([
                "open", "scan", "--device", "1A2B3C4D-1A2B-1A2B-1A2B-1A2B3C4D5E6F",
                "--base-url", "http://127.0.0.1:9000", "--store", store,
            ])
            #expect(udid.stdout == "xcrun simctl openurl 1A2B3C4D-1A2B-1A2B-1A2B-1A2B3C4D5E6F http://127.0.0.1:9000/s/scan\n")
        #endif
        let bad = try ServeBinary.run(["open", "scan", "--device", "--help-me", "--store", store])
        #expect(bad.status == 64)
        #expect(try ServeBinary.run(["open", "nosuch", "--store", store]).status == 1)
    }

    @Test func addPrintsTheSimulatorCommandAndAQRCodeOfTheNetworkAddress() throws {
        let store = DeviceCLITests.temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: store) }
        // --qr: standard output is a pipe here, where the code is left out unless asked for.
        let run = try ServeBinary.run(["add", "--title", "Scan", "--open", "myapp://scan", "--id", "scan", "--store", store, "--qr"])
        #expect(run.status == 0)
        let lan = try NetworkAddress.first()
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("simulator: xcrun simctl openurl booted http://127.0.0.1:9081/s/scan"))
        #expect(lines.contains("on your network: http://\(lan):9081/s/scan (the server must listen there: shortcut-serve --host 0.0.0.0)"))
        #expect(try DeviceCLITests.decodedQR(in: run.stdout) == "http://\(lan):9081/s/scan")
        #expect(lines.contains { $0.hasPrefix("note: over http:// a phone's page is not in a secure context") }, "issue 24: add says it")
    }

    @Test(arguments: [
        ("booted", true), ("1A2B3C4D-1A2B-1A2B-1A2B-1A2B3C4D5E6F", true), ("-x", false), ("", false),
        ("1A2B3C4D-1A2B-1A2B-1A2B-1A2B3C4D5E6", false), ("Booted", false), ("1A2B3C4D-1A2B-1A2B-1A2B-1A2B3C4D5E6G", false),
    ])
    func deviceNames(text: String, valid: Bool) {
        #expect(SimulatorCommand.isValidDevice(text) == valid)
    }

    @Test func shellQuoting() {
        #expect(SimulatorCommand.shellQuoted("http://a.b:9/s/x") == "http://a.b:9/s/x")
        #expect(SimulatorCommand.shellQuoted("http://a/?x=1&y=2") == "'http://a/?x=1&y=2'")
        #expect(SimulatorCommand.shellQuoted("it's") == "'it'\\''s'")
        #expect(SimulatorCommand.shellQuoted("") == "''")
    }

    @Test(arguments: [
        ("http://127.0.0.1:9081", true), ("http://localhost:8080/", true), ("http://[::1]:9081", true),
        ("http://192.168.1.20:9081", false), ("https://mac.example", false), ("http://127.1.2.3", true),
    ])
    func loopbackRoots(root: String, loopback: Bool) {
        #expect(DeviceURLs.isLoopback(root) == loopback)
    }

    @Test(arguments: [
        ("http://127.0.0.1:9081", 9081), ("http://[::1]:8080/x", 8080), ("http://a.example", 80),
        ("https://a.example/", 443),
    ])
    func portsOfRoots(root: String, port: Int) {
        #expect(DeviceURLs.port(of: root) == UInt16(port))
    }
}

/// The QR code after `add` only on a terminal (issue 26, point 5): into a pipe, a script reads the lines;
/// `--qr` and `--no-qr` decide either way. Before, a 20-line code went into every pipe.
@Suite struct AddQRCodeTests {
    @Test func aPipeGetsNoCodeUnlessAsked() throws {
        let store = DeviceCLITests.temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: store) }
        let base = ["add", "--title", "Scan", "--open", "myapp://scan", "--store", store, "--base-url", "http://192.0.2.7:9081"]
        let piped = try ServeBinary.run(base)
        #expect(piped.status == 0 && piped.stdout.contains("on your network: http://192.0.2.7:9081/s/"), "\(piped.stdout)")
        #expect(!piped.stdout.contains("▀") && !piped.stdout.contains("█"), "no half blocks into a pipe")
        let asked = try ServeBinary.run(base + ["--qr"])
        #expect(asked.stdout.contains("▀") || asked.stdout.contains("█"), "\(asked.stdout)")
        let both = try ServeBinary.run(base + ["--qr", "--no-qr"])
        #expect(both.status == 64)
    }
}
