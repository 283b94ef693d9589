import HTTPVocabulary
import ShortcutPlatform

/// What can go wrong in a `PageStore`. Every case says which value was wrong, in words; `io` keeps the raw
/// `errno` and prints its `strerror`.
package enum PageStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The id is not 1–64 characters of `[A-Za-z0-9_-]`; nothing was done on disk.
    case invalidID(String)
    /// `create` was given an id that is already stored.
    case alreadyExists(String)
    /// `create` or `put` was given an id that differs only in case from a stored one. Ids are unique
    /// without regard to case, because macOS's and Windows' default file systems ignore case in file names.
    case idTakenInOtherCase(String, existing: String)
    /// No record has this id.
    case notFound(String)
    /// The HTTP status is outside 100–999.
    case invalidStatus(Int)
    /// A header field the HTTP layer would not send (`HTTPField.problem`): a name that is not a token, or
    /// a value with a control character (CR, LF and NUL would split the response).
    case invalidHeader(name: String, value: String)
    /// The content type or charset holds a byte a field value may not (`HTTPField.valueProblem`).
    case invalidContentType(String)
    /// A system call failed on `path` with the raw `errno`.
    case io(path: String, errno: Int32)
    /// The file at `path` is not a valid record (truncated, bad checksum, foreign file, not a regular file,
    /// over the size limit); `reason` says how.
    case corruptRecord(path: String, reason: String)
    /// The record for `id` would be `bytes` long, over the store's `limit` (`PageStore.maxRecordBytes`);
    /// nothing was written.
    case recordTooLarge(id: String, bytes: Int, limit: Int)
    /// The store at `path` cannot be written (`reason`: `Read-only file system`, …); nothing was done.
    case readOnly(path: String, reason: String)
    /// There is no store at `path` to read (`reason`: the folder does not exist, …); nothing was made.
    case noStore(path: String, reason: String)
    /// The store folder `path` cannot be a folder: `file`, `path` itself or a folder above it, is a file (or
    /// another kind of entry that is not a folder); nothing was made.
    case notAFolder(path: String, file: String)

    /// One line for a log or a CLI `error:` message.
    package var description: String {
        switch self {
        case .invalidID(let id):
            return "invalid page id \(Self.quoted(id)) (\(id.utf8.count) bytes): an id is \(PageID.rule)"
        case .alreadyExists(let id):
            // The one message for a taken id, on the command line and in the APIs' 409 alike.
            return "id \(Self.quoted(id)) is taken"
        case .idTakenInOtherCase(let id, let existing):
            return "id \(Self.quoted(id)) is taken by \(Self.quoted(existing)) (ids ignore case)"
        case .notFound(let id):
            return "no page with id \(Self.quoted(id))"
        case .invalidStatus(let status):
            return "status \(status) is out of range: a status is 100 to 999"
        case .invalidHeader(let name, let value):
            let problem = HTTPField(name: name, value: value).problem.map { "\($0)" } ?? "it cannot be sent"
            return "invalid header \(Self.quoted(name)): \(Self.quoted(value)): \(problem)"
        case .invalidContentType(let value):
            let problem = HTTPField.valueProblem(value).map { "\($0)" } ?? "it cannot be sent"
            return "invalid content type or charset \(Self.quoted(value)): \(problem)"
        case .io(let path, let code):
            return "\(path): \(Platform.errorText(code))"
        case .corruptRecord(let path, let reason):
            return "\(path): not a valid page record: \(reason)"
        case .readOnly(let path, let reason):
            return "the store \(path) is read-only (\(reason)): nothing can be written"
        case .noStore(let path, let reason):
            return "no store at \(path): \(reason)"
        case .notAFolder(let path, let file):
            return "\(path): \(Self.notAFolderReason(path: path, file: file))"
        case .recordTooLarge(let id, let bytes, let limit):
            return "the record for \(Self.quoted(id)) would be \(bytes) bytes; the store's limit is \(limit) bytes"
        }
    }

    /// Why the store folder `path` cannot be one, `file` being in the way: `it is a file, not a folder`, or
    /// `/x/file is a file, not a folder` for a file above it (what `notAFolder` says after the path, and the
    /// command line after `--store PATH`).
    package static func notAFolderReason(path: String, file: String) -> String {
        (file == path ? "it" : file) + " is a file, not a folder"
    }

    /// What is wrong, without the file's path: what a record's damage says to a client that should not
    /// learn where the store lives (a play on the network).
    package var reasonWithoutPath: String {
        switch self {
        case .io(_, let code): "it cannot be read: \(Platform.errorText(code))"
        case .corruptRecord(_, let reason): "not a valid page record: \(reason)"
        default: description
        }
    }

    /// `value` in double quotes with control characters escaped and long values cut, so that a hostile
    /// id cannot forge log lines.
    static func quoted(_ value: String, limit: Int = 80) -> String {
        var result = "\""
        var count = 0
        for scalar in value.unicodeScalars {
            if count == limit {
                result += "…"
                break
            }
            result +=
                scalar.isASCII && scalar.value >= 0x20 && scalar.value != 0x7f && scalar != "\"" && scalar != "\\"
                ? String(scalar) : scalar.escaped(asASCII: true)
            count += 1
        }
        return result + "\""
    }
}
