import Foundation
import TestSupport
import Testing

/// Issue 42, one voice: messages in words, not type names or errno numbers (the API's: TypeErrorWordsTests).
/// Before, a `--store` path through a file was `/x/file/sub: Not a directory (errno 20)` (naming `sub`, which
/// is not the problem), after a note about `servers.json` in the same words; `list` there printed an empty
/// list, as if the store were only not made yet.
@Suite struct WordsNotCodesTests {
    static let commands: [[String]] = [
        ["add", "--title", "T", "--open", "myapp://t"], ["list"], ["list", "--json"], ["show", "x"], ["rm", "x"], ["mock", "list"],
        ["mock", "show", "x"], ["mock", "rm", "x"], ["links", "list"], ["qr", "x"], ["profile", "x"],
    ]

    @Test func aStorePathThroughAFileNamesTheFileInWords() throws {
        let file = ServeBinary.temporaryStore()
        try Data("not a store".utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        for command in Self.commands + [["mock", "add", "--file", file]] {
            let under = try ServeBinary.run(command + ["--store", file + "/sub"])
            #expect(under.status == 1, "\(command)")
            #expect(under.stdout.isEmpty, "\(command): \(under.stdout)")
            #expect(under.stderr == "error: --store \(file)/sub: \(file) is a file, not a folder\n", "\(command)")
            let itself = try ServeBinary.run(command + ["--store", file])
            #expect(itself.status == 1, "\(command)")
            #expect(itself.stderr == "error: --store \(file): it is a file, not a folder\n", "\(command)")
        }
        let served = try ServeBinary.run(["--store", file + "/sub", "--port", "0"])
        #expect(served.status == 1)
        #expect(served.stderr == "error: --store \(file)/sub: \(file) is a file, not a folder\n")
    }
}
