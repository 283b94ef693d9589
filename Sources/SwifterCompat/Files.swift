import Foundation
import HTTPVocabulary

/// A handler that answers every request with the file at `path` (its media type from the extension), or
/// 404 when it is not a readable regular file.
public func shareFile(_ path: String) -> ((HttpRequest) -> HttpResponse) {
    { _ in serveFile(path, headers: ["Content-Type": path.mimeType()]) }
}

/// A handler that serves the files under `directoryPath`, named by the route's capture
/// (`server["/files/:path"] = shareFilesFromDirectory(dir)`); an empty capture serves the first of
/// `defaults` that exists. A capture that names `..`, holds a NUL byte, or leads outside the folder through
/// a symbolic link is refused (403 or 400, with the reason); Swifter served it.
public func shareFilesFromDirectory(_ directoryPath: String, defaults: [String] = ["index.html", "default.html"])
    -> ((HttpRequest) -> HttpResponse)
{
    let folder = SharedFolder(root: directoryPath)
    return { request in
        guard let relative = SharedFolder.capture(of: request) else { return .notFound() }
        if relative.isEmpty {
            for name in defaults {
                if case .inside(let path, false) = folder.resolve(name) {
                    return serveFile(path, headers: ["Content-Type": name.mimeType()])
                }
            }
        }
        let resolution = folder.resolve(relative)
        if let refusal = SharedFolder.refusal(resolution) { return refusal }
        guard case .inside(let path, false) = resolution else { return .notFound() }
        return serveFile(path, headers: ["Content-Type": relative.mimeType()])
    }
}

/// A handler that lists the folders under `dir` as HTML (each name a link) and serves its files, named by
/// the route's capture (`server["/browse/:path"] = directoryBrowser(dir)`). The same refusals as
/// `shareFilesFromDirectory`; names in the listing are escaped (Swifter wrote them into the page raw), and
/// each link reaches its entry (`/browse/sub%2Fb.css`; Swifter's `/browse/sub/b.css` did not match the route).
public func directoryBrowser(_ dir: String) -> ((HttpRequest) -> HttpResponse) {
    let folder = SharedFolder(root: dir)
    return { request in
        guard let relative = SharedFolder.capture(of: request) else { return .notFound() }
        let resolution = folder.resolve(relative)
        if let refusal = SharedFolder.refusal(resolution) { return refusal }
        guard case .inside(let path, let isDirectory) = resolution else { return .notFound() }
        guard isDirectory else { return serveFile(path, headers: ["Content-Type": relative.mimeType()]) }
        let names: [String]
        do {
            names = try path.files().sorted { $0.lowercased() < $1.lowercased() }
        } catch {
            return .internalServerError(.text("the folder cannot be listed: \(error)\n"))
        }
        // A link stays one path segment (its folder joined by an encoded slash): `/browse/:path` captures one
        // segment, so Swifter's `/browse/sub/b.css` was a 404. The root (an empty capture) has no folder part.
        var base = Substring(request.path)
        while base.hasSuffix("/") { base.removeLast() }
        let folderPart = String(base) + (relative.isEmpty ? "/" : "%2F")
        var rows = ""
        for name in names {
            let link = folderPart + (name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? "")
            rows += "<tr><td><a href=\"\(Escape.html(link))\">\(Escape.html(name))</a></td></tr>"
        }
        return .ok(.html("<!DOCTYPE html><html><body><table>\(rows)</table></body></html>"))
    }
}
