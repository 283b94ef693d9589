import ShortcutPlatform
import ShortcutStubs

/// WireMock's recorder state: whether a recording runs (and through which proxy stub, with which spec), and
/// the exchanges proxy stubs made — what `stop` and `snapshot` turn into mappings. Bounded: at most
/// `maxExchanges` exchanges and `maxBytes` of their bodies are kept; past either, exchanges are still
/// proxied but not kept, and counted (`notKept`), so a long recording cannot take the memory.
package final class StubRecorder: @unchecked Sendable {
    /// WireMock's names for the recorder's state (`GET /__admin/recordings/status`).
    package enum Status: String, Sendable {
        case neverStarted = "NeverStarted"
        case recording = "Recording"
        case stopped = "Stopped"
    }

    /// The most exchanges kept.
    package static let maxExchanges = 10_000
    /// The most body bytes (requests' and answers') kept.
    package static let maxBytes = 64 << 20

    private let lock = Lock()
    // Guarded by `lock`:
    private var state = Status.neverStarted
    private var spec: RecordSpec?
    private var proxyID: String?
    private var exchanges: [RecordedExchange] = []
    private var bytes = 0
    /// Where the running recording's exchanges start in `exchanges`.
    private var recordingStart = 0
    private var notKeptCount = 0
    private var listener: (@Sendable (RecordedExchange) -> Void)?

    package init() {}

    /// The state now.
    package var status: Status { lock.withLock { state } }

    /// The proxy stub the running recording added; nil when none runs.
    package var recordingProxyID: String? { lock.withLock { proxyID } }

    /// Exchanges proxied but not kept (the bounds were reached) since the last `takeRecording` or `clear`.
    package var notKept: Int { lock.withLock { notKeptCount } }

    /// Called with each exchange kept while a recording runs (the CLI prints it); set before recording.
    package func onCapture(_ body: (@Sendable (RecordedExchange) -> Void)?) { lock.withLock { listener = body } }

    /// Marks a recording begun through the proxy stub `proxyID`; false when one runs already.
    func begin(spec: RecordSpec, proxyID: String) -> Bool {
        lock.withLock {
            guard state != .recording else { return false }
            (state, self.spec, self.proxyID, recordingStart, notKeptCount) = (.recording, spec, proxyID, exchanges.count, 0)
            return true
        }
    }

    /// Ends the running recording: its spec, proxy stub and exchanges; nil when none runs.
    func takeRecording() -> (spec: RecordSpec, proxyID: String, exchanges: [RecordedExchange], notKept: Int)? {
        lock.withLock {
            guard state == .recording, let spec, let proxyID else { return nil }
            let taken = (spec, proxyID, Array(exchanges[min(recordingStart, exchanges.count)...]), notKeptCount)
            (state, self.spec, self.proxyID, notKeptCount) = (.stopped, nil, nil, 0)
            return taken
        }
    }

    /// Every exchange kept, for a snapshot.
    var kept: [RecordedExchange] { lock.withLock { exchanges } }

    /// Keeps `exchange` if there is room.
    func capture(_ exchange: RecordedExchange) {
        let size = exchange.requestBody.count + exchange.responseBody.count
        let told: (@Sendable (RecordedExchange) -> Void)? = lock.withLock {
            guard exchanges.count < Self.maxExchanges, bytes + size <= Self.maxBytes else {
                notKeptCount += 1
                return nil
            }
            exchanges.append(exchange)
            bytes += size
            return state == .recording ? listener : nil
        }
        told?(exchange)
    }

    /// Forgets every exchange kept (WireMock's journal reset empties what a snapshot reads).
    func clear() {
        lock.withLock {
            exchanges = []
            bytes = 0
            recordingStart = 0
        }
    }
}
