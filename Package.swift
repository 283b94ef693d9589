// swift-tools-version:6.0
import PackageDescription

// Layers, lowest first. A target imports only targets above it in this list:
//   CSystemShims      epoll's C header, accept4 and O_TMPFILE, which the Glibc module does not export
//   ShortcutPlatform  every system call: one table per OS (Syscall+Glibc / Syscall+Darwin), sockets,
//                     epoll/kqueue, files, signals, a pthread lock; the only target that imports Glibc/Darwin
//   HTTPVocabulary    what every layer above shares: the HTTP field type, its one validity rule and the byte
//                     classes (what the HTTP layer sends and what the store may keep are decided by the same
//                     code); escaping for HTML and JSON/JavaScript strings (Escape); SHA-256 and salted secret
//                     hashes; the byte-budgeted LRU cache (the store's records, the routes' prepared answers)
//   ShortcutHTTP      socket -> parser -> router -> handler -> response writer; the request journal (what was
//                     answered, bounded, for /api/requests and EmbeddedServer.requests)
//   ShortcutUpstream  a blocking HTTP/1.1 client for plain http:// upstreams (a proxy stub's and the recorder's):
//                     name resolution, one request with Connection: close, the answer bounded and decoded
//   ShortcutStore     stored pages on disk (records, durable writes, locks, the record cache)
//   ShortcutPages     template -> shortcut page -> data URI
//   ShortcutQR        text -> QR code (ISO/IEC 18004) -> terminal text or SVG
//   ShortcutJSON      a strict JSON parser and an ordered JSON value (the APIs' bodies, association files)
//   ShortcutStubs     WireMock 3's stub mappings as values: the mapping model (parse, check, write back), the request
//                     matcher with near-miss distances and reports, the index that finds a stub without a scan, and
//                     the engines they need: a linear-time regex (no backtracking), JSONPath and JSON equality, and
//                     response templating (a Handlebars subset). Pure values and functions: no socket, file or store
//                     (ShortcutPlatform only for the C library's log, exp and cos)
//   ShortcutLinks     apple-app-site-association and assetlinks.json: model, checks, the universal-link matcher;
//                     landing links (a page that tries the app, then falls back) and the AASA built from them
//   ShortcutRecords   the application services (ShortcutService, MockService, LinkService, StubService): shortcuts,
//                     mocks, landing links and stubs read, made, replaced, removed, authorised; their rules,
//                     messages, JSON form and web clip profiles; the probe's report; a file's words (FileWords).
//                     The routes, the CLI and the embedding API translate it; it is the only layer above the
//                     store that opens it
//   ShortcutRoutes    HTTP <-> service: the route table's routes, the guards (host, origin, API token), the
//                     prepared-answer cache, the index and probe pages. Never imports the store
//   ShortcutServe     the composition and the product embedded: ShortcutApp (store + services + routes on a
//                     server, from a ServerConfiguration); EmbeddedServer starts it in-process (port 0, a temp
//                     store) for integration tests and apps
//   ShortcutCLI       the commands (serve, add/list/show/rm, mock, links, profile, qr, open, probe): parse,
//                     run through the services and ShortcutServe, print. Never imports a route
//   SwifterCompat     Swifter 1.5's public API (HttpServer, HttpRequest, HttpResponse, file helpers) over
//                     ShortcutHTTP: apps that embed Swifter change one import
//   shortcut-serve    main: parse the command line, run it
let package = Package(
    name: "shortcut-serve",
    platforms: [.macOS(.v13), .iOS(.v16)],
    // Three library products, each with a role; every other target is internal to the package (`package` access),
    // and what a product's public signature names is re-exported by that product type by type.
    products: [
        // The whole server in a process, for tests and apps: EmbeddedServer, ServerConfiguration, Stub.
        .library(name: "ShortcutServe", targets: ["ShortcutServe"]),
        // The HTTP core, for a server of your own routes: HTTPServer, HTTPRequest, HTTPResponse.
        .library(name: "ShortcutHTTP", targets: ["ShortcutHTTP"]),
        // Swifter 1.5's public API over the core.
        .library(name: "SwifterCompat", targets: ["SwifterCompat"]),
        .executable(name: "shortcut-serve", targets: ["shortcut-serve"]),
    ],
    dependencies: [],
    targets: [
        .target(name: "CSystemShims"),
        .target(name: "ShortcutPlatform", dependencies: ["CSystemShims"]),
        .target(name: "HTTPVocabulary"),
        .target(name: "ShortcutHTTP", dependencies: ["ShortcutPlatform", "HTTPVocabulary"]),
        .target(name: "ShortcutUpstream", dependencies: ["ShortcutPlatform", "HTTPVocabulary"]),
        .target(name: "ShortcutStore", dependencies: ["ShortcutPlatform", "HTTPVocabulary"]),
        .target(name: "ShortcutPages", dependencies: ["HTTPVocabulary"]),
        .target(name: "ShortcutQR"),
        .target(name: "ShortcutJSON", dependencies: ["ShortcutPlatform", "HTTPVocabulary"]),
        .target(name: "ShortcutStubs", dependencies: ["ShortcutPlatform", "HTTPVocabulary", "ShortcutJSON"]),
        .target(name: "ShortcutLinks", dependencies: ["ShortcutPlatform", "HTTPVocabulary", "ShortcutPages", "ShortcutJSON"]),
        .target(
            name: "ShortcutRecords",
            dependencies: [
                "ShortcutPlatform", "HTTPVocabulary", "ShortcutStore", "ShortcutPages", "ShortcutJSON", "ShortcutStubs", "ShortcutLinks",
                "ShortcutUpstream",
            ]),
        .target(
            name: "ShortcutRoutes",
            dependencies: [
                "ShortcutPlatform", "HTTPVocabulary", "ShortcutHTTP", "ShortcutPages", "ShortcutQR", "ShortcutJSON", "ShortcutStubs",
                "ShortcutLinks", "ShortcutRecords",
            ]),
        .target(
            name: "ShortcutServe",
            dependencies: [
                "ShortcutPlatform", "HTTPVocabulary", "ShortcutHTTP", "ShortcutStore", "ShortcutPages", "ShortcutJSON", "ShortcutStubs",
                "ShortcutLinks", "ShortcutRecords", "ShortcutRoutes",
            ]),
        .target(
            name: "ShortcutCLI",
            dependencies: [
                "ShortcutPlatform", "HTTPVocabulary", "ShortcutHTTP", "ShortcutStore", "ShortcutPages", "ShortcutQR", "ShortcutJSON",
                "ShortcutLinks", "ShortcutRecords", "ShortcutServe",
            ]),
        .target(name: "SwifterCompat", dependencies: ["ShortcutPlatform", "HTTPVocabulary", "ShortcutHTTP"]),
        .executableTarget(
            name: "shortcut-serve",
            dependencies: ["ShortcutCLI"],
            // Static link entries.
            swiftSettings: [.unsafeFlags(["-static-executable"], .when(platforms: [.linux], configuration: .release))],
            linkerSettings: [
                // Linux release: one static, non-PIE file (the toolchain's lld). Nothing to relocate at start
                // and no shared libraries whose pages count in RSS: idle RSS 8 MB, not 20 (debug builds stay
                // dynamic: without release's --gc-sections the static link would need ICU). The linker's only
                // warnings are glibc's notes that getpwnam_r & co. need its NSS modules at run time
                // (FoundationEssentials calls them for a user without $HOME): silenced, and recorded here.
                .unsafeFlags(
                    ["-static-executable", "-use-ld=lld", "-Xlinker", "--no-warnings"], .when(platforms: [.linux], configuration: .release))
            ]),
        // Used only by `scripts/bench.sh --swifter` (the same /s through the core and through SwifterCompat);
        // not a product.
        .executableTarget(name: "swifter-compat-bench", dependencies: ["ShortcutHTTP", "SwifterCompat"]),
        // Used only by SwifterCompatTests' BrokenPipeTests (a write to a gone peer, in a child process with
        // SIGPIPE at its default action); not a product.
        .executableTarget(name: "broken-pipe-probe", dependencies: ["ShortcutPlatform", "SwifterCompat", "TestSupport"]),
        .target(name: "TestSupport", dependencies: ["ShortcutPlatform", "ShortcutHTTP", "ShortcutJSON"], path: "Tests/TestSupport"),
        .testTarget(name: "ShortcutPlatformTests", dependencies: ["ShortcutPlatform", "TestSupport"]),
        .testTarget(name: "HTTPVocabularyTests", dependencies: ["HTTPVocabulary"]),
        .testTarget(
            name: "ShortcutHTTPTests", dependencies: ["ShortcutHTTP", "ShortcutPlatform", "HTTPVocabulary", "TestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(name: "ShortcutUpstreamTests", dependencies: ["ShortcutUpstream", "ShortcutPlatform"]),
        .testTarget(name: "ShortcutStoreTests", dependencies: ["ShortcutStore", "ShortcutPlatform", "HTTPVocabulary", "TestSupport"]),
        .testTarget(name: "ShortcutPagesTests", dependencies: ["ShortcutPages", "HTTPVocabulary"]),
        .testTarget(name: "ShortcutQRTests", dependencies: ["ShortcutQR", "TestSupport"]),
        .testTarget(name: "ShortcutServeTests", dependencies: ["ShortcutServe", "TestSupport"]),
        .testTarget(
            name: "ShortcutRecordsTests",
            dependencies: [
                "ShortcutRecords", "HTTPVocabulary", "ShortcutStore", "ShortcutPages", "ShortcutJSON", "ShortcutStubs",
            ]),
        .testTarget(name: "ShortcutJSONTests", dependencies: ["ShortcutJSON"]),
        .testTarget(name: "ShortcutStubsTests", dependencies: ["ShortcutStubs", "ShortcutJSON", "HTTPVocabulary"]),
        .testTarget(name: "ShortcutLinksTests", dependencies: ["ShortcutLinks", "ShortcutPages"]),
        .testTarget(name: "SwifterCompatTests", dependencies: ["SwifterCompat", "TestSupport"], exclude: ["Fixtures"]),
        // The routes on a real server and in process (AppServer, AppRoutes), composed as ShortcutServe composes them.
        .testTarget(
            name: "ShortcutRoutesTests",
            dependencies: [
                "ShortcutRoutes", "ShortcutServe", "ShortcutPlatform", "HTTPVocabulary", "ShortcutHTTP", "ShortcutStore", "ShortcutPages",
                "ShortcutQR", "ShortcutJSON", "ShortcutLinks", "ShortcutRecords", "TestSupport",
            ],
            exclude: ["Fixtures"]),
        // The commands: their parsing in process, and the real binary spawned (output, exit codes, signals).
        .testTarget(
            name: "ShortcutCLITests",
            dependencies: [
                "ShortcutCLI", "ShortcutServe", "ShortcutPlatform", "ShortcutHTTP", "ShortcutStore", "ShortcutJSON", "ShortcutLinks",
                "TestSupport",
            ],
            exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
