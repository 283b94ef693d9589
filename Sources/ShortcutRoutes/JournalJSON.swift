import ShortcutHTTP
import ShortcutJSON
import ShortcutPlatform
import ShortcutRecords

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The request journal's JSON form (`GET /api/requests`, `shortcut-serve requests --json`):
///
/// ```json
/// {"requests": [{"sequence": 7, "time": "2026-11-25T22:40:01.123Z", "peer": "127.0.0.1:53211", "method": "GET",
///   "target": "/v3/profile?x=1", "path": "/v3/profile", "route": "/v3/:id", "status": 200, "request_bytes": 0,
///   "response_bytes": 312, "duration_ms": 0.041, "user_agent": "MyApp/1 CFNetwork", "referer": null,
///   "headers": [["Host", "127.0.0.1:9081"], ["Authorization", "Bearer [redacted]"]], "response_type":
///   "application/json", "note": null, "reason": null}],
///  "last_sequence": 7, "kept": 1, "bytes": 612, "max_entries": 1000, "max_bytes": 4194304, "dropped": 0}
/// ```
///
/// Headers are `[name, value]` pairs in order (repeats kept). A captured body adds `body` (UTF-8 text, or
/// base64 with `"body_encoding": "base64"` when it is not text) and `body_cut` (only its first bytes).
/// Everything a client sent is a JSON string, escaped (control bytes as `\u00XX`): inert data.
enum JournalJSON {
    static func listing(
        _ entries: [RecordedRequest], summary: RequestJournal.Summary, settings: RequestJournal.Settings, timedOut: String? = nil
    ) -> JSONValue {
        var members: [(String, JSONValue)] = [("requests", .array(entries.map(entry)))]
        if let timedOut { members.insert(("error", .string(timedOut)), at: 0) }
        members += [
            ("last_sequence", .number(Double(summary.lastSequence))), ("kept", .number(Double(summary.entries))),
            ("bytes", .number(Double(summary.bytes))), ("max_entries", .number(Double(settings.maxEntries))),
            ("max_bytes", .number(Double(settings.maxBytes))), ("dropped", .number(Double(summary.dropped))),
        ]
        return .object(members)
    }

    static func entry(_ entry: RecordedRequest) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("sequence", .number(Double(entry.sequence))), ("time", .string(ISO8601.string(entry.time))), ("peer", .string(entry.peer)),
            ("method", .string(entry.method)), ("target", .string(entry.target)), ("path", .string(entry.path)),
            ("route", optional(entry.route)), ("status", .number(Double(entry.status))),
            ("request_bytes", .number(Double(entry.requestBytes))), ("response_bytes", .number(Double(entry.responseBytes))),
            ("duration_ms", .number(milliseconds(entry.duration))), ("user_agent", optional(entry.userAgent)),
            ("referer", optional(entry.referer)),
            ("headers", .array(entry.headers.map { .array([.string($0.name), .string($0.value)]) })),
            ("response_type", optional(entry.responseType)), ("note", optional(entry.note)), ("reason", optional(entry.reason)),
        ]
        if let body = entry.body {
            if let text = String.validatedUTF8(body) {
                members.append(("body", .string(text)))
            } else {
                members.append(("body", .string(Data(body).base64EncodedString())))
                members.append(("body_encoding", .string("base64")))
            }
            members.append(("body_cut", .bool(entry.isBodyCut)))
        }
        return .object(members)
    }

    private static func optional(_ text: String?) -> JSONValue { text.map { .string($0) } ?? .null }

    /// Milliseconds with microsecond precision (`0.041`).
    private static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        let micros = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
        return Double(micros) / 1000
    }
}
