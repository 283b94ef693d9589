#if os(macOS)
    import Foundation
#endif

/// `xcrun simctl openurl DEVICE URL`: opens a URL in a booted iOS Simulator, as tapping a link would.
/// Only a Mac with Xcode has it; elsewhere the CLI prints the command to run there.
struct SimulatorCommand: Sendable, Equatable {
    /// `booted` (the booted Simulator, or the most recently booted of several) or a device's UDID.
    let device: String
    let url: String

    /// `--device`: `booted` or a UDID (8-4-4-4-12 hex digits, as `xcrun simctl list devices` shows them).
    /// Anything else is refused: the value goes on simctl's command line.
    static func isValidDevice(_ text: String) -> Bool {
        if text == "booted" { return true }
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        return groups.map(\.count) == [8, 4, 4, 4, 12]
            && groups.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isHexDigit } }
    }

    var arguments: [String] { ["xcrun", "simctl", "openurl", device, url] }

    /// The command as a shell line, each argument quoted where the shell would read it otherwise.
    var shellLine: String { arguments.map(SimulatorCommand.shellQuoted).joined(separator: " ") }

    static func shellQuoted(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy {
            $0.isASCII
                && (("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || "-_./:@%+=,".unicodeScalars.contains($0))
        }
        return plain && !word.isEmpty
            ? word : "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    #if os(macOS)
        /// Runs it and returns simctl's exit status (its messages go to our standard error as they come).
        func run() throws -> Int32 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/xcrun")
            process.arguments = Array(arguments.dropFirst())
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
    #endif
}
