import ShortcutHTTP
import ShortcutPlatform
import ShortcutRecords
import ShortcutServe

/// `shortcut-serve [serve]`'s options, read into a `ServerConfiguration`.
extension ServerConfiguration {
    static let usage = """
        Usage: shortcut-serve [--host ADDRESS [--ipv6-only]] [--port N] [--store DIR] [--mode page|data]
                              [--template FILE] [--allow-host NAME]... [--profile-prefix NAME] [--aasa FILE]
                              [--assetlinks FILE] [--public-url URL] [--trust-proxy] [--expose-api --api-token TOKEN]
                              [--cache-bytes N] [--journal N] [--journal-bytes N] [--journal-bodies N]
                              [--journal-secrets] [--stubs DIR] [--global-response-templating] [--admin-from-browsers]
                              [--quiet] [limits…]
               shortcut-serve add|list|show|rm …     shortcuts in the store (shortcut-serve add --help)
               shortcut-serve mock add|list|show|rm …  stored pages in the store (shortcut-serve mock --help)
        """

    /// Parses the serve command's arguments; `environment` gives `SHORTCUT_SERVE_API_TOKEN`.
    static func parse(_ arguments: [String], environment: (String) -> String? = Platform.environment) throws(UsageError)
        -> ServerConfiguration
    {
        var reader = ArgumentReader(arguments, usage: usage)
        var options = ServerConfiguration()
        if let host = try reader.value("--host") {
            guard SocketAddress(host: host, port: 0) != nil else {
                throw UsageError("--host takes an IPv4 or IPv6 address (e.g. 127.0.0.1, ::1), not '\(host)'", usage: usage)
            }
            options.host = host
        }
        options.ipv6Only = reader.flag("--ipv6-only")
        if options.ipv6Only, let address = SocketAddress(host: options.host, port: 0), !address.isIPv6 || address.isIPv4Mapped {
            throw UsageError(
                "--ipv6-only goes with an IPv6 --host (::, ::1, …); '\(options.host)' is an IPv4 address", usage: usage)
        }
        if let port = try reader.integer("--port", in: 0...65535) { options.port = UInt16(port) }
        options.storePath = try reader.value("--store")
        if let mode = try reader.value("--mode") {
            guard let parsed = DeliveryMode(rawValue: mode) else {
                throw UsageError("--mode is page or data, not '\(mode)'", usage: usage)
            }
            options.mode = parsed
        }
        options.templatePath = try reader.value("--template")
        // A WireMock root folder: mappings/*.json and __files/.
        options.stubsPath = try reader.value("--stubs")
        options.globalResponseTemplating = reader.flag("--global-response-templating")
        options.allowedHosts = try reader.values("--allow-host")
        if let url = try reader.value("--public-url") {
            guard let origin = publicOrigin(url) else {
                throw UsageError("--public-url \(publicURLProblem(url) ?? "")", usage: usage)
            }
            options.publicURL = origin
        }
        options.trustsProxy = reader.flag("--trust-proxy")
        options.adminFromBrowsers = reader.flag("--admin-from-browsers")
        let exposesAPI = reader.flag("--expose-api")
        let givenToken = try reader.value("--api-token")
        if givenToken != nil && !exposesAPI {
            throw UsageError(
                "--api-token goes with --expose-api (without it, requests through a proxy or tunnel never reach /api/)", usage: usage)
        }
        if exposesAPI {
            guard let token = givenToken ?? environment(apiTokenVariable).flatMap({ $0.isEmpty ? nil : $0 }) else {
                throw UsageError(
                    "--expose-api needs --api-token TOKEN (or \(apiTokenVariable)): a forwarded request must show it as Authorization: Bearer TOKEN",
                    usage: usage)
            }
            if let problem = apiTokenProblem(token) { throw UsageError("--api-token \(problem)", usage: usage) }
            options.apiToken = token
        }
        if let prefix = try reader.value("--profile-prefix") {
            guard WebClipProfiles.isValidPrefix(prefix) else {
                throw UsageError(
                    "--profile-prefix takes a reverse-DNS name such as com.example.dev (letters, digits, '-', dots; "
                        + "at most \(WebClipProfiles.maxPrefixBytes) bytes), not '\(prefix.prefix(80))'", usage: usage)
            }
            options.profilePrefix = prefix
        }
        options.aasaPath = try reader.value("--aasa")
        options.assetLinksPath = try reader.value("--assetlinks")
        if let bytes = try reader.integer("--cache-bytes", in: 0...(1 << 40)) { options.cacheBytes = bytes }
        typealias Journal = RequestJournal.Settings
        if let count = try reader.integer("--journal", in: 0...Journal.entriesLimit) { options.journal.maxEntries = count }
        if let bytes = try reader.integer("--journal-bytes", in: 0...(1 << 32)) { options.journal.maxBytes = bytes }
        if let bytes = try reader.integer("--journal-bodies", in: 0...Journal.bodyBytesLimit) { options.journal.bodyBytes = bytes }
        options.journal.keepsSecrets = reader.flag("--journal-secrets")
        options.quiet = reader.flag("--quiet", "-q")
        var limits = ServerLimits()
        if let value = try reader.integer("--max-connections", in: 1...1_000_000) { limits.maxConnections = value }
        if let value = try reader.integer("--max-body-bytes", in: 0...(1 << 30)) { limits.maxBodyBytes = value }
        if let value = try reader.integer("--max-header-bytes", in: 256...(1 << 20)) { limits.maxHeaderBytes = value }
        if let value = try reader.integer("--max-output-bytes", in: 1...(1 << 30)) { limits.maxPendingOutputBytes = value }
        if let value = try reader.seconds("--header-timeout") { limits.headerReadTimeout = value }
        if let value = try reader.seconds("--idle-timeout") { limits.idleTimeout = value }
        if let value = try reader.seconds("--body-timeout") { limits.bodyReadTimeout = value }
        if let value = try reader.seconds("--write-timeout") { limits.writeTimeout = value }
        options.limits = limits
        try reader.finish()
        return options
    }
}
