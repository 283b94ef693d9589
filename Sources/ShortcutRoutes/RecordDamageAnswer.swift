import ShortcutHTTP
import ShortcutRecords

/// The answer to a play or a page of a record found damaged: 404 when this server never served it (found so
/// at its first read), 500 when it did (the file was damaged while it ran: the server lost a record it had),
/// each with what is wrong and the command that removes it. Never the file's path: plays and pages answer
/// the network, and the store's folder is this machine's business (`/api/problems` names it, on loopback).
enum RecordDamageAnswer {
    static func response(_ damage: RecordDamage) -> HTTPResponse {
        .error(
            damage.servedBefore ? .internalServerError : .notFound,
            "record '\(damage.id)' is damaged: \(damage.reason); remove it with: shortcut-serve rm \(damage.id) (with the server's --store)"
        )
    }
}
