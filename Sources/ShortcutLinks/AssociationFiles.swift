#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `--aasa FILE` and `--assetlinks FILE`: read and checked once, at start. A file with errors stops the
/// start (every problem printed as an `error:` line); one with warnings is served, the warnings said.
package struct AssociationFiles: Sendable {
    /// The files' problems, when any is an error: printed one `error:` line each.
    package struct Refusal: Error, Equatable, CustomStringConvertible {
        package let lines: [String]
        package var description: String { lines.joined(separator: "\n") }
    }

    /// The `apple-app-site-association` bytes as read, and their matcher.
    package let aasa: (bytes: [UInt8], matcher: LinkMatcher)?
    /// The `assetlinks.json` bytes as read.
    package let assetLinks: [UInt8]?
    /// `path: json.path: message` for each warning.
    package let warnings: [String]

    package init(aasaPath: String?, assetLinksPath: String?) throws(Refusal) {
        var problems: [LinkProblem] = []
        var aasa: (bytes: [UInt8], matcher: LinkMatcher)?
        var assetLinks: [UInt8]?
        var unreadable: [String] = []
        if let aasaPath {
            do {
                let bytes = try AssociationFiles.read(aasaPath)
                let report = AASAChecker.check(bytes, file: aasaPath)
                problems += report.problems
                if let file = report.file { aasa = (bytes, try LinkMatcher(file: file)) }
            } catch let error as Refusal {
                unreadable += error.lines
            } catch {
                unreadable.append("\(aasaPath): \(error)")
            }
        }
        if let assetLinksPath {
            do {
                let bytes = try AssociationFiles.read(assetLinksPath)
                let found = AssetLinksChecker.check(bytes, file: assetLinksPath)
                problems += found
                if !found.contains(where: { $0.severity == .error }) { assetLinks = bytes }
            } catch {
                unreadable += error.lines
            }
        }
        let errors = unreadable + problems.filter { $0.severity == .error }.map(\.description)
        guard errors.isEmpty else { throw Refusal(lines: errors) }
        self.aasa = aasa
        self.assetLinks = assetLinks
        warnings = problems.filter { $0.severity == .warning }.map(\.description)
    }

    /// The file's bytes (the checkers refuse more than `AssociationFileLimits.maxBytes`).
    package static func read(_ path: String) throws(Refusal) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Refusal(lines: ["\(path): cannot read the file (missing, a folder, or not readable)"])
        }
        return Array(data)
    }
}
