/// One thing wrong (or doubtful) in an association file: which file, where in its JSON, what is wrong
/// and what is allowed. Printed one per line: `FILE: applinks.details[0].appIDs[1]: …`.
package struct LinkProblem: Sendable, Equatable, CustomStringConvertible {
    /// An error refuses the file (the server does not start with it); a warning is only said.
    package enum Severity: String, Sendable, Equatable {
        case error
        case warning
    }

    package let severity: Severity
    /// The file as the user named it (`--aasa FILE`, `links check FILE`).
    package let file: String
    /// Where in the JSON, as `applinks.details[0].components[2]["/"]`; `(file)` for the file as a whole.
    package let path: String
    /// What is wrong and what is allowed, in one line.
    package let message: String

    package init(_ severity: Severity, file: String, path: String, _ message: String) {
        self.severity = severity
        self.file = file
        self.path = path
        self.message = message
    }

    /// `FILE: PATH: MESSAGE` (the CLI prefixes `error: ` or `warning: `).
    package var description: String { "\(file): \(path): \(message)" }
}

/// The limits both association files share.
package enum AssociationFileLimits {
    /// The most bytes of an `apple-app-site-association` or `assetlinks.json` file: Apple's CDN
    /// refuses association files over 128 KB, so a larger one would work here and nowhere else.
    package static let maxBytes = 131_072

    /// Why `count` bytes are too many, or nil.
    package static func sizeProblem(_ count: Int, file: String) -> LinkProblem? {
        guard count > maxBytes else { return nil }
        return LinkProblem(
            .error, file: file, path: "(file)",
            "the file is \(count) bytes; the limit is \(maxBytes) (128 KB, Apple's CDN refuses larger association files)")
    }
}

/// JSON path text: `applinks.details[0]["/"]`.
enum JSONPath {
    /// `base.key`, or `base["key"]` when the key is not a plain name (`/`, `?`, `#`, spaces).
    static func member(_ base: String, _ key: String) -> String {
        let plain =
            !key.isEmpty
            && key.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "_" }
        var escaped = ""
        for character in key {
            if character == "\\" || character == "\"" { escaped.append("\\") }
            escaped.append(character)
        }
        if base.isEmpty { return plain ? key : "[\"\(escaped)\"]" }
        return plain ? "\(base).\(key)" : "\(base)[\"\(escaped)\"]"
    }

    /// `base[index]`.
    static func element(_ base: String, _ index: Int) -> String { "\(base)[\(index)]" }
}
