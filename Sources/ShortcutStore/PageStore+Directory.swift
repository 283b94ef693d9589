#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension PageStore {
    /// The file standing where the store folder `directory` or a folder above it should be, nil when there
    /// is none: what tells a store not made yet from one that cannot be made (`PageStoreError.notAFolder`).
    package static func fileInPath(of directory: URL) -> String? { StoreIO.fileInPath(directory.standardizedFileURL.path) }

    /// Where the store lives when no folder is given: `$XDG_DATA_HOME/shortcut-serve`, else
    /// `~/.local/share/shortcut-serve` on Linux; `~/Library/Application Support/shortcut-serve` on macOS.
    package static func defaultDirectory() -> URL {
        defaultDirectory(environment: ProcessInfo.processInfo.environment)
    }

    /// `defaultDirectory()` for a given environment (tests pass their own).
    static func defaultDirectory(environment: [String: String]) -> URL {
        #if canImport(Darwin)
            // Every Apple platform (macOS, iOS, tvOS, watchOS, visionOS) has Application Support; the XDG rules
            // below are for Linux and the other Unixes.
            let base =
                FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
                ?? URL(fileURLWithPath: NSHomeDirectory() + "/Library/Application Support", isDirectory: true)
            return base.appendingPathComponent("shortcut-serve", isDirectory: true)
        #else
            // XDG Base Directory Specification: a relative $XDG_DATA_HOME is invalid and must be ignored.
            if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
                return URL(fileURLWithPath: data, isDirectory: true).appendingPathComponent("shortcut-serve", isDirectory: true)
            }
            let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? FileManager.default.homeDirectoryForCurrentUser.path
            return URL(fileURLWithPath: home, isDirectory: true)
                .appendingPathComponent(".local/share/shortcut-serve", isDirectory: true)
        #endif
    }
}
