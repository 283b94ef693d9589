import ShortcutPlatform

/// One client connection: bytes in through the parser, requests through the responder, responses out
/// through the writer. Confined to its event loop's queue (`loop.queue`), like everything the loop owns:
/// `@unchecked Sendable` only so that delayed answers can be scheduled back onto that same queue.
///
/// Its `var`s are `@exclusivity(unchecked)`: one queue, and no method reaches a property that a caller up
/// the stack is modifying (the parser's callback touches only the output side). Swift's run-time checks
/// of that cost about a tenth of a request's instructions (callgrind); ThreadSanitizer runs and the live
/// tests keep watch instead.
final class Connection: @unchecked Sendable {
    /// What the connection is waiting for; each phase but `delayed` has a deadline from `ServerLimits`.
    enum Phase: Equatable {
        /// The head of a request (from its first byte, or from accept): `headerReadTimeout`.
        case head
        /// The rest of a body: `bodyReadTimeout`.
        case body
        /// A keep-alive connection between requests: `idleTimeout`.
        case idle
        /// The peer to take our bytes: `writeTimeout`.
        case writing
        /// A handler's delayed answer (`HTTPResponse.delay`): no deadline.
        case delayed
        /// Our last answer is sent and our side shut; the peer's leftover input is read and dropped so
        /// that closing does not reset the connection under that answer.
        case lingering
    }

    let socket: Socket
    let remote: String
    /// The loop outlives its connections (it closes them all before it goes): no reference counting.
    unowned(unsafe) let loop: EventLoop
    @exclusivity(unchecked) private var parser: HTTPParser
    /// Bytes not yet written. Usually the loop's shared buffer, lent for one pass.
    @exclusivity(unchecked) private var out: [UInt8] = []
    /// A large body sent from its own storage instead of being copied into `out`: it goes out after the
    /// first `position` bytes of `out`, in the same gathered write. One at a time; later bodies are copied.
    @exclusivity(unchecked) private var attached: (position: Int, body: [UInt8])?
    /// How many of the pending bytes (`out` with `attached` in place) are written.
    @exclusivity(unchecked) private var outOffset = 0
    @exclusivity(unchecked) private var closeAfterWrite = false
    @exclusivity(unchecked) private var interest = PollInterest.read
    @exclusivity(unchecked) private var isDelayed = false
    @exclusivity(unchecked) private(set) var phase = Phase.head
    /// Monotonic nanoseconds after which `phase` has timed out; 0 for none.
    @exclusivity(unchecked) private(set) var deadline: UInt64
    @exclusivity(unchecked) private(set) var isClosed = false

    init(socket: Socket, remote: String, loop: EventLoop) {
        self.socket = socket
        self.remote = remote
        self.loop = loop
        parser = HTTPParser(limits: loop.limits)
        deadline = loop.now &+ loop.limits.headerReadTimeout.nanoseconds
    }

    /// Whether the connection may be closed at once by a graceful stop: nothing in flight.
    var isIdle: Bool { !isDelayed && outOffset >= pendingCount && !parser.isMidRequest }

    /// Whether the next pipelined request may be answered now: no delayed answer in front of it, no close
    /// decided, and the unsent output under `maxPendingOutputBytes`. While it is not, requests stay unparsed
    /// in the parser and the socket is not read, so one client cannot make the server build answers (or
    /// parse requests) faster than it reads them: what waits is at most one read's bytes and one answer
    /// past the bound.
    private var canAnswerMore: Bool {
        !isDelayed && !closeAfterWrite && pendingCount &- outOffset < loop.limits.maxPendingOutputBytes
    }

    /// Bodies from this size on are attached rather than copied (below it a copy costs less than an iovec).
    static let attachThreshold = 2048

    // MARK: Events

    /// Input, or a hang-up (`hangup`: reset, or both directions shut) or error on the socket.
    func readable(hangup: Bool) {
        if phase == .lingering {
            switch socket.read(into: loop.readBuffer) {
            case .bytes: return
            case .wouldBlock: return
            case .closed: close()
            }
            return
        }
        guard canAnswerMore else {
            // Not reading now (the poller watches for room to write, or for nothing during a delay), but a
            // hang-up is reported whatever we watch: nothing can reach that peer any more, and leaving it
            // pending would wake the loop again and again.
            if hangup { close() }
            return
        }
        switch socket.read(into: loop.readBuffer) {
        case .bytes(let count):
            borrowOutput()
            parse(UnsafeRawBufferPointer(rebasing: loop.readBuffer[0..<count]))
            flush()
        case .wouldBlock:
            return
        case .closed:
            // The peer is done sending. Answers already due still go out; then we close.
            if outOffset < pendingCount {
                closeAfterWrite = true
                flush()
            } else {
                close()
            }
        }
    }

    func writable() { flush() }

    /// Called by the loop's timer.
    func checkDeadline(now: UInt64) {
        guard deadline != 0, now >= deadline, !isClosed else { return }
        switch phase {
        case .head where parser.isMidRequest:
            failTimedOut("request header section not complete within \(loop.limits.headerReadTimeout.secondsText)")
        case .body:
            failTimedOut("request body not complete within \(loop.limits.bodyReadTimeout.secondsText)")
        default:
            close()
        }
    }

    /// Graceful stop: close now if nothing is in flight; otherwise the next answer says `Connection: close`.
    func stopGracefully() {
        if isIdle || phase == .lingering { close() }
    }

    // MARK: Requests

    /// Parses `bytes` (none: what waits in the parser) and answers requests while `canAnswerMore`; the
    /// rest stays in the parser until `flush` finds room again. A parse error is answered in its turn.
    private func parse(_ bytes: UnsafeRawBufferPointer) {
        do {
            try parser.parse(bytes, while: { self.canAnswerMore }) { event in self.handle(event) }
        } catch {
            write(HTTPResponse.error(error.status, error.reason), method: "-", path: "-", isHead: false, keepAlive: false,
                  version: .http1_1, started: loop.now)
        }
    }

    private func handle(_ event: HTTPParser.Event) {
        switch event {
        case .continueExpected:
            if !isDelayed && !closeAfterWrite { out.append(contentsOf: ResponseWriter.continueLine) }
        case .request(var request, let keepAlive):
            request.remoteAddress = remote
            answer(request, keepAlive: keepAlive)
        }
    }

    private func answer(_ request: HTTPRequest, keepAlive: Bool) {
        let started = loop.log.enabled ? monotonicNanoseconds() : 0
        let response = loop.responder.respond(to: request)
        if response.delay > .zero {
            // The parser stops before the next request (`canAnswerMore`), keeping pipelined answers in order.
            isDelayed = true
            loop.after(response.delay) { [self] in
                guard !isClosed else { return }
                isDelayed = false
                borrowOutput()
                write(response, request: request, keepAlive: keepAlive, started: started)
                flush()
            }
            return
        }
        write(response, request: request, keepAlive: keepAlive, started: started)
    }

    private func write(_ response: HTTPResponse, request: HTTPRequest, keepAlive: Bool, started: UInt64) {
        let wantsClose = response.headers["Connection"].map { $0.equalsIgnoringASCIICase("close") } ?? false
        write(response, method: request.method.rawValue, path: request.path, isHead: request.method == .HEAD,
              keepAlive: keepAlive && !wantsClose && !loop.isStopping, version: request.version, started: started)
    }

    private func write(
        _ response: HTTPResponse, method: String, path: String, isHead: Bool, keepAlive: Bool, version: HTTPVersion,
        started: UInt64
    ) {
        if let name = response.headers.firstInvalidName {
            let refused = HTTPResponse.error(
                .internalServerError, "the handler's header field '\(name.prefix(64))' contains CR, LF or NUL")
            return write(refused, method: method, path: path, isHead: isHead, keepAlive: keepAlive, version: version,
                         started: started)
        }
        let sendsBody = ResponseWriter.appendHead(response, to: &out, isHead: isHead, keepAlive: keepAlive,
                                                  echoKeepAlive: keepAlive && version == .http1_0, date: loop.date.now())
        if sendsBody {
            if attached == nil && response.body.count >= Connection.attachThreshold {
                attached = (out.count, response.body)
            } else {
                out.append(contentsOf: response.body)
            }
        }
        if !keepAlive { closeAfterWrite = true }
        if loop.log.enabled {
            let elapsed = started == 0 ? 0 : monotonicNanoseconds() &- started
            loop.log.record(remote: remote, method: HTTPMethod(method), path: path, status: response.status.code,
                            bytes: isHead ? 0 : response.body.count, nanoseconds: elapsed)
        }
    }

    private func failTimedOut(_ reason: String) {
        borrowOutput()
        write(.error(.requestTimeout, reason), method: "-", path: "-", isHead: false, keepAlive: false,
              version: .http1_1, started: 0)
        flush()
    }

    // MARK: Output

    /// Takes the loop's shared output buffer when this connection has nothing pending, so that a connection
    /// keeps no buffer of its own between requests.
    private func borrowOutput() {
        if out.isEmpty { out = loop.takeOutputBuffer() }
    }

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
                if phase != .writing {
                    phase = .writing
                    deadline = loop.now &+ loop.limits.writeTimeout.nanoseconds
                }
                setInterest(.write)
                return
            }
            outOffset = 0
            attached = nil
            loop.returnOutputBuffer(&out)
            // All written: requests that waited unparsed (for room, or behind a delayed answer) are answered
            // now, up to the bound again; each such batch has the write timeout to go out.
            guard parser.hasUnparsedBytes && canAnswerMore else { break }
            borrowOutput()
            parse(UnsafeRawBufferPointer(start: nil, count: 0))
            guard pendingCount > 0 else {
                loop.returnOutputBuffer(&out)
                break
            }
            if phase == .writing { deadline = loop.now &+ loop.limits.writeTimeout.nanoseconds }
        }
        if closeAfterWrite {
            linger()
            return
        }
        if isDelayed {
            phase = .delayed
            deadline = 0
            setInterest(.none)
            return
        }
        setInterest(.read)
        if parser.isReadingBody {
            if phase != .body { (phase, deadline) = (.body, loop.now &+ loop.limits.bodyReadTimeout.nanoseconds) }
        } else if parser.isMidRequest {
            if phase != .head { (phase, deadline) = (.head, loop.now &+ loop.limits.headerReadTimeout.nanoseconds) }
        } else {
            (phase, deadline) = (.idle, loop.now &+ loop.limits.idleTimeout.nanoseconds)
            if loop.isStopping { close() }
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
        phase = .lingering
        deadline = loop.now &+ min(loop.limits.headerReadTimeout, .seconds(2)).nanoseconds
        setInterest(.read)
    }

    private func setInterest(_ wanted: PollInterest) {
        guard wanted != interest, !isClosed else { return }
        do {
            try loop.poller.modify(socket.fd, wanted)
            interest = wanted
        } catch {
            close()
        }
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        out = []
        attached = nil
        loop.remove(self)
    }
}
