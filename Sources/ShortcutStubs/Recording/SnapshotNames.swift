/// The names a snapshot writes: a mapping's `name` from its method and path (`GET /v1/users/42?x=1` →
/// `get-v1-users-42`), and body file names made from it, safe in any file system and in a URL.
enum SnapshotNames {
    /// The longest name.
    static let maxLength = 60

    /// `method` and the path of `url` as a name: lowercase ASCII letters and digits, each run of anything
    /// else one `-`, none at either end, at most 60 characters; `request` when nothing is left.
    static func mappingName(method: String, url: String) -> String {
        let path = url.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let name = safe(method + " " + path, limit: maxLength)
        return name.isEmpty ? "request" : name
    }

    /// `text` reduced to `[a-z0-9-]`, runs of other bytes as one `-`, trimmed of `-`, cut to `limit`.
    static func safe(_ text: String, limit: Int) -> String {
        var out: [UInt8] = []
        for byte in text.utf8 {
            let lower = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
            if (0x61...0x7A).contains(lower) || (0x30...0x39).contains(lower) {
                out.append(lower)
            } else if let last = out.last, last != UInt8(ascii: "-") {
                out.append(UInt8(ascii: "-"))
            }
        }
        if out.count > limit { out.removeLast(out.count - limit) }
        while out.last == UInt8(ascii: "-") { out.removeLast() }
        return String(decoding: out, as: UTF8.self)
    }

    /// A body file name for mapping `name` with `id`, not yet in `taken`: `<name>-<first 8 of id>.<ext>`;
    /// should two ids share their first 8 characters, the whole id, then a counter.
    static func fileName(name: String, id: String, fileExtension: String, taken: Set<String>) -> String {
        let idPart = safe(id, limit: Int.max)
        let short = String(idPart.prefix(8))
        for candidate in [short, idPart] {
            let file = (candidate.isEmpty ? name : name + "-" + candidate) + "." + fileExtension
            if !taken.contains(file) { return file }
        }
        var counter = 2
        while taken.contains("\(name)-\(idPart)-\(counter).\(fileExtension)") { counter += 1 }
        return "\(name)-\(idPart)-\(counter).\(fileExtension)"
    }
}
