import ShortcutJSON

/// Checks an Android `assetlinks.json` (Digital Asset Links): an array of statements, each with
/// `relation` and a `target` that is an Android app (`package_name`, `sha256_cert_fingerprints`) or a
/// web site.
package enum AssetLinksChecker {
    /// The relations Android's App Links and credential sharing read.
    package static let knownRelations = ["delegate_permission/common.handle_all_urls", "delegate_permission/common.get_login_creds"]

    /// Errors and warnings for `bytes`, the content of `file`; no errors means it may be served.
    package static func check(_ bytes: [UInt8], file: String) -> [LinkProblem] {
        if let problem = AssociationFileLimits.sizeProblem(bytes.count, file: file) { return [problem] }
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            return [LinkProblem(.error, file: file, path: "(file)", "\(error) (assetlinks.json is one JSON array)")]
        }
        var reader = JSONReader(file: file)
        guard let statements = reader.array(root, at: "(root)", of: "statements {\"relation\": [...], \"target\": {...}}") else {
            return reader.problems
        }
        if statements.isEmpty { reader.warning("(root)", "is empty: the file links no app") }
        for (index, statement) in statements.enumerated() {
            checkStatement(statement, at: JSONPath.element("", index), &reader)
        }
        return reader.problems
    }

    private static func checkStatement(_ value: JSONValue, at path: String, _ reader: inout JSONReader) {
        guard let members = reader.object(value, at: path, known: ["relation", "target"]) else { return }
        func member(_ key: String) -> JSONValue? { members.first { $0.0 == key }?.1 }
        if let relation = member("relation") {
            let relationPath = JSONPath.member(path, "relation")
            for (index, name) in (reader.strings(relation, at: relationPath, of: "relation strings") ?? []).enumerated()
            where !knownRelations.contains(name) {
                reader.warning(
                    JSONPath.element(relationPath, index),
                    "'\(name.prefix(80))' is not a relation Android reads; known: \(knownRelations.joined(separator: ", "))")
            }
        } else {
            reader.error(path, "has no \"relation\": it must be e.g. [\"delegate_permission/common.handle_all_urls\"]")
        }
        guard let target = member("target") else {
            reader.error(
                path,
                "has no \"target\": it must be {\"namespace\": \"android_app\", \"package_name\": …, \"sha256_cert_fingerprints\": [...]}")
            return
        }
        let targetPath = JSONPath.member(path, "target")
        guard let fields = reader.object(target, at: targetPath, known: ["namespace", "package_name", "sha256_cert_fingerprints", "site"])
        else { return }
        func field(_ key: String) -> JSONValue? { fields.first { $0.0 == key }?.1 }
        guard let namespaceValue = field("namespace") else {
            reader.error(targetPath, "has no \"namespace\": it must be \"android_app\" (or \"web\" with \"site\")")
            return
        }
        guard
            let namespace = reader.string(namespaceValue, at: JSONPath.member(targetPath, "namespace"), what: "\"android_app\" or \"web\"")
        else { return }
        switch namespace {
        case "android_app":
            if let name = field("package_name") {
                let at = JSONPath.member(targetPath, "package_name")
                if let text = reader.string(name, at: at, what: "an Android package name such as com.example.app"),
                    let problem = packageProblem(text)
                {
                    reader.error(at, problem)
                }
            } else {
                reader.error(targetPath, "has no \"package_name\": an android_app target names its package, e.g. \"com.example.app\"")
            }
            if let prints = field("sha256_cert_fingerprints") {
                _ = reader.strings(
                    prints, at: JSONPath.member(targetPath, "sha256_cert_fingerprints"),
                    of: "SHA-256 fingerprints (32 upper-case hex bytes joined by ':')", rule: fingerprintProblem)
            } else {
                reader.error(targetPath, "has no \"sha256_cert_fingerprints\": list the signing certificates' SHA-256 (keytool -list -v)")
            }
        case "web":
            if field("site") == nil { reader.error(targetPath, "has no \"site\": a web target names it, e.g. \"https://example.com\"") }
        default:
            reader.error(JSONPath.member(targetPath, "namespace"), "is '\(namespace.prefix(60))'; it must be \"android_app\" (or \"web\")")
        }
    }

    /// Why `name` is not a Java package name of two or more parts (`com.example.app`), or nil.
    static func packageProblem(_ name: String) -> String? {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        let valid =
            parts.count >= 2
            && parts.allSatisfy { part in
                guard let first = part.first, first.isASCII, first.isLetter else { return false }
                return part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            }
        return valid
            ? nil
            : "'\(name.prefix(80))' is not a package name: two or more parts of letters, digits and '_', each starting with a letter, joined by '.'"
    }

    /// Why `text` is not 32 colon-separated upper-case hex bytes, or nil.
    static func fingerprintProblem(_ text: String) -> String? {
        let bytes = text.split(separator: ":", omittingEmptySubsequences: false)
        let isHex = bytes.allSatisfy { $0.count == 2 && $0.allSatisfy { ("0"..."9").contains($0) || ("A"..."F").contains($0) } }
        guard bytes.count == 32, isHex else {
            let lower = text.contains { ("a"..."f").contains($0) } ? " (lower-case hex is not accepted)" : ""
            return "'\(text.prefix(110))' is not a SHA-256 fingerprint: 32 bytes as upper-case hex pairs joined by ':' (AB:CD:…), "
                + "here \(bytes.count) part\(bytes.count == 1 ? "" : "s")\(lower)"
        }
        return nil
    }
}
