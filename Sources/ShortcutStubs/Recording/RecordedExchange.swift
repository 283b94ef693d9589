import HTTPVocabulary

/// One request the recorder sent on to the target and the answer it got back: what a snapshot turns into a
/// stub mapping. Plain values, so the layer that proxies (and owns the sockets) hands them over as they were.
package struct RecordedExchange: Sendable {
    /// The method, as received.
    package var method: String
    /// Path + `?` + query, as received (not percent-decoded): the generated mapping's `url`.
    package var url: String
    /// The request's header fields, in order, names as received.
    package var requestHeaders: [(name: String, value: String)]
    /// The request's body.
    package var requestBody: [UInt8]
    /// The target's status code.
    package var status: Int
    /// The target's header fields, in order, with the hop-by-hop ones already removed by the caller.
    package var responseHeaders: [(name: String, value: String)]
    /// The target's body, as it came (the stub replays these bytes).
    package var responseBody: [UInt8]

    /// An exchange; what is left out is empty (a 200 without fields or body).
    package init(
        method: String, url: String, requestHeaders: [(name: String, value: String)] = [], requestBody: [UInt8] = [],
        status: Int = 200, responseHeaders: [(name: String, value: String)] = [], responseBody: [UInt8] = []
    ) {
        self.method = method
        self.url = url
        self.requestHeaders = requestHeaders
        self.requestBody = requestBody
        self.status = status
        self.responseHeaders = responseHeaders
        self.responseBody = responseBody
    }

    /// The request as the stub matcher sees it, for the spec's `filters`.
    var stubRequest: StubRequest {
        StubRequest(method: method, target: url, headers: requestHeaders.map { ($0.name, $0.value) }, body: requestBody)
    }

    /// The first value of request header `name` (case-insensitive), or nil.
    func requestHeader(_ name: String) -> String? {
        requestHeaders.first { $0.name.equalsIgnoringASCIICase(name) }?.value
    }

    /// The first value of response header `name` (case-insensitive), or nil.
    func responseHeader(_ name: String) -> String? {
        responseHeaders.first { $0.name.equalsIgnoringASCIICase(name) }?.value
    }
}
