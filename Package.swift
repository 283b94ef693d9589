// swift-tools-version:6.0
import PackageDescription

// Layers, lowest first. A target imports only targets above it in this list:
//   CSystemShims      epoll's C header, accept4 and O_TMPFILE, which the Glibc module does not export
//   ShortcutPlatform  every system call: one table per OS (Syscall+Glibc / Syscall+Darwin), sockets,
//                     epoll/kqueue, files, signals, a pthread lock; the only target that imports Glibc/Darwin
//   HTTPVocabulary    the HTTP field type, its one validity rule and the byte classes (token, field value):
//                     what the HTTP layer sends and what the store may keep are decided by the same code;
//                     escaping for HTML and JSON/JavaScript strings (Escape), shared by the layers above
//   ShortcutHTTP   socket -> parser -> router -> handler -> response writer
//   ShortcutStore  stored pages on disk (records, durable writes, SHA-256)
//   ShortcutPages  template -> shortcut page -> data URI
//   ShortcutQR     text -> QR code (ISO/IEC 18004) -> terminal text or SVG
//   ShortcutJSON   a strict JSON parser and an ordered JSON value (the APIs' bodies, association files)
//   ShortcutLinks  apple-app-site-association and assetlinks.json: model, checks, the universal-link matcher;
//                  landing links (a page that tries the app, then falls back) and the AASA built from them
//   ShortcutService   the one application service: shortcuts, mocks and landing links made, replaced, removed,
//                     authorised; records' kinds (RecordKind); its rules and messages (the HTTP API, the CLI and
//                     the embedding API translate it)
//   ShortcutServeKit  the product: options, route table, mock and shortcut APIs, commands
//   ShortcutServe     the product embedded: start it in-process (port 0, a temp store), add through the
//                     service, answer requests with no socket, stop it (integration tests and apps)
//   SwifterCompat     Swifter 1.5's public API (HttpServer, HttpRequest, HttpResponse, file helpers) over
//                     ShortcutHTTP: apps that embed Swifter change one import
//   shortcut-serve    main: parse the command line, run it
let package = Package(
    name: "shortcut-serve",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "ShortcutHTTP", targets: ["ShortcutHTTP"]),
        .library(name: "ShortcutStore", targets: ["ShortcutStore"]),
        .library(name: "ShortcutPages", targets: ["ShortcutPages"]),
        .library(name: "ShortcutQR", targets: ["ShortcutQR"]),
        .library(name: "ShortcutLinks", targets: ["ShortcutLinks"]),
        .library(name: "ShortcutServe", targets: ["ShortcutServe"]),
        .library(name: "SwifterCompat", targets: ["SwifterCompat"]),
        .executable(name: "shortcut-serve", targets: ["shortcut-serve"]),
    ],
    dependencies: [],
    targets: [
        .target(name: "CSystemShims"),
        .target(name: "ShortcutPlatform", dependencies: ["CSystemShims"]),
        .target(name: "HTTPVocabulary"),
        .target(name: "ShortcutHTTP", dependencies: ["ShortcutPlatform", "HTTPVocabulary"]),
        .target(name: "ShortcutStore", dependencies: ["ShortcutPlatform", "HTTPVocabulary"]),
        .target(name: "ShortcutPages", dependencies: ["HTTPVocabulary"]),
        .target(name: "ShortcutQR"),
        .target(name: "ShortcutJSON", dependencies: ["ShortcutPlatform", "HTTPVocabulary"]),
        .target(name: "ShortcutLinks", dependencies: ["ShortcutPlatform", "HTTPVocabulary", "ShortcutPages", "ShortcutJSON"]),
        .target(
            name: "ShortcutService", dependencies: ["HTTPVocabulary", "ShortcutStore", "ShortcutPages", "ShortcutJSON", "ShortcutLinks"]),
        .target(
            name: "ShortcutServeKit",
            dependencies: [
                "ShortcutPlatform", "ShortcutHTTP", "ShortcutStore", "ShortcutPages", "ShortcutQR", "ShortcutJSON", "ShortcutLinks",
                "ShortcutService",
            ]),
        .target(
            name: "ShortcutServe",
            dependencies: [
                "ShortcutPlatform", "ShortcutHTTP", "ShortcutStore", "ShortcutPages", "ShortcutLinks", "ShortcutService",
                "ShortcutServeKit",
            ]),
        .target(name: "SwifterCompat", dependencies: ["ShortcutPlatform", "HTTPVocabulary", "ShortcutHTTP"]),
        .executableTarget(
            name: "shortcut-serve",
            dependencies: ["ShortcutServeKit"],
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
        .target(name: "TestSupport", dependencies: ["ShortcutHTTP"], path: "Tests/TestSupport"),
        .testTarget(name: "ShortcutPlatformTests", dependencies: ["ShortcutPlatform", "TestSupport"]),
        .testTarget(name: "HTTPVocabularyTests", dependencies: ["HTTPVocabulary"]),
        .testTarget(name: "ShortcutHTTPTests", dependencies: ["ShortcutHTTP", "ShortcutPlatform", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "ShortcutStoreTests", dependencies: ["ShortcutStore", "ShortcutPlatform", "TestSupport"]),
        .testTarget(name: "ShortcutPagesTests", dependencies: ["ShortcutPages", "HTTPVocabulary"]),
        .testTarget(name: "ShortcutQRTests", dependencies: ["ShortcutQR", "TestSupport"]),
        .testTarget(name: "ShortcutServeTests", dependencies: ["ShortcutServe", "TestSupport"]),
        .testTarget(name: "ShortcutServiceTests", dependencies: ["ShortcutService", "ShortcutStore", "ShortcutPages", "ShortcutLinks"]),
        .testTarget(name: "ShortcutLinksTests", dependencies: ["ShortcutLinks", "ShortcutJSON", "ShortcutPages"]),
        .testTarget(name: "SwifterCompatTests", dependencies: ["SwifterCompat", "ShortcutHTTP", "TestSupport"]),
        .testTarget(
            name: "ShortcutServeKitTests",
            dependencies: [
                "ShortcutServeKit", "ShortcutPlatform", "ShortcutHTTP", "ShortcutStore", "ShortcutPages", "ShortcutJSON", "ShortcutLinks",
                "ShortcutService", "TestSupport",
            ],
            exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
