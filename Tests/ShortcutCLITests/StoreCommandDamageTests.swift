import Foundation
import Testing

/// What the CLI says about damage and about a store that is not there (issue 8, point 13).
@Suite struct StoreCommandDamageTests {
    @Test func mockListReportsEachDamagedFileOnStandardErrorAndListsTheGoodOnes() throws {
        let store = try StoreFixture.storeWithGoodRecords()
        try StoreFixture.truncatedRecord(store, id: "truncated")
        try StoreFixture.write(Array("not a record\n".utf8), "pages/junk.page", in: store)
        try FileManager.default.createDirectory(at: store.appendingPathComponent("pages/folder.page"), withIntermediateDirectories: false)
        for arguments in [["mock", "list"], ["list"]] {
            let (run, hung) = try StoreFixture.run(arguments + ["--store", store.path])
            #expect(!hung)
            #expect(run.status == 0, "the good records were listed: \(run.stderr)")
            let warnings = run.stderr.split(separator: "\n")
            #expect(warnings.count == 3, "\(arguments): \(run.stderr)")
            for name in ["truncated.page", "junk.page", "folder.page"] {
                #expect(warnings.contains { $0.hasPrefix("warning: \(store.path)/pages/\(name): ") }, "\(name) in \(run.stderr)")
            }
            #expect(warnings.contains { $0.contains("truncated.page") && $0.contains("truncated: the body is") })
            #expect(warnings.contains { $0.contains("folder.page") && $0.contains("not a regular file") })
        }
        #expect(
            try StoreFixture.run(["mock", "list", "--store", store.path]).run.stdout.split(separator: "\n").map { $0.prefix(5) } == [
                "good1", "good2",
            ])
        #expect(try StoreFixture.run(["list", "--store", store.path]).run.stdout == "short\tShort\tapp://s\n")
    }

    @Test func showOnADamagedRecordSaysItIsDamagedAndWhy() throws {
        let store = try StoreFixture.storeWithGoodRecords()
        try StoreFixture.truncatedRecord(store, id: "truncated")
        try FileManager.default.createDirectory(at: store.appendingPathComponent("pages/folder.page"), withIntermediateDirectories: false)
        try StoreFixture.makeFIFO("pages/fifo.page", in: store)
        let cases: [(id: String, why: String)] = [
            ("truncated", "truncated: the body is 400 bytes; the header says 500"),
            ("folder", "not a regular file (a directory)"),
            ("fifo", "not a regular file (a FIFO)"),
        ]
        for (id, why) in cases {
            for command in [["mock", "show"], ["show"]] {
                let (run, hung) = try StoreFixture.run(command + [id, "--store", store.path])
                #expect(!hung)
                #expect(run.status == 1)
                #expect(run.stdout.isEmpty)
                #expect(run.stderr.hasPrefix("error: record '\(id)' in \(store.path) is damaged or unreadable: "), "\(run.stderr)")
                #expect(
                    run.stderr.contains(why) && run.stderr.hasSuffix("\n") && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
            }
        }
        let missing = try StoreFixture.run(["mock", "show", "nothing", "--store", store.path]).run
        #expect(missing.status == 1 && missing.stderr == "error: no record 'nothing' in \(store.path)\n")
    }

    @Test(arguments: [["mock", "show", "x"], ["mock", "rm", "x"], ["show", "x"], ["rm", "x"]])
    func aCommandOnAStoreThatIsNotThereSaysSoAndCreatesNothing(command: [String]) throws {
        let missing = StoreFixture.folder()
        let (run, hung) = try StoreFixture.run(command + ["--store", missing.path])
        #expect(!hung)
        #expect(run.status == 1)
        #expect(run.stderr == "error: no store at \(missing.path): the folder does not exist\n", "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: missing.path), "\(command) created the store")
    }

    @Test func aFolderThatIsNotAStoreIsRefusedByReadingCommands() throws {
        let plain = StoreFixture.folder()
        try FileManager.default.createDirectory(at: plain, withIntermediateDirectories: false)
        let (run, _) = try StoreFixture.run(["mock", "list", "--store", plain.path])
        #expect(run.status == 1)
        #expect(run.stderr == "error: no store at \(plain.path): it has no pages folder\n", "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: plain.path).isEmpty)
    }

    @Test func addingCreatesTheStore() throws {
        let fresh = StoreFixture.folder()
        let file = fresh.path + "-page.html"
        try Data("<p>x</p>".utf8).write(to: URL(fileURLWithPath: file))
        let added = try StoreFixture.run(["mock", "add", "--file", file, "--id", "first", "--store", fresh.path]).run
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try StoreFixture.run(["mock", "list", "--store", fresh.path]).run.stdout.hasPrefix("first\t200"))
    }
}
