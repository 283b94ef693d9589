import TestSupport
import Testing

/// Issue 42, one voice: each subcommand's `--help` (and `-h`) is its own, on standard output, exit 0. Before,
/// `list`, `show` and `rm --help` printed `add`'s help with theirs, `mock add --help` every mock command's, and
/// `stubs --help` and `scenarios --help` were usage errors (exit 64).
@Suite struct SubcommandHelpTests {
    static let subcommands: [[String]] = [
        ["add"], ["list"], ["show"], ["rm"], ["mock", "add"], ["mock", "list"], ["mock", "show"], ["mock", "rm"], ["stubs"],
        ["scenarios"], ["requests"], ["links"], ["profile"], ["qr"], ["open"], ["probe"], ["record"],
    ]

    @Test(arguments: subcommands)
    func helpIsTheSubcommandsOwn(words: [String]) throws {
        let run = try ServeBinary.run(words + ["--help"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.hasPrefix("Usage: shortcut-serve \(words.joined(separator: " ")) "), "\(run.stdout)")
        // Only its own usage: no other subcommand's synopsis line.
        for other in Self.subcommands where other != words && other.first != "links" {
            #expect(!run.stdout.contains("shortcut-serve \(other.joined(separator: " ")) "), "\(words) prints \(other)'s usage")
        }
        #expect(try ServeBinary.run(words + ["-h"]).stdout == run.stdout)
    }

    @Test func noTwoSubcommandsPrintTheSameHelp() throws {
        var seen: [String: [String]] = [:]
        for words in Self.subcommands {
            let text = try ServeBinary.run(words + ["--help"]).stdout
            #expect(seen[text] == nil, "\(words) prints the help of \(seen[text] ?? [])")
            seen[text] = words
        }
    }
}
