import Foundation
import Testing

@testable import SwifterCompat

/// `mimeType()` answers as Swifter 1.5's does, entry for entry (issue 26, point 7): before, 46 of Swifter's
/// extensions were missing (`kml`, `jnlp`, …: octet-stream) and 6 differed (`war`, `bmp`, `m4a`, `woff`, …),
/// so an app leaving Swifter served some files with another `Content-Type`.
@Suite struct MimeTypeParityTests {
    /// Swifter 1.5's table, one `extension type` per line (Fixtures/swifter-1.5-mime-types.txt).
    static func swifterTable() throws -> [(String, String)] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/swifter-1.5-mime-types.txt")
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let parts = line.split(separator: " ")
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }
    }

    @Test func everyExtensionOfSwiftersTableHasSwiftersType() throws {
        let table = try Self.swifterTable()
        #expect(table.count == 103)
        for (pathExtension, type) in table {
            #expect("file.\(pathExtension)".mimeType() == type, "\(pathExtension)")
            #expect("FILE.\(pathExtension.uppercased())".mimeType() == type, "\(pathExtension) in capitals")
            #expect(NSString(string: "a/b.\(pathExtension)").mimeType() == type)
        }
        // Nothing more: an extension Swifter does not know is octet-stream here too.
        #expect(MimeTypes.table.count == table.count)
        for other in ["webmanifest", "mobileconfig", "wasm", "heic", "woff2", "csv", "", "noextension"] {
            #expect("x.\(other)".mimeType() == "application/octet-stream", "\(other)")
        }
        #expect("README".mimeType() == "application/octet-stream")
    }
}
