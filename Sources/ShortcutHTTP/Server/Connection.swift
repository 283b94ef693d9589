import HTTPVocabulary
import ShortcutPlatform

/// One client connection: bytes in through the parser, requests through the responder, responses out
/// through the writer. It knows its socket and its loop's shared `ConnectionContext`, never the loop: each
/// event method returns a `ConnectionAction` (what to watch, a delayed answer to schedule, or close) that
/// the owner applies. Its phases and deadlines are a `ConnectionTimeline`. Confined to its owner's queue:
/// `@unchecked Sendable` only so that delayed answers can be scheduled back onto that same queue.
///
/// Its `var`s are `@exclusivity(unchecked)`: one queue, and no method reaches a property that a caller up
/// the stack is modifying (the parser's callback touches only the output side). Swift's run-time checks
/// of that cost about a tenth of a request's instructions (callgrind); ThreadSanitizer runs and the live
/// tests keep watch instead.
final class Connection: @unchecked Sendable {
    /// A handler's answer waiting out its `HTTPResponse.delay` (rare: boxed, so it costs an idle connection
    /// one pointer).
    private final class DelayedAnswer {
        let response: HTTPResponse
        let request: HTTPRequest
        let keepAlive: Bool
        let started: UInt64
        /// The request's head, copied for the journal (empty without one): the parser's bytes are gone by
        /// the time the answer is written.
        let head: KeptHead

        init(response: HTTPResponse, request: HTTPRequest, keepAlive: Bool, started: UInt64, head: KeptHead) {
            (self.response, self.request, self.keepAlive, self.started, self.head) = (response, request, keepAlive, started, head)
        }
    }

    /// A body going out in pieces (`ResponseDelivery.dribble`): rare, boxed as `DelayedAnswer` is.
    private final class Dribble {
        let body: [UInt8]
        let pieces: Int
        /// Nanoseconds between two pieces.
        let interval: UInt64
        let keepAlive: Bool
        var piecesSent = 0

        init(body: [UInt8], pieces: Int, interval: UInt64, keepAlive: Bool) {
            (self.body, self.pieces, self.interval, self.keepAlive) = (body, pieces, interval, keepAlive)
        }

        /// The next piece: piece k is `body[k·n/p ..< (k+1)·n/p]`, so the pieces differ by a byte at most.
        func takePiece() -> ArraySlice<UInt8> {
            let start = body.count * piecesSent / pieces
            piecesSent += 1
            return body[start..<(body.count * piecesSent / pieces)]
        }

        var isDone: Bool { piecesSent >= pieces }
    }

    let socket: Socket
    let remote: String
    /// Owned by the loop, which closes every connection before it goes: no reference counting (a strong
    /// reference costs a retain and a release around each use on the per-request path).
    unowned(unsafe) let context: ConnectionContext
    @exclusivity(unchecked) private var parser: HTTPParser
    /// Bytes not yet written. Usually the loop's shared buffer, lent for one pass (`OutputPolicy`).
    @exclusivity(unchecked) private var out: [UInt8] = []
    /// A large body sent from its own storage instead of being copied into `out`: it goes out after the
    /// first `position` bytes of `out`, in the same gathered write. One at a time; later bodies are copied.
    @exclusivity(unchecked) private var attached: (position: Int, body: [UInt8])?
    /// How many of the pending bytes (`out` with `attached` in place) are written.
    @exclusivity(unchecked) private var outOffset = 0
    @exclusivity(unchecked) private var closeAfterWrite = false
    /// What the owner watches for this connection (as last told), and what the connection wants now.
    @exclusivity(unchecked) private var interest = PollInterest.read
    @exclusivity(unchecked) private var wantedInterest = PollInterest.read
    /// Whether input was left unread (`readable` stopped at its bound): watching anew makes the poller
    /// report it again.
    @exclusivity(unchecked) private var rearmsRead = false
    @exclusivity(unchecked) private var delayed: DelayedAnswer?
    /// The body being dribbled out, between its pieces (`isDelayed` is set meanwhile).
    @exclusivity(unchecked) private var dribble: Dribble?
    /// Whether closing is to abort the connection (`ConnectionFault.connectionResetByPeer`).
    @exclusivity(unchecked) private var resetsOnClose = false
    /// `delayed != nil`, kept as a flag: read several times a request, where a load of a trivial value
    /// costs less than looking at a reference.
    @exclusivity(unchecked) private var isDelayed = false
    /// A delay to hand to the owner at the end of this pass (`ConnectionAction.answerDelayedAfter`).
    @exclusivity(unchecked) private var delayToSchedule: UInt64?
    /// Work that makes the answer in `delayed`'s place, for the owner to start at the end of this pass
    /// (`ConnectionAction.startsDeferredWork`, `takeDeferredWork`).
    @exclusivity(unchecked) private var deferredWork: DeferredAnswer?
    @exclusivity(unchecked) private(set) var timeline: ConnectionTimeline
    @exclusivity(unchecked) private(set) var isClosed = false
    /// Who takes the connection over once a 101 answer is written (`HTTPResponse.upgrade`); nil otherwise.
    @exclusivity(unchecked) private var upgrade: UpgradeHandler?
    /// Whether the connection was handed over rather than closed (its socket must stay open).
    @exclusivity(unchecked) private var isDetached = false

    init(socket: Socket, remote: String, context: ConnectionContext) {
        self.socket = socket
        self.remote = remote
        self.context = context
        parser = HTTPParser(limits: context.limits)
        parser.keepsHeads = context.journal != nil
        timeline = ConnectionTimeline(now: context.now, timeouts: context.timeouts)
    }

    /// Whether the connection may be closed at once by a graceful stop: nothing in flight.
    var isIdle: Bool { !isDelayed && outOffset >= pendingCount && !parser.isMidRequest }

    /// Whether the next pipelined request may be answered now: no delayed answer in front of it, no close
    /// decided, and room for more output (`OutputPolicy.hasRoom`). While it is not, requests stay unparsed
    /// in the parser and the socket is not read, so one client cannot make the server build answers (or
    /// parse requests) faster than it reads them: what waits is at most one read's bytes and one answer
    /// past the bound.
    private var canAnswerMore: Bool {
        !isDelayed && !closeAfterWrite && context.output.hasRoom(pending: pendingCount &- outOffset)
    }

    // MARK: Events (each returns what the owner is to do)

    /// Input, or a hang-up (`hangup`: reset, or both directions shut) or error on the socket; `inputEnded`:
    /// the peer's end of input has arrived, perhaps behind input.
    ///
    /// The poller reports input when it arrives, not while it waits (epoll is edge-triggered; see
    /// `EventPolling`), so the socket is read until a read comes back short: then the kernel held no more,
    /// and more input will be reported again. The end of input is not reported again: after `inputEnded`
    /// the socket is read on to it. After `maxReadsPerEvent` full reads the connection asks to be watched
    /// anew (`rearmsRead`), which puts it behind the loop's other ready connections.
    ///
    /// While an answer waits (`isDelayed`: a delay, a dribbled body between its pieces, an answer made off the
    /// loop) nothing is read, but the peer's end of input is watched for (`PollInterest.inputEnd`): when it
    /// comes, the connection closes at once and the answer is dropped (see `HTTPResponse.delay`).
    func readable(hangup: Bool, inputEnded: Bool = false) -> ConnectionAction {
        guard !isClosed else { return .none }
        if timeline.phase == .lingering {
            discardInput()
            return settle()
        }
        guard canAnswerMore else {
            // Not reading now (the poller watches for room to write, or for the peer's end while an answer
            // waits), but a hang-up is reported whatever we watch: nothing can reach that peer any more, and
            // leaving it pending would wake the loop again and again.
            if hangup || (inputEnded && isDelayed) {
                // A client that ends its input (closes, or half-closes) while its answer waits is taken as gone,
                // as nginx takes one that closes while it waits for an upstream's answer (499, with
                // `proxy_ignore_client_abort off`): its answer is dropped. Otherwise it would hold its descriptor
                // and its place under `ServerLimits.maxConnections` until the answer is due, and enough such
                // clients would lock everyone out (issue 47). The delay's timer, or the deferred work's answer,
                // then finds the connection closed and does nothing (`answerDelayed`, `answerDeferred`).
                close()
            } else if wantedInterest == .inputEnd {
                // Input, not its end, while an answer waits: only kqueue says so (its receive buffer is full, see
                // `PollInterest.inputEnd`), and would again and again. That client is sending, not leaving:
                // nothing is watched until the answer goes (`flush` then watches input again).
                wantedInterest = .none
            }
            return settle()
        }
        for _ in 0..<Connection.maxReadsPerEvent {
            switch socket.read(into: context.readBuffer) {
            case .bytes(let count):
                borrowOutput()
                parse(UnsafeRawBufferPointer(rebasing: context.readBuffer[0..<count]))
                flush()
                // Short: nothing more waited. Otherwise read on while the answers keep up (when they do not,
                // the poller watches for room to write, and watching input again reports what waits).
                guard count == context.readBuffer.count || inputEnded, !isClosed, canAnswerMore else {
                    // The end of input came behind a request whose answer now waits: that client has left (as
                    // above, when the end comes during the wait). Deferred work is started first, as it would
                    // have been had the end come a moment later: the handler's work is done whether its client
                    // stays or not. Watching `.inputEnd` reports the end again (epoll re-arms a changed watch,
                    // kqueue reports while it holds), and that closes the connection.
                    if inputEnded && isDelayed && deferredWork == nil { close() }
                    return settle()
                }
            case .wouldBlock:
                return settle()
            case .closed:
                // The peer is done sending. Answers already due still go out; then we close.
                if outOffset < pendingCount {
                    closeAfterWrite = true
                    flush()
                } else {
                    close()
                }
                return settle()
            }
        }
        rearmsRead = true
        return settle()
    }

    /// Full reads made for one readiness event before the connection lets the loop's others go first: 4 of
    /// the read buffer (`ConnectionContext.readBufferBytes`), 256 KiB.
    static let maxReadsPerEvent = 4

    /// Reads and drops what the peer sends while the connection lingers (its last answer written, the writing
    /// side shut), until the kernel holds no more; closes at the peer's end of input. A lingering connection
    /// waits for that end, so it reads on past short reads (up to `maxReadsPerEvent`, as `readable`).
    private func discardInput() {
        for _ in 0..<Connection.maxReadsPerEvent {
            switch socket.read(into: context.readBuffer) {
            case .bytes: continue
            case .wouldBlock: return
            case .closed: return close()
            }
        }
        rearmsRead = true
    }

    /// Room to write.
    func writable() -> ConnectionAction {
        guard !isClosed else { return .none }
        flush()
        return settle()
    }

    /// The time has come for a delayed answer, or a dribbled body's next piece (after
    /// `ConnectionAction.answerDelayedAfter`).
    func answerDelayed() -> ConnectionAction {
        guard !isClosed else { return .none }
        if let dribble {
            borrowOutput()
            sendPiece(of: dribble)
            flush()
            return settle()
        }
        guard let answer = delayed else { return .none }
        delayed = nil
        isDelayed = false
        borrowOutput()
        answer.head.withReceived {
            write(answer.response, request: answer.request, keepAlive: answer.keepAlive, started: answer.started, head: $0)
        }
        flush()
        return settle()
    }

    /// The work the last action asked the owner to start (`ConnectionAction.startsDeferredWork`).
    func takeDeferredWork() -> DeferredAnswer? {
        defer { deferredWork = nil }
        return deferredWork
    }

    /// The deferred work's answer is made: written in its turn (it may itself be delayed).
    func answerDeferred(_ response: HTTPResponse) -> ConnectionAction {
        guard !isClosed, let waiting = delayed else { return .none }
        if response.delay > .zero {
            delayed = DelayedAnswer(
                response: response, request: waiting.request, keepAlive: waiting.keepAlive, started: waiting.started, head: waiting.head)
            delayToSchedule = response.delay.nanoseconds
            return settle()
        }
        delayed = nil
        isDelayed = false
        borrowOutput()
        waiting.head.withReceived {
            write(response, request: waiting.request, keepAlive: waiting.keepAlive, started: waiting.started, head: $0)
        }
        flush()
        return settle()
    }

    /// Called by the owner's timer, once `context.now` is read: what the timeline says of that time.
    func checkDeadline() -> ConnectionAction {
        guard !isClosed else { return .none }
        switch timeline.expiry(at: context.now, isMidRequest: parser.isMidRequest, timeouts: context.timeouts) {
        case .none: return .none
        case .close: close()
        case .requestTimeout(let reason): failTimedOut(reason)
        }
        return settle()
    }

    /// Graceful stop: close now if nothing is in flight; otherwise the next answer says `Connection: close`.
    func stopGracefully() -> ConnectionAction {
        guard !isClosed else { return .none }
        if timeline.closesOnStop(isIdle: isIdle) { close() }
        return settle()
    }

    /// Marks the connection closed and lets go of its buffers. The owner closes the socket.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        out = []
        attached = nil
        delayed = nil
        dribble = nil
        isDelayed = false
        deferredWork = nil
    }

    /// The end of every event: what the owner must do. `.close` is reported once, by the event that closed
    /// the connection (every event of a closed connection returns `.none`).
    @inline(__always)
    private func settle() -> ConnectionAction {
        if isClosed { return isDetached ? .detach : .close }
        var action = ConnectionAction.none
        if wantedInterest != interest || rearmsRead {
            interest = wantedInterest
            action.watch = wantedInterest
            rearmsRead = false
        }
        if let delay = delayToSchedule {
            delayToSchedule = nil
            action.answerDelayedAfter = delay
        }
        if deferredWork != nil { action.startsDeferredWork = true }
        return action
    }

    // MARK: Requests

    /// Parses `bytes` (none: what waits in the parser) and answers requests while `canAnswerMore`; the
    /// rest stays in the parser until `flush` finds room again. A parse error is answered in its turn.
    private func parse(_ bytes: UnsafeRawBufferPointer) {
        do {
            try parser.parse(bytes, while: { self.canAnswerMore }, { event in self.handle(event) })
        } catch {
            writeRefusal(HTTPResponse.error(error.status, error.reason), started: context.timesAnswers ? context.now : 0)
        }
    }

    private func handle(_ event: HTTPParser.Event) {
        switch event {
        case .continueExpected:
            if !isDelayed && !closeAfterWrite { out.append(contentsOf: ResponseWriter.continueLine) }
        case .request(var request, let keepAlive, let head):
            request.remoteAddress = remote
            answer(&request, keepAlive: keepAlive, head: head)
        }
    }

    /// Answers `request`, whose head is `head` (for the journal); the router leaves the route's pattern on it,
    /// also for the journal. (`inout`: a copy of a request retains and releases its four references.)
    ///
    /// An answer's time (access log, journal) runs from the start of the loop's batch that read the request
    /// (`context.now`, read once a batch) to the answer's end: the time the request spent in the server,
    /// waiting behind others of the batch included, with one clock read an answer instead of two.
    private func answer(_ request: inout HTTPRequest, keepAlive: Bool, head: ReceivedHead) {
        let started = context.timesAnswers ? context.now : 0
        let response = context.responder.respond(to: &request)
        if let work = response.deferred {
            // As for a delay: the parser stops before the next request; the owner starts the work and calls
            // `answerDeferred` with what it made.
            delayed = DelayedAnswer(
                response: response, request: request, keepAlive: keepAlive, started: started, head: keptHead(head))
            isDelayed = true
            deferredWork = work
            return
        }
        if response.delay > .zero {
            // The parser stops before the next request (`canAnswerMore`), keeping pipelined answers in order;
            // the owner calls `answerDelayed` when the delay is over.
            delayed = DelayedAnswer(
                response: response, request: request, keepAlive: keepAlive, started: started, head: keptHead(head))
            isDelayed = true
            delayToSchedule = response.delay.nanoseconds
            return
        }
        write(response, request: request, keepAlive: keepAlive, started: started, head: head)
    }

    /// A copy of `head` for an answer written later, when the journal keeps heads; empty otherwise.
    private func keptHead(_ head: ReceivedHead) -> KeptHead { context.journal == nil ? .none : KeptHead(head) }

    private func write(_ response: HTTPResponse, request: HTTPRequest, keepAlive: Bool, started: UInt64, head: ReceivedHead) {
        if let handler = response.upgrade, response.status.code == 101, response.headers.firstInvalidName == nil,
            !context.isStopping
        {
            return writeUpgrade(response, handler, request: request, started: started, head: head)
        }
        let wantsClose = response.headerValue("Connection").map { $0.equalsIgnoringASCIICase("close") } ?? false
        let keepAlive = keepAlive && !wantsClose && !context.isStopping
        switch response.delivery {
        case .whole: break
        case .fault(let fault):
            return writeFault(fault, response, request: request, started: started, head: head)
        case .dribble(let pieces, let duration):
            if request.method != .HEAD, !response.body.isEmpty, response.headers.firstInvalidName == nil {
                return writeDribbled(
                    response, pieces: pieces, over: duration, request: request, keepAlive: keepAlive, started: started, head: head)
            }
        }
        let (sent, sentBytes) = append(response, isHead: request.method == .HEAD, keepAlive: keepAlive, version: request.version)
        if context.timesAnswers { note(sent ?? response, to: request, head: head, sentBytes: sentBytes, started: started) }
    }

    /// A network failure in place of `response`: what its fault sends, then the end of the connection (an
    /// abort for a reset). Answers already due go out first, in order.
    private func writeFault(_ fault: ConnectionFault, _ response: HTTPResponse, request: HTTPRequest, started: UInt64, head: ReceivedHead) {
        switch fault {
        case .emptyResponse: break
        case .connectionResetByPeer: resetsOnClose = true
        case .malformedResponseChunk:
            ResponseWriter.appendStatusLine(response.status, to: &out)
            out.append(contentsOf: "Transfer-Encoding: chunked\r\n\r\n".utf8)
            out.append(contentsOf: ConnectionFault.malformedChunk)
        case .randomDataThenClose:
            // Never "HTTP/…": a client must find no status line in it.
            out.append(UInt8.random(in: 0...0x47))
            for _ in 1..<ConnectionFault.randomByteCount { out.append(UInt8.random(in: 0...255)) }
        }
        closeAfterWrite = true
        if context.timesAnswers {
            note(response.noted("fault \(fault.rawValue)"), to: request, head: head, sentBytes: 0, started: started)
        }
    }

    /// The head of `response` now, its body in pieces on the loop's timer (`answerDelayed`); the next request
    /// waits as it waits behind a delay.
    private func writeDribbled(
        _ response: HTTPResponse, pieces: Int, over duration: Duration, request: HTTPRequest, keepAlive: Bool, started: UInt64,
        head: ReceivedHead
    ) {
        let sendsBody = ResponseWriter.appendHead(
            response, to: &out, isHead: false, keepAlive: keepAlive, echoKeepAlive: keepAlive && request.version == .http1_0,
            date: context.date.now())
        if sendsBody {
            let pieces = max(1, min(pieces, response.body.count))
            let interval = duration.nanoseconds / UInt64(pieces)
            dribble = Dribble(body: response.body, pieces: pieces, interval: interval, keepAlive: keepAlive)
            isDelayed = true
            delayToSchedule = interval
        } else if !keepAlive {
            closeAfterWrite = true
        }
        if context.timesAnswers {
            note(response, to: request, head: head, sentBytes: sendsBody ? response.body.count : 0, started: started)
        }
    }

    /// Appends the next piece of a dribbled body; after the last, the connection goes on as after any answer.
    private func sendPiece(of dribble: Dribble) {
        out.append(contentsOf: dribble.takePiece())
        guard dribble.isDone else {
            delayToSchedule = dribble.interval
            return
        }
        self.dribble = nil
        isDelayed = false
        if !dribble.keepAlive { closeAfterWrite = true }
    }

    /// Writes an answer to a request refused before it was parsed (a malformed head, a timeout), and notes it.
    private func writeRefusal(_ response: HTTPResponse, started: UInt64) {
        let (sent, sentBytes) = append(response, isHead: false, keepAlive: false, version: .http1_1)
        if context.timesAnswers { noteRefusal(sent ?? response, sentBytes: sentBytes, started: started) }
    }

    /// Appends `response` to the output: its head and, unless `isHead` (or its status has none), its body.
    /// Returns the 500 sent instead when the response's fields cannot be sent (nil when it went out as it
    /// is), and the body bytes sent.
    private func append(
        _ response: HTTPResponse, isHead: Bool, keepAlive: Bool, version: HTTPVersion
    ) -> (refusal: HTTPResponse?, sentBytes: Int) {
        if let name = response.headers.firstInvalidName {
            let refusal = Responder.refusal(invalidField: name)
            return (refusal, append(refusal, isHead: isHead, keepAlive: keepAlive, version: version).sentBytes)
        }
        let sendsBody = ResponseWriter.appendHead(
            response, to: &out, isHead: isHead, keepAlive: keepAlive,
            echoKeepAlive: keepAlive && version == .http1_0, date: context.date.now())
        if sendsBody {
            if attached == nil && OutputPolicy.attaches(bodyCount: response.body.count) {
                attached = (out.count, response.body)
            } else {
                out.append(contentsOf: response.body)
            }
        }
        if !keepAlive { closeAfterWrite = true }
        return (nil, sendsBody ? response.body.count : 0)
    }

    /// Tells the access log and the journal of an answer written. (`request` is not an optional: wrapping
    /// it would copy it; `noteRefusal` is for an answer without one.)
    private func note(_ response: HTTPResponse, to request: HTTPRequest, head: ReceivedHead, sentBytes: Int, started: UInt64) {
        let ended = context.clock.now()
        if context.log.enabled {
            context.log.record(
                remote: remote, method: request.method, path: request.path, status: response.status.code, bytes: sentBytes,
                nanoseconds: started == 0 ? 0 : ended &- started, forwarded: request.forwardingField, note: response.note)
        }
        if let journal = context.journal, response.isJournaled {
            journal.record(request, head: head, response: response, peer: remote, sentBytes: sentBytes, started: started, ended: ended)
        }
    }

    /// Tells the access log and the journal of an answer to a request refused before it was parsed.
    private func noteRefusal(_ response: HTTPResponse, sentBytes: Int, started: UInt64) {
        let ended = context.clock.now()
        if context.log.enabled {
            context.log.record(
                remote: remote, method: HTTPMethod("-"), path: "-", status: response.status.code, bytes: sentBytes,
                nanoseconds: started == 0 ? 0 : ended &- started, forwarded: nil, note: response.note)
        }
        if let journal = context.journal, response.isJournaled {
            journal.recordRefusal(response, peer: remote, sentBytes: sentBytes, started: started, ended: ended)
        }
    }

    /// A 101 that hands the connection over: its head goes out, nothing more is parsed (`closeAfterWrite`
    /// stops the parser before the next request), and once it is written `flush` detaches the connection.
    private func writeUpgrade(
        _ response: HTTPResponse, _ handler: @escaping UpgradeHandler, request: HTTPRequest,
        started: UInt64, head: ReceivedHead
    ) {
        ResponseWriter.appendUpgradeHead(response, to: &out, date: context.date.now())
        upgrade = handler
        closeAfterWrite = true
        if context.timesAnswers { note(response, to: request, head: head, sentBytes: 0, started: started) }
    }

    /// The handler and the bytes read past the upgrade request, once the connection was detached (for the
    /// owner to hand over); nil otherwise.
    func takeUpgrade() -> (handler: UpgradeHandler, bufferedBytes: [UInt8])? {
        guard isDetached, let handler = upgrade else { return nil }
        upgrade = nil
        return (handler, parser.takeUnparsedBytes())
    }

    private func failTimedOut(_ reason: String) {
        borrowOutput()
        writeRefusal(.error(.requestTimeout, reason), started: 0)
        flush()
    }

    // MARK: Output

    /// Takes the loop's shared output buffer when this connection has nothing pending, so that a connection
    /// keeps no buffer of its own between requests.
    private func borrowOutput() {
        if out.isEmpty { out = context.outputBuffer.lend() }
    }

    /// Writes what is pending, answers requests that waited for room, and settles the phase and the interest
    /// wanted for what comes next.
    private func flush() {
        guard !isClosed else { return }
        while true {
            if outOffset < pendingCount {
                switch writePending() {
                case .bytes(let count): outOffset += count
                case .wouldBlock: break
                case .closed:
                    close()
                    return
                }
            }
            if outOffset < pendingCount {
                timeline.stay(in: .writing, now: context.now, timeouts: context.timeouts)
                wantedInterest = .write
                return
            }
            outOffset = 0
            attached = nil
            context.outputBuffer.takeBack(&out)
            // All written: requests that waited unparsed (for room, or behind a delayed answer) are answered
            // now, up to the bound again; each such batch has the write timeout to go out.
            guard parser.hasUnparsedBytes && canAnswerMore else { break }
            borrowOutput()
            parse(UnsafeRawBufferPointer(start: nil, count: 0))
            guard pendingCount > 0 else {
                context.outputBuffer.takeBack(&out)
                break
            }
            if timeline.phase == .writing { timeline.enter(.writing, now: context.now, timeouts: context.timeouts) }
        }
        if closeAfterWrite {
            if upgrade != nil {
                // The 101 is written: the connection leaves HTTP (the owner hands it over, `takeUpgrade`).
                isDetached = true
                isClosed = true
                out = []
                return
            }
            if resetsOnClose {
                socket.resetOnClose()
                close()
                return
            }
            linger()
            return
        }
        if isDelayed {
            // Nothing is read while the answer waits (the requests behind it stay in the kernel and the parser,
            // keeping pipelined answers in order), but the peer's leaving is heard (`readable`).
            timeline.enter(.delayed, now: context.now, timeouts: context.timeouts)
            wantedInterest = .inputEnd
            return
        }
        wantedInterest = .read
        if parser.isReadingBody {
            timeline.stay(in: .body, now: context.now, timeouts: context.timeouts)
        } else if parser.isMidRequest {
            timeline.stay(in: .head, now: context.now, timeouts: context.timeouts)
        } else {
            timeline.enter(.idle, now: context.now, timeouts: context.timeouts)
            if context.isStopping { close() }
        }
    }

    /// Bytes queued: `out` and the attached body.
    private var pendingCount: Int { out.count + (attached?.body.count ?? 0) }

    /// One send of what is pending from `outOffset`: `out`, or `out` around the attached body.
    private func writePending() -> Socket.IOResult {
        guard let (position, body) = attached else {
            return out.withUnsafeBytes { socket.write(UnsafeRawBufferPointer(rebasing: $0[outOffset...])) }
        }
        return out.withUnsafeBytes { out in
            body.withUnsafeBytes { body in
                // In order: out[..<position], body, out[position...]; each part less what is already written.
                let before = UnsafeRawBufferPointer(rebasing: out[min(outOffset, position)..<position])
                let inBody = UnsafeRawBufferPointer(rebasing: body[min(max(outOffset - position, 0), body.count)...])
                let after = UnsafeRawBufferPointer(rebasing: out[max(position, outOffset - body.count)...])
                return socket.write(before, inBody, after)
            }
        }
    }

    private func linger() {
        // Closing with unread input makes the kernel send RST, which can destroy our last answer before the
        // peer reads it; only then is it worth lingering. With nothing unread, close now (a plain FIN).
        guard parser.isMidRequest || socket.hasUnreadInput() else {
            close()
            return
        }
        socket.shutdownWrite()
        timeline.enter(.lingering, now: context.now, timeouts: context.timeouts)
        wantedInterest = .read
        // What is unread (and an end of input behind it) was reported already, and will not be again.
        discardInput()
    }
}
