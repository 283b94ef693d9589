import Foundation

/// Media types by lowercased file extension (IANA's registry, and the common unregistered ones browsers
/// expect); anything else is `application/octet-stream`.
enum MimeTypes {
    static let fallback = "application/octet-stream"

    static func type(forExtension pathExtension: String) -> String {
        table[pathExtension.lowercased()] ?? fallback
    }

    static let table: [String: String] = [
        // Text and documents
        "html": "text/html", "htm": "text/html", "shtml": "text/html", "css": "text/css", "csv": "text/csv",
        "txt": "text/plain", "text": "text/plain", "md": "text/markdown", "xml": "text/xml", "ics": "text/calendar",
        "vcf": "text/vcard", "js": "application/javascript", "mjs": "application/javascript",
        "json": "application/json", "map": "application/json", "webmanifest": "application/manifest+json",
        "pdf": "application/pdf", "rtf": "application/rtf", "xhtml": "application/xhtml+xml",
        "atom": "application/atom+xml", "rss": "application/rss+xml", "wasm": "application/wasm",
        "doc": "application/msword", "xls": "application/vnd.ms-excel", "ppt": "application/vnd.ms-powerpoint",
        "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        "epub": "application/epub+zip", "mobileconfig": "application/x-apple-aspen-config",
        // Images
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "svg": "image/svg+xml", "svgz": "image/svg+xml", "ico": "image/x-icon", "bmp": "image/bmp",
        "tif": "image/tiff", "tiff": "image/tiff", "heic": "image/heic", "heif": "image/heif", "avif": "image/avif",
        // Audio and video
        "mp3": "audio/mpeg", "m4a": "audio/mp4", "aac": "audio/aac", "wav": "audio/wav", "ogg": "audio/ogg",
        "oga": "audio/ogg", "flac": "audio/flac", "mid": "audio/midi", "midi": "audio/midi", "weba": "audio/webm",
        "mp4": "video/mp4", "m4v": "video/mp4", "mov": "video/quicktime", "webm": "video/webm", "ogv": "video/ogg",
        "avi": "video/x-msvideo", "mpeg": "video/mpeg", "mpg": "video/mpeg", "3gp": "video/3gpp",
        "m3u8": "application/vnd.apple.mpegurl", "ts": "video/mp2t", "flv": "video/x-flv", "wmv": "video/x-ms-wmv",
        // Fonts
        "woff": "font/woff", "woff2": "font/woff2", "ttf": "font/ttf", "otf": "font/otf", "eot": "application/vnd.ms-fontobject",
        // Archives and binaries
        "zip": "application/zip", "gz": "application/gzip", "tgz": "application/gzip", "tar": "application/x-tar",
        "bz2": "application/x-bzip2", "7z": "application/x-7z-compressed", "rar": "application/vnd.rar",
        "jar": "application/java-archive", "apk": "application/vnd.android.package-archive",
        "ipa": "application/octet-stream", "dmg": "application/x-apple-diskimage", "bin": "application/octet-stream",
        "exe": "application/octet-stream", "swf": "application/x-shockwave-flash",
    ]
}

extension String {
    /// The media type for this path's extension (`a/b.PNG` -> `image/png`), `application/octet-stream`
    /// when it has none or an unknown one.
    public func mimeType() -> String { MimeTypes.type(forExtension: (self as NSString).pathExtension) }
}

extension NSString {
    /// The media type for this path's extension (see `String.mimeType()`).
    public func mimeType() -> String { MimeTypes.type(forExtension: pathExtension) }
}

extension NSURL {
    /// The media type for this URL's path extension (see `String.mimeType()`).
    public func mimeType() -> String { MimeTypes.type(forExtension: pathExtension ?? "") }
}
