import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A store folder seen read-only: as root (who ignores mode bits) a read-only bind mount of it; otherwise
/// the folder with its write permission removed.
public final class ReadOnlyView {
    /// The read-only path to use.
    public let url: URL
    private let mountPoint: URL?
    private let original: URL

    /// Whether a read-only view can be made here: root with `mount` (Linux), or any other user.
    public static var isAvailable: Bool {
        #if os(Linux)
            return geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/bin/mount")
        #else
            return geteuid() != 0
        #endif
    }

    public init(of store: URL) throws {
        original = store
        if geteuid() == 0 {
            let point = FileManager.default.temporaryDirectory.appendingPathComponent("ss-ro-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: point, withIntermediateDirectories: true)
            // Two steps: older mount(8)s ignore `ro` in the same call as `bind`.
            try ReadOnlyView.mount(["--bind", store.path, point.path])
            do {
                try ReadOnlyView.mount(["-o", "remount,bind,ro", point.path])
            } catch {
                _ = try? ReadOnlyView.command("/bin/umount", [point.path])
                throw error
            }
            mountPoint = point
            url = point
        } else {
            for sub in ["", "pages", "stats", "locks"] {
                chmod(store.appendingPathComponent(sub).path, 0o555)
            }
            mountPoint = nil
            url = store
        }
    }

    deinit {
        if let mountPoint {
            _ = try? ReadOnlyView.command("/bin/umount", [mountPoint.path])
            try? FileManager.default.removeItem(at: mountPoint)
        } else {
            for sub in ["", "pages", "stats", "locks"] { chmod(original.appendingPathComponent(sub).path, 0o755) }
        }
    }

    /// Why a view could not be made.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private static func mount(_ arguments: [String]) throws {
        let status = try command("/bin/mount", arguments)
        guard status == 0 else { throw ReadOnlyView.Failure(description: "mount \(arguments) exited \(status)") }
    }

    private static func command(_ path: String, _ arguments: [String]) throws -> Int32 {
        let process = TestProcess()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
