// swift-tools-version:6.0
import PackageDescription

// Layers, lowest first. A target imports only targets above it in this list:
//   CSystemShims   epoll's C header, which the Glibc module does not export
//   ShortcutHTTP   socket -> parser -> router -> handler -> response writer
//   ShortcutStore  stored pages on disk (records, durable writes, SHA-256)
//   ShortcutPages  template -> shortcut page -> data URI
//   ShortcutServeKit  the product: options, route table, mock and shortcut APIs, commands
//   shortcut-serve    main: parse the command line, run it
let package = Package(
    name: "shortcut-serve",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "ShortcutHTTP", targets: ["ShortcutHTTP"]),
        .library(name: "ShortcutStore", targets: ["ShortcutStore"]),
        .library(name: "ShortcutPages", targets: ["ShortcutPages"]),
        .executable(name: "shortcut-serve", targets: ["shortcut-serve"]),
    ],
    dependencies: [],
    targets: [
        .target(name: "CSystemShims"),
        .target(name: "ShortcutHTTP", dependencies: ["CSystemShims"]),
        .target(name: "ShortcutStore"),
        .target(name: "ShortcutPages"),
        .target(name: "ShortcutServeKit", dependencies: ["ShortcutHTTP", "ShortcutStore", "ShortcutPages"]),
        .executableTarget(name: "shortcut-serve", dependencies: ["ShortcutServeKit"]),
        .target(name: "TestSupport", dependencies: ["ShortcutHTTP"], path: "Tests/TestSupport"),
        .testTarget(name: "ShortcutHTTPTests", dependencies: ["ShortcutHTTP", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "ShortcutStoreTests", dependencies: ["ShortcutStore"]),
        .testTarget(name: "ShortcutPagesTests", dependencies: ["ShortcutPages"]),
        .testTarget(
            name: "ShortcutServeKitTests",
            dependencies: ["ShortcutServeKit", "ShortcutHTTP", "ShortcutStore", "ShortcutPages", "TestSupport"],
            exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
