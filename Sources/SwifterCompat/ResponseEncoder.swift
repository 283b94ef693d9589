import ShortcutHTTP

/// Turns a Swifter `HttpResponse` into the core's `HTTPResponse`: the same status, phrase, header fields and
/// body bytes. The core's writer then adds `Content-Length`, `Date` and `Connection` (and drops a handler's
/// own `Content-Length`, as the length is the body's).
enum ResponseEncoder {
    static func encode(_ response: HttpResponse, bodyLimit: Int, upgrades: Upgrades? = nil) -> HTTPResponse {
        let code = response.statusCode
        guard (100...999).contains(code) else {
            return .error(.internalServerError, "the handler answered status code \(code), which is not three digits")
        }
        let status = HTTPStatus(code: code, reasonPhrase: response.reasonPhrase)
        switch response {
        case .movedPermanently(let location), .movedTemporarily(let location):
            // The common case (the seed's `/s`) without building a dictionary first.
            return HTTPResponse(status: status, headers: HTTPHeaders([("Server", HttpResponse.serverName), ("Location", location)]))
        case .switchProtocols(_, let session):
            guard let upgrades else { return .error(.notImplemented, "this server cannot switch protocols") }
            guard upgrades.sessions.hasRoom else {
                return .error(
                    .serviceUnavailable,
                    "\(upgrades.sessions.limit) connections have switched protocols already "
                        + "(HttpServerIO.maxUpgradedConnections)")
            }
            let box = UncheckedSendable(value: (session, upgrades))
            return HTTPResponse.switchingProtocols(headers(of: response)) { connection in
                let (session, upgrades) = box.value
                let socket = UpgradedSocket(connection)
                guard upgrades.sessions.add(socket) else { return socket.close() }
                defer {
                    upgrades.sessions.remove(socket)
                    socket.close()
                }
                upgrades.server?.delegate?.socketConnectionReceived(socket)
                session(socket)
            }
        case .ok(let body, _):
            return HTTPResponse(status: status, headers: headers(of: response), body: body.serialized())
        case .raw(_, _, _, let write):
            guard let write else { return HTTPResponse(status: status, headers: headers(of: response)) }
            let writer = CollectingBodyWriter(limit: bodyLimit)
            do {
                try write(writer)
            } catch let error as CollectingBodyWriter.TooLarge {
                return .error(.internalServerError, error.description)
            } catch {
                return .error(.internalServerError, "the handler's body writer failed: \(error)")
            }
            return HTTPResponse(status: status, headers: headers(of: response), body: writer.bytes)
        default:
            return HTTPResponse(status: status, headers: headers(of: response), body: response.errorBody?.serialized() ?? [])
        }
    }

    /// Where `.switchProtocols` sessions are counted, and the server whose delegate hears of them.
    struct Upgrades {
        let sessions: UpgradedSessions
        weak var server: HttpServerIO?
    }

    /// `headers()` in a stable order: `Server` first, the rest by name (a dictionary has none of its own).
    static func headers(of response: HttpResponse) -> HTTPHeaders {
        let fields = response.headers()
        var pairs: [(String, String)] = []
        pairs.reserveCapacity(fields.count)
        if let server = fields["Server"] { pairs.append(("Server", server)) }
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) where name != "Server" { pairs.append((name, value)) }
        return HTTPHeaders(pairs)
    }
}
