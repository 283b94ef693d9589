import Foundation
import Testing

/// A damaged record is not a dead end (issue 26, point 3): `rm` (and `mock rm`, `links rm`) removes it after
/// saying what was wrong, and every warning about it names that command. Before: all three answered exit 1
/// ("damaged or unreadable") and nothing said what to do.
@Suite struct DamagedRecordRemovalTests {
    @Test(arguments: [["rm"], ["mock", "rm"], ["links", "rm"]])
    func rmRemovesADamagedRecordAfterSayingWhatWasWrong(command: [String]) throws {
        let store = try StoreFixture.storeWithGoodRecords()
        defer { try? FileManager.default.removeItem(at: store) }
        try StoreFixture.truncatedRecord(store, id: "pay")
        let listed = try StoreFixture.run(["list", "--store", store.path]).run
        #expect(
            listed.stderr.contains("pages/pay.page: ")
                && listed.stderr.contains("; remove it with: shortcut-serve rm pay --store \(store.path)\n"),
            "\(listed.stderr)")
        let shown = try StoreFixture.run(["show", "pay", "--store", store.path]).run
        #expect(
            shown.status == 1 && shown.stderr.hasSuffix("; remove it with: shortcut-serve rm pay --store \(store.path)\n"),
            "\(shown.stderr)")

        let taken = try StoreFixture.run(["add", "--id", "pay", "--title", "Pay", "--open", "myapp://pay", "--store", store.path]).run
        #expect(
            taken.status == 1 && taken.stderr.contains("by a damaged record (")
                && taken.stderr.hasSuffix("; remove it with: shortcut-serve rm pay --store \(store.path)\n"), "\(taken.stderr)")
        let (removed, hung) = try StoreFixture.run(command + ["pay", "--store", store.path])
        #expect(!hung)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(
            removed.stdout.hasPrefix("removed pay, a damaged record (") && removed.stdout.contains("truncated: the body is 400 bytes"),
            "\(removed.stdout)")
        #expect(!FileManager.default.fileExists(atPath: store.appendingPathComponent("pages/pay.page").path))
        let after = try StoreFixture.run(["list", "--store", store.path]).run
        #expect(after.status == 0 && after.stderr.isEmpty, "\(after.stderr)")
        // The id is free again.
        let added = try StoreFixture.run(["add", "--id", "pay", "--title", "Pay", "--open", "myapp://pay", "--store", store.path]).run
        #expect(added.status == 0, "\(added.stderr)")
    }

    @Test func rmOfAGoodRecordStillChecksItsKind() throws {
        let store = try StoreFixture.storeWithGoodRecords()
        defer { try? FileManager.default.removeItem(at: store) }
        // good1 is a mock: `rm` (shortcuts) refuses it as before; the damaged-record path does not take it.
        let refused = try StoreFixture.run(["rm", "good1", "--store", store.path]).run
        #expect(refused.status == 1 && refused.stderr.contains("is a mock"), "\(refused.stderr)")
        #expect(FileManager.default.fileExists(atPath: store.appendingPathComponent("pages/good1.page").path))
    }
}
