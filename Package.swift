// swift-tools-version:6.0
import PackageDescription

// Layers, lowest first. A target imports only targets above it in this list:
//   CSystemShims   epoll's C header, which the Glibc module does not export
//   ShortcutSystem a pthread lock (the binary runs on FoundationEssentials, without NSLock)
//   ShortcutHTTP   socket -> parser -> router -> handler -> response writer
//   ShortcutStore  stored pages on disk (records, durable writes, SHA-256)
//   ShortcutPages  template -> shortcut page -> data URI
//   ShortcutQR     text -> QR code (ISO/IEC 18004) -> terminal text or SVG
//   ShortcutServeKit  the product: options, route table, mock and shortcut APIs, commands
//   shortcut-serve    main: parse the command line, run it
let package = Package(
    name: "shortcut-serve",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "ShortcutHTTP", targets: ["ShortcutHTTP"]),
        .library(name: "ShortcutStore", targets: ["ShortcutStore"]),
        .library(name: "ShortcutPages", targets: ["ShortcutPages"]),
        .library(name: "ShortcutQR", targets: ["ShortcutQR"]),
        .executable(name: "shortcut-serve", targets: ["shortcut-serve"]),
    ],
    dependencies: [],
    targets: [
        .target(name: "CSystemShims"),
        .target(name: "ShortcutSystem"),
        .target(name: "ShortcutHTTP", dependencies: ["CSystemShims", "ShortcutSystem"]),
        .target(name: "ShortcutStore", dependencies: ["ShortcutSystem"]),
        .target(name: "ShortcutPages"),
        .target(name: "ShortcutQR"),
        .target(name: "ShortcutServeKit", dependencies: ["ShortcutSystem", "ShortcutHTTP", "ShortcutStore", "ShortcutPages"]),
        .executableTarget(
            name: "shortcut-serve",
            dependencies: ["ShortcutServeKit"],
            swiftSettings: [.unsafeFlags(["-static-executable"], .when(platforms: [.linux], configuration: .release))],  // static link entries
            linkerSettings: [
                // Linux release: one static, non-PIE file (the toolchain's lld). Nothing to relocate at start
                // and no shared libraries whose pages count in RSS: idle RSS 8 MB, not 20 (debug builds stay
                // dynamic: without release's --gc-sections the static link would need ICU). The linker's only
                // warnings are glibc's notes that getpwnam_r & co. need its NSS modules at run time
                // (FoundationEssentials calls them for a user without $HOME): silenced, and recorded here.
                .unsafeFlags(["-static-executable", "-use-ld=lld", "-Xlinker", "--no-warnings"], .when(platforms: [.linux], configuration: .release)),
            ]),
        .target(name: "TestSupport", dependencies: ["ShortcutHTTP"], path: "Tests/TestSupport"),
        .testTarget(name: "ShortcutSystemTests", dependencies: ["ShortcutSystem"]),
        .testTarget(name: "ShortcutHTTPTests", dependencies: ["ShortcutHTTP", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "ShortcutStoreTests", dependencies: ["ShortcutStore", "TestSupport"]),
        .testTarget(name: "ShortcutPagesTests", dependencies: ["ShortcutPages"]),
        .testTarget(name: "ShortcutQRTests", dependencies: ["ShortcutQR"]),
        .testTarget(
            name: "ShortcutServeKitTests",
            dependencies: ["ShortcutServeKit", "ShortcutHTTP", "ShortcutStore", "ShortcutPages", "TestSupport"],
            exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
