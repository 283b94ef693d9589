/// The texts of `--help` and `--version`.
enum Help {
    static let version = "0.1.0"

    static let serve = """
        shortcut-serve \(version): put in-app features on the iPhone home screen and test deep links.

        Serves shortcut pages over HTTP/1.1 on 127.0.0.1 (loopback unless --host says otherwise).
        GET /s/<id> answers 301 to the shortcut's page; GET /s serves the built-in demo shortcut.

        Usage: shortcut-serve [options]
               shortcut-serve add --title T --open URL [--icon FILE|-] [--app-name N] [--id ID] [--mode page|data]
               shortcut-serve list | show ID | rm ID   [--json]
               shortcut-serve profile ID|all [--target app|page] [--out FILE]
               shortcut-serve qr ID | qr --url TEXT      a QR code for a phone's camera, in the terminal
               shortcut-serve open ID [--device booted|UDID]   open /s/ID in the iOS Simulator
               shortcut-serve probe [--open APP_URL]     which delivery path works on your phone: its report
               shortcut-serve requests [--follow] [--path P] [--json]   what the running server was asked
               shortcut-serve stubs list | show ID | add FILE | rm ID | import DIR | near-misses   its WireMock stubs
               shortcut-serve scenarios [reset | set NAME STATE]   their scenarios' states
               shortcut-serve record --target URL --out DIR   proxy to an API and record it as stubs
               shortcut-serve mock add|list|show|rm …
               shortcut-serve links check FILE... | links match URL --aasa FILE   universal links, offline
               shortcut-serve links add --id ID --title T --app-url URL --fallback-url URL [...] | links list | show ID | rm ID

        Options:
          --host ADDRESS          address to listen on (default 127.0.0.1; ::1 for IPv6; 0.0.0.0 or :: for a
                                  phone on the same network: the addresses it reaches are printed at start;
                                  the /api/ routes still answer only this machine). :: answers IPv4 too
          --ipv6-only             with an IPv6 --host (::), refuse IPv4 clients (default: both, dual-stack)
          --port N                port (default 9081; 0 picks a free port, printed on start)
          --store DIR             store folder (default: $XDG_DATA_HOME/shortcut-serve, ~/.local/share/shortcut-serve,
                                  or ~/Library/Application Support/shortcut-serve on macOS); made if missing.
                                  One that cannot be written is served read-only: writes answer 503
          --mode page|data        how /s answers (default page, see below)
          --template FILE         page template with {{title}} {{icon}} {{url}} {{app_name}}, or the original
                                  \\(title) \\(feature_icon) \\(urlToRedirect.absoluteString) placeholders
          --allow-host NAME       also accept this Host name on / and the /api/ routes (DNS-rebinding guard);
                                  repeatable. A request through a proxy or tunnel (it carries Forwarded,
                                  X-Forwarded-For or the like) is refused on / and /api/ whatever its name
          --public-url URL        the address phones reach this server at (https://NAME[:PORT] behind a tunnel,
                                  tailscale serve or a TLS proxy): every link, QR code, profile and API answer
                                  uses it. Over plain http:// by a network address a page gets no offline worker
          --trust-proxy           take that address from a proxy on this machine (X-Forwarded-Proto and
                                  X-Forwarded-Host, or Forwarded) instead; off by default
          --expose-api            answer such a forwarded request on / and /api/ when it carries
                                  Authorization: Bearer TOKEN; needs --api-token
          --api-token TOKEN       the token for --expose-api (or set SHORTCUT_SERVE_API_TOKEN, which the
                                  process list does not show); e.g. $(openssl rand -hex 32)
          --profile-prefix NAME   reverse-DNS start of web clip profile identifiers (default local.shortcut-serve)
          --aasa FILE             serve FILE at /.well-known/apple-app-site-association (and /apple-app-site-association)
                                  and match URLs against it at /api/links/match?url=…; checked at start: a file
                                  with errors (or over 131072 bytes) stops the start, one error: line per problem
          --assetlinks FILE       serve FILE at /.well-known/assetlinks.json; checked the same way
          --cache-bytes N         memory kept for speed: pages, list summaries, prepared answers, QR
                                  images (default 67108864, 64 MiB; half for the store, half for answers;
                                  0 caches nothing). The store's index (140-280 bytes a record) is outside it
          --journal N             keep the last N requests in memory for GET /api/requests and
                                  shortcut-serve requests (default 1000; 0: no journal)
          --journal-bytes N       the most memory the journal holds (default 4194304, 4 MiB): the oldest
                                  requests go first
          --journal-bodies N      keep the first N bytes of each request body (default 0: none; at most 65536)
          --stubs DIR             serve the stubs of a WireMock root folder (mappings/*.json, __files/); the
                                  admin API is at /__admin/ (this machine only, as /api/)
          --global-response-templating   render every stub's response as a template, not only those that
                                  list "response-template" in transformers
          --admin-from-browsers   let a page of this server's own origin use /__admin/ from a browser
                                  (default: a request with Origin or Sec-Fetch-* gets 403)
          --journal-secrets       keep Authorization, Cookie and Proxy-Authorization values (default:
                                  "[redacted]"). The journal answers this machine only, never a tunnel
          --quiet, -q             no access log on standard error
          --help, -h              this text
          --version               the version

        Limits (each has a default):
          --max-connections N     open connections at once (default 1024, fewer if the open-file limit allows
                                  fewer; more get 503)
          --max-body-bytes N      request body size (default 1048576; more gets 413)
          --max-header-bytes N    request header section size (default 32768; more gets 431)
          --max-output-bytes N    unsent answer bytes per connection before its next pipelined requests
                                  wait (default 1048576)
          --header-timeout S      seconds to receive a request head (default 10)
          --idle-timeout S        seconds a keep-alive connection may stay idle (default 60)
          --body-timeout S        seconds to receive a request body (default 30)
          --write-timeout S       seconds to send a response (default 30)

        Signals:
          SIGINT, SIGTERM  stop gracefully: no new connections, answers in flight finish, exit 0
          SIGHUP           write the play statistics counted so far to the store,
                           write the connections each event loop holds and the bytes the caches and
                           the request journal hold to stderr, and keep serving

        Delivery modes:
          page  301 to /p/<id>, the page stored on this server. Works on current iOS. The default.
          data  301 to data:text/html;base64,<page>, the classic in-app method. Since iOS 16.4, WebKit
                (Safari) refuses to follow a redirect to a data: URL, and so do Chromium and Firefox.
                Use it only for older iOS or for code that relies on it.

        Web clip profiles:
          GET /w/<id>.mobileconfig (or shortcut-serve profile ID) is a configuration profile whose icon opens
          the app URL itself, so it works while this server is off. Open it on the iPhone, then Settings,
          Profile Downloaded, Install. ?target=page opens the shortcut's page instead.

        On a phone or in the Simulator:
          GET /qr/<id>.svg is a QR code of /s/<id> at the address a phone reaches; / shows one per shortcut.
          shortcut-serve add prints the Simulator command and, when this machine has a network address,
          a QR code of it.

        Universal links:
          shortcut-serve links check FILE checks an apple-app-site-association or assetlinks.json offline;
          shortcut-serve links match URL --aasa FILE says which app opens URL and why (exit 0) or that
          Safari does (exit 1). shortcut-serve links --help for more.
          shortcut-serve links add --id ID … makes a landing page, GET /open/ID: it tries the app URL, then goes
          to the fallback URL if the page is still visible after 1500 ms. Without --aasa, the server builds
          /.well-known/apple-app-site-association from links added with --app-id and --universal-url.

        Examples:
          shortcut-serve --port 9081
          curl -si localhost:9081/s
          shortcut-serve add --title "Scan" --open myapp://page/scan --icon scan.png
        """
}
