import Foundation
import Testing

/// Errors in words (issue 26, point 4): a file the user names that cannot be read or written is reported
/// with its path and the reason, never a Foundation type (`profile pay --out /missing/x.mobileconfig` printed
/// `CocoaError(code: …)` before; `--icon /nope.png` said no reason); `--icon -` reads standard input.
@Suite struct FileErrorWordsTests {
    @Test func profileOutIntoAMissingFolderSaysNoSuchFolder() throws {
        let store = try StoreFixture.storeWithGoodRecords()
        defer { try? FileManager.default.removeItem(at: store) }
        let missing = store.appendingPathComponent("missing/x.mobileconfig").path
        let run = try StoreFixture.run(["profile", "demo", "--out", missing, "--store", store.path]).run
        #expect(run.status == 1)
        #expect(run.stderr == "error: cannot write \(missing): no such folder \(store.path)/missing\n", "\(run.stderr)")
        let folder = try StoreFixture.run(["profile", "demo", "--out", store.path, "--store", store.path]).run
        #expect(folder.status == 1 && folder.stderr == "error: cannot write \(store.path): is a folder\n", "\(folder.stderr)")
        for text in [missing, folder.stderr] { #expect(!text.contains("Error(")) }
    }

    @Test func anIconThatCannotBeReadSaysWhy() throws {
        let store = try StoreFixture.storeWithGoodRecords()
        defer { try? FileManager.default.removeItem(at: store) }
        let nope = store.appendingPathComponent("nope.png").path
        let absent = try StoreFixture.run(["add", "--title", "T", "--open", "myapp://t", "--icon", nope, "--store", store.path]).run
        #expect(absent.status == 1 && absent.stderr == "error: cannot read icon \(nope): no such file\n", "\(absent.stderr)")
        let folder = try StoreFixture.run(["add", "--title", "T", "--open", "myapp://t", "--icon", store.path, "--store", store.path]).run
        #expect(folder.status == 1 && folder.stderr == "error: cannot read icon \(store.path): is a folder\n", "\(folder.stderr)")
        let mock = try StoreFixture.run(["mock", "add", "--file", nope, "--store", store.path]).run
        #expect(mock.status == 1 && mock.stderr == "error: cannot read \(nope): no such file\n", "\(mock.stderr)")
    }

    @Test func iconDashReadsStandardInput() throws {
        let store = try StoreFixture.storeWithGoodRecords()
        defer { try? FileManager.default.removeItem(at: store) }
        let png = store.appendingPathComponent("icon.png")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0x42, count: 56)).write(to: png)
        let run = try StoreFixture.run(
            ["add", "--id", "piped", "--title", "T", "--open", "myapp://t", "--icon", "-", "--store", store.path, "--no-qr"], input: png
        ).run
        #expect(run.status == 0, "\(run.stderr)")
        let shown = try StoreFixture.run(["show", "piped", "--html", "--store", store.path]).run
        #expect(shown.stdout.contains("data:image/png;base64,iVBORw0KGgpCQkJC"), "the piped bytes are the icon")
    }
}
