import ShortcutPlatform

/// Why a file the user named cannot be read or written, in words (`no such file`, `no such folder /x`,
/// `is a folder`, `permission denied`): what a Foundation error would say as `CocoaError(code: …)`, a type
/// name no user should read. The reason is found again by asking the file system about the path.
package enum FileWords {
    /// The bytes of `path`, or of standard input for `-`, at most `limit` (one byte more is read, so the
    /// caller's own size check sees the excess); a `Failure`-ready reason when it cannot be read.
    package static func read(_ path: String, limit: Int) -> Result<[UInt8], ReadFailure> {
        if path == "-" { return readAll(Platform.standardInput, limit: limit) }
        do {
            let fd = try Platform.open(path, [.readOnly, .noControllingTerminal])
            defer { Platform.close(fd) }
            return readAll(fd, limit: limit)
        } catch {
            return .failure(ReadFailure(reason: readProblem(path)))
        }
    }

    /// The bytes of the regular file `relativePath` beneath the folder `root`, at most `limit` (one byte more
    /// is read, as `read`), opened by `Platform.openRegularFile(_:beneath:)`: no symbolic link out of `root`,
    /// no FIFO, socket or device, nothing that waits. The reason names what was refused.
    package static func readRegularFile(_ relativePath: String, beneath root: String, limit: Int) -> Result<[UInt8], ReadFailure> {
        let fd: Int32
        do throws(BeneathOpenFailure) {
            fd = try Platform.openRegularFile(relativePath, beneath: root)
        } catch {
            if case .system(let system) = error {
                return .failure(ReadFailure(reason: words(system.errno, missing: "no such file")))
            }
            return .failure(ReadFailure(reason: error.description))
        }
        defer { Platform.close(fd) }
        return readAll(fd, limit: limit)
    }

    /// The size of `path` when it is a regular file: what the refusal of a file over a limit names (`read`
    /// stops one byte past the limit, which is not the file's size). Nil for standard input (`-`), a pipe or
    /// a device, whose size is not known before their end.
    package static func size(of path: String) -> Int? {
        guard path != "-" else { return nil }
        do {
            let status = try Platform.status(ofPath: path)
            return status.kind == .regular ? Int(clamping: status.size) : nil
        } catch {
            return nil  // gone since it was read: the caller names the bytes it read
        }
    }

    /// Why a read failed, in words.
    package struct ReadFailure: Error {
        package let reason: String

        package init(reason: String) { self.reason = reason }
    }

    private static func readAll(_ fd: Int32, limit: Int) -> Result<[UInt8], ReadFailure> {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        do {
            while bytes.count <= limit {
                let count = try Platform.read(fd, into: &buffer, upTo: min(buffer.count, limit + 1 - bytes.count))
                if count == 0 { break }
                bytes += buffer[0..<count]
            }
        } catch {
            return .failure(ReadFailure(reason: words(error.errno, missing: "no such file")))
        }
        return .success(bytes)
    }

    /// Why `path` could not be read.
    package static func readProblem(_ path: String) -> String {
        do {
            let status = try Platform.status(ofPath: path)
            return status.kind == .directory ? "is a folder" : "permission denied"
        } catch {
            return words(error.errno, missing: "no such file")
        }
    }

    /// Why `path` could not be written: its folder is missing or not a folder, it is a folder itself, or
    /// the system's reason (permission, a read-only or full disk).
    package static func writeProblem(_ path: String, error: any Error) -> String {
        let folder = parentFolder(of: path)
        do {
            guard try Platform.status(ofPath: folder).kind == .directory else { return "\(folder) is not a folder" }
        } catch {
            return error.errno == Errno.noSuchFileOrDirectory
                ? "no such folder \(folder)" : words(error.errno, missing: "no such folder \(folder)")
        }
        if let status = try? Platform.status(ofPath: path), status.kind == .directory { return "is a folder" }
        if let system = error as? SystemError { return words(system.errno, missing: "no such folder \(folder)") }
        return Platform.exists(path) ? "permission denied" : "permission denied in \(folder)"
    }

    /// The folder `path` is in (`.` for a bare name).
    package static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func words(_ code: Int32, missing: String) -> String {
        switch code {
        case Errno.noSuchFileOrDirectory: missing
        case Errno.permissionDenied, Errno.notPermitted: "permission denied"
        case Errno.notDirectory: "a part of the path is not a folder"
        case Errno.isDirectory: "is a folder"
        case Errno.readOnlyFileSystem: "the file system is read-only"
        case Errno.noSpace, Errno.diskQuotaExceeded: "the disk is full"
        default: Platform.errorText(code).lowercased()
        }
    }
}
