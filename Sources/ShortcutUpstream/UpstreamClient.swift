import ShortcutPlatform

/// A blocking HTTP/1.1 client for a mock's upstream (WireMock's `proxyBaseUrl`): one request on a new
/// connection with `Connection: close`, the whole answer read into memory within `limits`. For proxying and
/// recording; plain `http://` here, `https://` through URLSession on Apple platforms (and refused on Linux,
/// whose static binary has no TLS client).
///
/// It blocks the calling thread for up to `timeoutSeconds` of silence per step: call it off the event loops.
package struct UpstreamClient: Sendable {
    /// What one exchange may cost.
    package let limits: UpstreamLimits
    /// The server's own listeners, which an exchange never connects to (nil: no such check).
    package let own: OwnEndpoints?

    /// Makes a client; `own` names the listeners it refuses to reach (the server it runs in).
    package init(limits: UpstreamLimits = UpstreamLimits(), refusing own: OwnEndpoints? = nil) {
        self.limits = limits
        self.own = own
    }

    /// Sends `request` and reads its answer. Each address of the URL's host is tried in the resolver's order
    /// until one connects. Throws a failure that names the URL.
    package func send(_ request: UpstreamRequest) throws(UpstreamFailure) -> UpstreamResponse {
        #if canImport(Darwin)
            if request.url.lowercased().hasPrefix("https://") { return try sendThroughURLSession(request) }
        #endif
        let target = try UpstreamURL(parsing: request.url)
        let bytes = try request.encoded(for: target)
        // The URL as it stands in messages: the target was checked, but a host or port may hold anything.
        let url = UpstreamText.printable(request.url)
        let socket = try connect(to: target, url: url)
        defer { socket.close() }
        var sendFailure: UpstreamFailure?
        do {
            try socket.sendAll(bytes, subject: url)
        } catch {
            if isTimeout(error) {
                throw UpstreamFailure(.timedOut, "\(url) did not take the request within \(seconds) s")
            }
            // An upstream may answer early and close (a 413 before the whole body): read what it said.
            sendFailure = UpstreamFailure(
                .connectionClosed, "\(url) closed the connection while the request was sent: \(UpstreamFailure.reason(error))")
        }
        var effective = limits
        effective.timeoutSeconds = seconds
        var reader = UpstreamAnswerReader(source: SocketByteSource(socket: socket), limits: effective, url: url)
        do {
            return try reader.readAnswer(method: request.method)
        } catch {
            throw sendFailure ?? error
        }
    }

    /// `timeoutSeconds`, at least 1: a socket timeout of 0 means none at all (socket(7), `SO_RCVTIMEO`).
    private var seconds: Int { max(1, limits.timeoutSeconds) }

    /// A connection to the first address of `target` that takes one.
    private func connect(to target: UpstreamURL, url: String) throws(UpstreamFailure) -> Socket {
        try connect(toFirstOf: addresses(of: target, url: url), url: url)
    }

    /// The addresses of `target`'s host, none of them this server's own.
    private func addresses(of target: UpstreamURL, url: String) throws(UpstreamFailure) -> [SocketAddress] {
        let addresses: [SocketAddress]
        do {
            addresses = try SocketAddress.resolve(host: target.host, port: target.port)
        } catch {
            throw UpstreamFailure(.unreachable, "cannot reach \(url) : \(target.host) has no address (\(UpstreamFailure.reason(error)))")
        }
        if let own, let reached = addresses.lazy.compactMap(own.listener(reachedBy:)).first {
            throw UpstreamFailure(
                .loop, "cannot send to \(url) : it is this server itself (listening on \(reached)); the request would come back to it")
        }
        return addresses
    }

    /// Why `url` cannot be an upstream of this client (not http://, a name without an address, this server
    /// itself), or nil. Resolves the name (blocking) but connects to nothing.
    package func targetProblem(_ url: String) -> UpstreamFailure? {
        #if canImport(Darwin)
            if url.lowercased().hasPrefix("https://") { return nil }
        #endif
        do {
            _ = try addresses(of: try UpstreamURL(parsing: url), url: UpstreamText.printable(url))
            return nil
        } catch {
            return error
        }
    }

    /// A connection to the first of `addresses` that takes one, in order; the failure says why each refused.
    func connect(toFirstOf addresses: [SocketAddress], url: String) throws(UpstreamFailure) -> Socket {
        var failures: [(address: SocketAddress, error: SystemError)] = []
        for address in addresses {
            do {
                return try Socket.connect(to: address, timeoutSeconds: seconds)
            } catch {
                failures.append((address, error))
            }
        }
        let timedOut = failures.allSatisfy { isTimeout($0.error) || $0.error.errno == Errno.timedOut }
        let reasons = failures.map { isTimeout($0.error) ? "no connection within \(seconds) s" : UpstreamFailure.reason($0.error) }
        let why: String
        if Set(reasons).count == 1, let reason = reasons.first {
            let tried = failures.map(\.address.description).joined(separator: ", ")
            why = failures.count == 1 ? reason : "\(reason) (tried \(tried))"
        } else {
            why = zip(failures, reasons).map { "\($0.address): \($1)" }.joined(separator: "; ")
        }
        throw UpstreamFailure(timedOut ? .timedOut : .unreachable, "cannot reach \(url) : \(why)")
    }

    /// Whether `error` is a socket timeout running out: `EAGAIN` for a send, `EINPROGRESS` for a connect
    /// (socket(7), `SO_SNDTIMEO`).
    private func isTimeout(_ error: SystemError) -> Bool {
        error.errno == Errno.wouldBlock || error.errno == Errno.resourceTemporarilyUnavailable || error.errno == Errno.inProgress
    }
}
