import ShortcutPlatform

/// Why an upstream gave no usable answer, in one line that names it: `cannot reach http://127.0.0.1:9/ :
/// connection refused`. `kind` lets the layer above pick its status (a timeout is not a refusal).
package struct UpstreamFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, for the layer above.
    package enum Kind: Sendable, Equatable {
        /// The request cannot be sent as given (a URL that is not http://, a header with CR or LF).
        case invalidRequest
        /// An https:// URL: TLS is another layer's.
        case httpsNotHandled
        /// No connection: the name has no address, or every address refused or was unreachable.
        case unreachable
        /// The upstream was silent for `timeoutSeconds` (connecting, taking the request or answering).
        case timedOut
        /// The upstream closed or reset the connection before its answer was whole.
        case connectionClosed
        /// The answer is not HTTP/1.x, or breaks its rules (obs-fold, a bad Content-Length, a bad chunk).
        case malformedAnswer
        /// The answer's head or body is over a limit of `UpstreamLimits`.
        case tooLarge
        /// The upstream is the server itself (`OwnEndpoints`): refused before connecting.
        case loop
    }

    /// What went wrong.
    package let kind: Kind
    /// One line a user reads; it names the upstream's URL.
    package let description: String

    /// Makes a failure.
    package init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }
}

extension UpstreamFailure {
    /// The request's own fault, for `url`: `cannot send to URL : why`.
    static func invalidRequest(_ url: String, _ why: String) -> UpstreamFailure {
        UpstreamFailure(.invalidRequest, "cannot send to \(url) : \(why)")
    }

    /// An answer that breaks HTTP/1.x: `the answer from URL why`.
    static func malformed(_ url: String, _ why: String) -> UpstreamFailure {
        UpstreamFailure(.malformedAnswer, "the answer from \(url) \(why)")
    }

    /// `error`'s text as it reads inside a sentence: `connection refused`, not `Connection refused`.
    static func reason(_ error: SystemError) -> String {
        let text = error.reason
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }
}
