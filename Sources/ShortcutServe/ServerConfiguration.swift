import HTTPVocabulary
import ShortcutHTTP
import ShortcutRecords
import ShortcutRoutes

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How the product serves: what `shortcut-serve [serve]`'s options set, and what `EmbeddedServer.start`
/// takes. Each value is checked where it is read (the command line refuses a bad one with its usage).
public struct ServerConfiguration: Sendable, Equatable {
    /// `--host`: the address to listen on (`127.0.0.1`: this machine only; `0.0.0.0` or `::`: every interface).
    public var host = "127.0.0.1"
    /// `--port`: the port to listen on; 0 picks a free one.
    public var port: UInt16 = 9081
    /// `--ipv6-only`: an IPv6 `host` refuses IPv4 clients. Off by default: `::` answers IPv4 as well
    /// (dual-stack, as Go's and Node's listeners), its IPv4 clients seen as the IPv4 addresses they are.
    /// Nothing for an IPv4 `host`.
    public var ipv6Only = false
    /// The store folder; nil: the per-user default.
    public var storePath: String?
    /// `--quiet`: no access-log line per request.
    public var quiet = false
    /// `--mode`: where `/s` redirects: the stored page (`page`, the default) or a `data:` URL (`data`).
    public var mode = DeliveryMode.page
    /// `--template FILE`: the HTML template of shortcut pages; nil: the built-in one.
    public var templatePath: String?
    /// `--stubs DIR`: a WireMock root folder (`mappings/*.json`, `__files/`) whose stubs are served.
    public var stubsPath: String?
    /// `--global-response-templating`: every stub's response is a template, not only those that list
    /// `response-template` in `transformers`.
    public var globalResponseTemplating = false
    /// Extra names accepted in `Host` by `/` and the `/api/` routes (besides loopback names and `--host`).
    /// A name does not open the API to what a tunnel forwards: that takes `apiToken`.
    public var allowedHosts: [String] = []
    /// `--expose-api --api-token TOKEN` (or `SHORTCUT_SERVE_API_TOKEN`): a request forwarded by a proxy or
    /// tunnel may use `/api/` and `/` with `Authorization: Bearer TOKEN`; nil: such requests are refused.
    public var apiToken: String?
    /// `--admin-from-browsers`: `/__admin/` takes requests that a page of this server's own origin sends from a
    /// browser. Off by default: a request with `Origin` or `Sec-Fetch-*` (what browsers add to a page's
    /// requests) is refused with 403, since a stub's HTML answer shares the server's origin.
    public var adminFromBrowsers = false
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
    /// The HTTP core's limits and timeouts (`--max-connections` and the like).
    public var limits = ServerLimits()
    /// `--cache-bytes`: the one budget of what the server keeps in memory for speed (`CacheBudget`).
    public var cacheBytes = CacheBudget.defaultBytes
    /// `--journal N`, `--journal-bytes`, `--journal-bodies N`, `--journal-secrets`: the request journal
    /// (`GET /api/requests`, `EmbeddedServer.requests`); `maxEntries` 0 turns it off.
    public var journal = RequestJournal.Settings()

    /// The defaults of `shortcut-serve serve` with no options.
    public init() {}

    /// The environment variable that gives `--api-token` without putting it on a command line (which other
    /// users of the machine can read in the process list).
    public static let apiTokenVariable = "SHORTCUT_SERVE_API_TOKEN"

    /// Why `token` cannot be an API token (too short, a character a header cannot carry), or nil.
    package static func apiTokenProblem(_ token: String) -> String? { APIToken.problem(token) }

    /// `url` as an origin (`https://NAME[:PORT]`, no path), or nil with `publicURLProblem` saying why.
    package static func publicOrigin(_ url: String) -> String? { PublicOrigin.parse(url) }

    /// Why `url` is not an origin a phone can be sent to.
    package static func publicURLProblem(_ url: String) -> String? { PublicOrigin.problem(url) }

    /// The store folder that `path` (`--store`) names; nil: the per-user default (`RecordStore.defaultDirectory`).
    package static func storeDirectory(_ path: String?) -> URL { path.map { URL(fileURLWithPath: $0) } ?? RecordStore.defaultDirectory() }
}
