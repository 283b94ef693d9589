import ShortcutLinks

/// `shortcut-serve links check FILE…` and `links match URL --aasa FILE`: the server's checks and
/// matcher, offline; `links add|list|show|rm`: landing links in the store (`LinkStoreCommand`).
enum LinksCommand: Sendable, Equatable {
    /// Check each file: `apple-app-site-association`, or `assetlinks.json` when its JSON is an array.
    case check([String])
    /// Which app opens `url` under the `aasa` file, and why.
    case match(url: String, aasa: String)
    /// Landing links in the store.
    case store(LinkStoreCommand)

    static let usage = """
        Usage: shortcut-serve links check FILE...            check apple-app-site-association / assetlinks.json files
               shortcut-serve links match URL --aasa FILE    which app opens URL, and why
               shortcut-serve links add --id ID --title T --app-url URL --fallback-url URL [--universal-url URL]
                                    [--description D] [--image URL] [--app-store-id N] [--app-clip-bundle-id B]
                                    [--app-id TEAMID.bundle.id] [--store DIR] [--base-url URL] [--json]
               shortcut-serve links list [--json] [--base-url URL] | show ID [--json] | rm ID [--store DIR]
                                                             landing links in the store
        """

    static let help =
        usage + """


            check prints one line per problem (error: or warning:, the file, the JSON path, what is wrong and what
            is allowed), then one ok line per file without errors. Exit 0 when no file has an error, 1 otherwise.
            A file whose JSON is an array is read as assetlinks.json, any other as apple-app-site-association.
            Files over \(AssociationFileLimits.maxBytes) bytes (128 KB, Apple's CDN limit) are refused.

            match tries every component of every applinks.details entry in order, prints each verdict, the one
            that decides (the first match, or an exclusion) and the result. Exit 0 when an app opens the URL,
            1 when Safari does (or the file has errors). It follows Apple's documented rules, not iOS itself.

            add makes a landing link in the store: GET /open/ID on the server is a page that tries --app-url,
            then goes to --fallback-url if the page is still visible after 1500 ms (?delay=MS, at most 60000).
            With --app-store-id it carries the Smart App Banner (and the App Clip card with --app-clip-bundle-id).
            With --app-id and --universal-url, a server started without --aasa serves an
            apple-app-site-association built from such links: the universal link's path opens --app-id.
            add prints the link, its page and its secret (DELETE /api/links/ID needs it); list prints
            ID, title, app URL and fallback URL, one link a line; show prints the fields; rm removes the link.
            Exit 1 with one error: line when the store or a field refuses (list, show and rm never make a store).

            Examples:
              shortcut-serve links check apple-app-site-association
              shortcut-serve links match 'https://example.com/buy/1?ref=a#top' --aasa apple-app-site-association
              shortcut-serve links add --id spring --title "Spring sale" --app-url myapp://sale/spring \\
                  --fallback-url https://example.com/sale
            """

    static func parse(_ arguments: [String]) throws(UsageError) -> LinksCommand {
        guard let verb = arguments.first else { throw UsageError("links needs check, match, add, list, show or rm", usage: usage) }
        if ["add", "list", "show", "rm"].contains(verb) {
            return .store(try LinkStoreCommand.parse(verb: verb, Array(arguments.dropFirst())))
        }
        var reader = ArgumentReader(Array(arguments.dropFirst()), usage: usage)
        // Every command takes --store (a script passes it to all of them); check and match read no store.
        _ = try reader.value("--store")
        switch verb {
        case "check":
            let files = try reader.positionals()
            guard !files.isEmpty else { throw UsageError("links check needs at least one FILE", usage: usage) }
            return .check(files)
        case "match":
            guard let aasa = try reader.value("--aasa") else { throw UsageError("links match needs --aasa FILE", usage: usage) }
            let rest = try reader.positionals()
            guard rest.count == 1, let url = rest.first else {
                throw UsageError(rest.isEmpty ? "links match needs a URL" : "links match takes one URL, not \(rest.count)", usage: usage)
            }
            return .match(url: url, aasa: aasa)
        default:
            throw UsageError("unknown links command '\(verb.prefix(40))': check, match, add, list, show or rm", usage: usage)
        }
    }

    /// What to print on standard output and standard error, and the exit status.
    struct Outcome: Equatable {
        var output: [String] = []
        var errors: [String] = []
        var status: Int32 = 0
    }

    func run() throws(UsageError) -> Outcome {
        var outcome = Outcome()
        switch self {
        case .check(let files):
            for path in files {
                let bytes: [UInt8]
                do {
                    bytes = try AssociationFiles.read(path)
                } catch {
                    outcome.output += error.lines.map { "error: \($0)" }
                    outcome.status = 1
                    continue
                }
                let problems = LinksCommand.problems(in: bytes, file: path)
                outcome.output += problems.map { "\($0.severity.rawValue): \($0)" }
                if problems.contains(where: { $0.severity == .error }) { outcome.status = 1 } else { outcome.output.append("\(path): ok") }
            }
        case .match(let text, let aasaPath):
            let url: LinkURL
            do {
                url = try LinkURL(parsing: text)
            } catch {
                throw UsageError(error.description, usage: LinksCommand.usage)
            }
            let files: AssociationFiles
            do {
                files = try AssociationFiles(aasaPath: aasaPath, assetLinksPath: nil)
            } catch {
                outcome.errors = error.lines.map { "error: \($0)" }
                outcome.status = 1
                return outcome
            }
            guard let aasa = files.aasa else { return outcome }
            outcome.errors = files.warnings.map { "warning: \($0)" }
            let trace = aasa.matcher.trace(url)
            outcome.output = trace.lines
            outcome.status = trace.opensApp ? 0 : 1
        case .store(let command):
            var warnings: [String] = []
            do {
                outcome.output = try command.run { warnings.append("warning: \($0)") }
            } catch {
                outcome.errors.append("error: \(error)")
                outcome.status = 1
            }
            outcome.errors = warnings + outcome.errors
        }
        return outcome
    }

    /// The checker a file's content calls for: a JSON array is an assetlinks.json.
    static func problems(in bytes: [UInt8], file: String) -> [LinkProblem] {
        let firstByte = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if firstByte == UInt8(ascii: "[") { return AssetLinksChecker.check(bytes, file: file) }
        return AASAChecker.check(bytes, file: file).problems
    }
}
