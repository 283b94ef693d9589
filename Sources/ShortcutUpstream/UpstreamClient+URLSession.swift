#if canImport(Darwin)
    import Foundation

    /// `https://` upstreams on Apple platforms, through the system's own client (URLSession: its TLS, its
    /// trust store). Linux's static binary has no TLS client (FoundationNetworking would bring libcurl, ICU's
    /// data and 60 MB; measured, issue 41), so there an https upstream is refused with a sentence saying so.
    extension UpstreamClient {
        /// `request` through URLSession, waited for on the calling thread (a blocking pool's: never a loop).
        func sendThroughURLSession(_ request: UpstreamRequest) throws(UpstreamFailure) -> UpstreamResponse {
            let shown = UpstreamText.printable(request.url)
            guard let url = URL(string: request.url) else { throw .invalidRequest(shown, "it is not a URL") }
            var urlRequest = URLRequest(url: url, timeoutInterval: TimeInterval(max(1, limits.timeoutSeconds)))
            urlRequest.httpMethod = request.method
            for (name, value) in request.headers where !UpstreamRequest.isClientsOwn(name) {
                urlRequest.addValue(value, forHTTPHeaderField: name)
            }
            if !request.body.isEmpty { urlRequest.httpBody = Data(request.body) }
            let outcome = URLSessionOutcome()
            let configuration = URLSessionConfiguration.ephemeral
            configuration.httpShouldSetCookies = false
            let session = URLSession(configuration: configuration)
            defer { session.invalidateAndCancel() }
            session.dataTask(with: urlRequest) { data, response, error in outcome.finish(data, response, error) }.resume()
            outcome.done.wait()
            if let error = outcome.error {
                let timedOut = (error as? URLError)?.code == .timedOut
                throw UpstreamFailure(timedOut ? .timedOut : .unreachable, "cannot reach \(shown) : \(error.localizedDescription)")
            }
            guard let http = outcome.response as? HTTPURLResponse else { throw .malformed(shown, "is not an HTTP answer") }
            let body = [UInt8](outcome.data ?? Data())
            guard body.count <= limits.maxBodyBytes else {
                throw UpstreamFailure(.tooLarge, "the answer from \(shown) is over \(limits.maxBodyBytes) bytes")
            }
            var headers: [(name: String, value: String)] = []
            for case (let name as String, let value as String) in http.allHeaderFields { headers.append((name, value)) }
            // URLSession decodes the body: its framing and coding fields no longer describe it.
            headers.removeAll { ["content-length", "transfer-encoding", "content-encoding"].contains($0.name.lowercased()) }
            headers.sort { $0.name.lowercased() < $1.name.lowercased() }
            return UpstreamResponse(
                status: http.statusCode, reason: HTTPURLResponse.localizedString(forStatusCode: http.statusCode), headers: headers,
                body: body)
        }
    }

    /// What a data task handed back, for the thread that waits for it (written once, before the signal).
    private final class URLSessionOutcome: @unchecked Sendable {
        let done = DispatchSemaphore(value: 0)
        private(set) var data: Data?
        private(set) var response: URLResponse?
        private(set) var error: Error?

        func finish(_ data: Data?, _ response: URLResponse?, _ error: Error?) {
            (self.data, self.response, self.error) = (data, response, error)
            done.signal()
        }
    }
#endif
