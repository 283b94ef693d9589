import HTTPVocabulary
import ShortcutJSON

/// What a stub answers: WireMock's `response` object. Bodies and headers are checked when the mapping is
/// read, so serving it cannot fail on them (a header that could split the response is refused here).
package struct ResponseDefinition: Sendable {
    /// The body, from at most one of `body`, `jsonBody`, `base64Body` and `bodyFileName`.
    package enum Body: Sendable, Equatable {
        /// No body field.
        case none
        /// `body`: text, sent as UTF-8.
        case text(String)
        /// `jsonBody`: a JSON value, sent as its text.
        case json(JSONValue)
        /// `base64Body`: bytes.
        case binary([UInt8])
        /// `bodyFileName`: a file under `__files` (relative, without `..`), read by the server.
        case file(String)
    }

    /// `status`; 200 when absent.
    package var status = 200
    /// `statusMessage`: the reason phrase, when given.
    package var statusMessage: String?
    /// `headers`, in order; a name given a list of values becomes one field per value.
    package var headers: [HTTPField] = []
    /// The body.
    package var body: Body = .none
    /// `fixedDelayMilliseconds`.
    package var fixedDelayMilliseconds: Int?
    /// `delayDistribution`: a random delay, added to `fixedDelayMilliseconds`.
    package var delayDistribution: DelayDistribution?
    /// `chunkedDribbleDelay`: the body in pieces over a time.
    package var chunkedDribbleDelay: ChunkedDribbleDelay?
    /// `fault`: a network failure instead of the response.
    package var fault: StubFault?
    /// `proxyBaseUrl`: the request is forwarded there (its path and query appended) and the upstream's
    /// answer sent back, instead of a body of the stub's own.
    package var proxyBaseUrl: String?
    /// `proxyUrlPrefixToRemove`: taken off the start of the request's path before it is appended.
    package var proxyUrlPrefixToRemove: String?
    /// `additionalProxyRequestHeaders`: fields added to the forwarded request (in place of the client's).
    package var additionalProxyRequestHeaders: [HTTPField] = []
    /// `removeProxyRequestHeaders`: the client's fields not forwarded (names compare without case).
    package var removeProxyRequestHeaders: [String] = []
    /// `transformers` (only `response-template` is accepted).
    package var transformers: [String] = []
    /// `transformerParameters`, kept as given for the templating.
    package var transformerParameters: JSONValue?

    /// The answer of a mapping without `response`: 200, no body.
    package static let ok = ResponseDefinition()

    /// A response; every field defaults as in WireMock.
    package init(status: Int = 200, body: Body = .none) {
        self.status = status
        self.body = body
    }

    /// Whether the `response-template` transformer is on.
    package var isTemplated: Bool { transformers.contains(ResponseDefinition.templateTransformer) }

    static let templateTransformer = "response-template"

    static let knownFields = [
        "status", "statusMessage", "headers", "body", "jsonBody", "base64Body", "bodyFileName", "fixedDelayMilliseconds",
        "delayDistribution", "chunkedDribbleDelay", "fault", "proxyBaseUrl", "proxyUrlPrefixToRemove", "additionalProxyRequestHeaders",
        "removeProxyRequestHeaders", "transformers", "transformerParameters", "fromConfiguredStub",
    ]

    static let refusedFields: Set<String> = []

    static let bodyFields = ["body", "jsonBody", "base64Body", "bodyFileName"]
}
