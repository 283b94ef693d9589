import ShortcutJSON

/// The `apple-app-site-association` built from landing links that name their app (`app_id`) and a
/// universal link: one `applinks.details` entry per app ID, its components the links' universal paths.
///
/// Byte-stable: the same set of links gives the same bytes whatever order they were made in (apps and
/// paths sorted, compact JSON), so a CDN or a test sees no change where there is none. Checked by
/// `AASAChecker` like any `--aasa` file before it is served.
package enum LandingAssociation {
    /// The name problems are reported under (there is no file).
    package static let fileName = "apple-app-site-association (built from links)"

    /// Why no file can be built (over the size limit, or refused by the checker).
    package struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        package let description: String
    }

    /// The bytes and their matcher, or nil when no link names an app.
    /// - Parameter links: `(id, link)` pairs; links without `appID` or `universalURL` are left out.
    package static func build(_ links: [(id: String, link: LandingLink)]) throws(Failure) -> (bytes: [UInt8], matcher: LinkMatcher)? {
        // app ID -> path -> ids declaring it
        var apps: [String: [String: [String]]] = [:]
        for (id, link) in links {
            guard let appID = link.appID, let path = link.universalPath else { continue }
            apps[appID, default: [:]][path, default: []].append(id)
        }
        guard !apps.isEmpty else { return nil }
        let details: [JSONValue] = apps.keys.sorted().map { appID in
            let paths = apps[appID] ?? [:]
            let components: [JSONValue] = paths.keys.sorted().map { path in
                let ids = (paths[path] ?? []).sorted()
                return .object([("/", .string(path)), ("comment", .string("landing link \(ids.joined(separator: ", "))"))])
            }
            return .object([("appIDs", .array([.string(appID)])), ("components", .array(components))])
        }
        let document = JSONValue.object([("applinks", .object([("details", .array(details))]))])
        let bytes = Array(document.description.utf8)
        guard bytes.count <= AssociationFileLimits.maxBytes else {
            throw Failure(
                description:
                    "the apple-app-site-association built from \(links.count) links is \(bytes.count) bytes; the limit is \(AssociationFileLimits.maxBytes) (Apple's CDN refuses larger): remove links or serve a file with --aasa"
            )
        }
        let report = AASAChecker.check(bytes, file: fileName)
        let errors = report.problems.filter { $0.severity == .error }
        guard errors.isEmpty, let file = report.file else {
            throw Failure(description: errors.map(\.description).joined(separator: "; "))
        }
        do {
            return (bytes, try LinkMatcher(file: file))
        } catch {
            throw Failure(description: "\(fileName): \(error)")
        }
    }
}
