import ShortcutHTTP
import ShortcutPlatform
import ShortcutService
import ShortcutStore

/// The options of `shortcut-serve [serve]`.
public struct ServeOptions: Sendable, Equatable {
    public var host = "127.0.0.1"
    public var port: UInt16 = 9081
    /// The store folder; nil: the per-user default.
    public var storePath: String?
    public var quiet = false
    public var mode = DeliveryMode.page
    public var templatePath: String?
    /// Extra names accepted in `Host` by `/` and the `/api/` routes (besides loopback names and `--host`).
    /// A name does not open the API to what a tunnel forwards: that takes `apiToken`.
    public var allowedHosts: [String] = []
    /// `--expose-api --api-token TOKEN` (or `SHORTCUT_SERVE_API_TOKEN`): a request forwarded by a proxy or
    /// tunnel may use `/api/` and `/` with `Authorization: Bearer TOKEN`; nil: such requests are refused.
    public var apiToken: String?
    /// `--public-url`: the origin (`https://NAME[:PORT]`) a phone reaches the server at, which every printed
    /// link, QR code, profile, API answer and the index use; nil: the address each request came in on.
    public var publicURL: String?
    /// `--trust-proxy`: links for a request a proxy on this machine forwarded use the origin it names
    /// (`X-Forwarded-Proto`/`-Host`, `Forwarded`). Off by default: anyone may send those fields.
    public var trustsProxy = false
    /// `--profile-prefix`: the reverse-DNS start of web clip profiles' identifiers.
    public var profilePrefix = WebClipProfiles.defaultPrefix
    /// `--aasa FILE`: the apple-app-site-association served at /.well-known/ and matched by /api/links/match.
    public var aasaPath: String?
    /// `--assetlinks FILE`: the assetlinks.json served at /.well-known/.
    public var assetLinksPath: String?
    public var limits = ServerLimits()
    /// `--cache-bytes`: the one budget of what the server keeps in memory for speed (`CacheBudget`).
    public var cacheBytes = CacheBudget.defaultBytes

    public init() {}

    static let usage = """
        Usage: shortcut-serve [--host ADDRESS] [--port N] [--store DIR] [--mode page|data] [--template FILE]
                              [--allow-host NAME]... [--profile-prefix NAME] [--aasa FILE] [--assetlinks FILE]
                              [--public-url URL] [--trust-proxy] [--expose-api --api-token TOKEN]
                              [--cache-bytes N] [--quiet] [limits…]
               shortcut-serve add|list|show|rm …     shortcuts in the store (shortcut-serve add --help)
               shortcut-serve mock add|list|show|rm …  stored pages in the store (shortcut-serve mock --help)
        """

    /// The environment variable that gives `--api-token` without putting it on a command line (which other
    /// users of the machine can read in the process list).
    public static let apiTokenVariable = "SHORTCUT_SERVE_API_TOKEN"

    /// Parses the serve command's arguments; `environment` gives `SHORTCUT_SERVE_API_TOKEN`.
    static func parse(_ arguments: [String], environment: (String) -> String? = Platform.environment) throws(UsageError) -> ServeOptions {
        var reader = ArgumentReader(arguments, usage: usage)
        var options = ServeOptions()
        if let host = try reader.value("--host") {
            guard SocketAddress(host: host, port: 0) != nil else {
                throw UsageError("--host takes an IPv4 or IPv6 address (e.g. 127.0.0.1, ::1), not '\(host)'", usage: usage)
            }
            options.host = host
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
        options.allowedHosts = try reader.values("--allow-host")
        if let url = try reader.value("--public-url") {
            guard let origin = PublicOrigin.parse(url) else {
                throw UsageError("--public-url \(PublicOrigin.problem(url) ?? "")", usage: usage)
            }
            options.publicURL = origin
        }
        options.trustsProxy = reader.flag("--trust-proxy")
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
            if let problem = APIToken.problem(token) { throw UsageError("--api-token \(problem)", usage: usage) }
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
