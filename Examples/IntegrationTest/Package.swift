// swift-tools-version:6.0
import Foundation
import PackageDescription

// A package of its own that uses shortcut-serve as an app's test suite would: through the ShortcutServe
// library product, by path (a released version would name the repository URL instead). A path dependency's
// identity is its folder's name, which is the checkout's (shortcut-serve, or a worktree's): read it here.
let root = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().deletingLastPathComponent()
let package = Package(
    name: "IntegrationTest",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(path: "../..")],
    targets: [
        .testTarget(
            name: "IntegrationTests",
            dependencies: [.product(name: "ShortcutServe", package: root.lastPathComponent)])
    ],
    swiftLanguageModes: [.v6]
)
