/// One line per request (`127.0.0.1:53211 GET /s 301 0B 0.04ms`; a forwarded one ends in
/// `forwarded X-Forwarded-For: 203.0.113.9`, what the proxy claims; one the routes recognised, in what they
/// said: `[AASA fetch by Apple's CDN (AASA-Bot)]`), gathered per event loop and handed to
/// the server's `LogWriter` once per batch of events, so logging costs no system call per request and
/// never waits for standard error. Confined to its event loop's queue.
import HTTPVocabulary

struct AccessLog {
    /// Whether lines are recorded: the server logs requests.
    let enabled: Bool
    private let writer: LogWriter?
    private var pending: [UInt8] = []

    init(writer: LogWriter?) {
        self.writer = writer
        enabled = writer != nil
    }

    mutating func record(
        remote: String, method: HTTPMethod, path: String, status: Int, bytes: Int, nanoseconds: UInt64,
        forwarded: HTTPField? = nil, note: String? = nil
    ) {
        guard enabled else { return }
        let micros = Double(nanoseconds) / 1000
        let duration = micros < 1000 ? "\(Double(Int(micros * 10)) / 10_000)ms" : "\(Int(micros / 1000))ms"
        // The path is the client's: keep the log line one line.
        let shownPath = AccessLog.oneLine(path, maxBytes: 512)
        let via = forwarded.map { " forwarded \($0.name): \(AccessLog.oneLine($0.value, maxBytes: 80))" } ?? ""
        let noted = note.map { " [\($0)]" } ?? ""
        pending.append(
            contentsOf: "\(remote) \(method.rawValue.prefix(32)) \(shownPath) \(status) \(bytes)B \(duration)\(via)\(noted)\n".utf8)
        if pending.count > 64 * 1024 { flush() }
    }

    /// The client's text cut to `maxBytes` and with control characters shown as `?`: the line stays one line.
    static func oneLine(_ text: String, maxBytes: Int) -> String {
        String(text.prefix(maxBytes)).unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : String($0) }.joined()
    }

    /// Hands the lines gathered so far to the writer.
    mutating func flush() {
        guard !pending.isEmpty else { return }
        writer?.submit(pending)
        pending.removeAll(keepingCapacity: true)
    }
}
