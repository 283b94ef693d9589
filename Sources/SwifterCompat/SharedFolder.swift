import Foundation
import ShortcutPlatform

/// A folder shared by `shareFilesFromDirectory` or `directoryBrowser`, and the one rule Swifter lacked:
/// nothing outside it is ever opened. A request's relative path (a route capture, percent-decoded, so
/// `..%2F` arrives as `../`) is refused when it names `..`, holds a NUL byte, or resolves (symbolic links
/// followed) to a place outside the folder.
struct SharedFolder {
    /// What a relative path resolves to.
    enum Resolution: Equatable {
        /// An existing file or folder inside the shared folder: its path with every link resolved.
        case inside(path: String, isDirectory: Bool)
        /// Nothing is there.
        case missing
        /// The path is refused (403), with the reason.
        case refused(String)
        /// The path is malformed (400), with the reason.
        case malformed(String)
    }

    let root: String

    func resolve(_ relative: String) -> Resolution {
        if relative.utf8.contains(0) { return .malformed("the path holds a NUL byte") }
        if relative.split(separator: "/").contains("..") {
            return .refused("the path '\(relative.prefix(200))' names '..', which leaves the shared folder")
        }
        let realRoot = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
        let candidate = relative.isEmpty ? root : root + "/" + relative
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory) else { return .missing }
        let real = URL(fileURLWithPath: candidate).resolvingSymlinksInPath().path
        guard real == realRoot || real.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/") else {
            return .refused("the path '\(relative.prefix(200))' leads outside the shared folder")
        }
        return .inside(path: real, isDirectory: isDirectory.boolValue)
    }

    /// The capture a file helper serves: the only one, else `:path`, else the first by name (Swifter took
    /// whichever its dictionary listed first).
    static func capture(of request: HttpRequest) -> String? {
        let params = request.params
        if params.count == 1 { return params.first?.value }
        if let path = params[":path"] { return path }
        return params.min { $0.key < $1.key }?.value
    }

    /// The answer for a refused or malformed path, or nil when the resolution is a place to serve.
    static func refusal(_ resolution: Resolution) -> HttpResponse? {
        switch resolution {
        case .inside: nil
        case .missing: .notFound()
        case .refused(let reason): .forbidden(.text(reason + "\n"))
        case .malformed(let reason): .badRequest(.text(reason + "\n"))
        }
    }
}

/// A `.raw` 200 that streams `path`'s bytes into the body writer, or 404 when it cannot be opened as a
/// regular file. Opened without blocking, then checked: a FIFO's `open` would otherwise wait for a writer,
/// holding the event loop, and a device (`/dev/zero`) would never end.
func serveFile(_ path: String, headers: [String: String]) -> HttpResponse {
    let file: String.File
    let size: Int64
    do {
        file = String.File(FileHandle(fileDescriptor: try Platform.open(path, [.readOnly, .nonBlocking]), closeOnDealloc: true))
        let status = try Platform.status(of: file.handle.fileDescriptor, subject: path)
        guard status.kind == .regular else {
            file.close()
            return .notFound()
        }
        size = status.size
    } catch {
        return .notFound()
    }
    var headers = headers
    headers["Content-Length"] = String(size)
    return .raw(200, "OK", headers) { writer in
        defer { file.close() }
        try writer.write(file)
    }
}
