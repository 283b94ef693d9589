import Dispatch

/// A response made off the event loop: the call of a blocking handler (disk, locks, `fsync`), run on the
/// server's `BlockingPool`, or of an `async` handler, run as a task. The connection holds its place (the
/// requests pipelined behind it wait unparsed, as behind a delayed answer) and writes the response when the
/// work hands it back.
enum DeferredAnswer: Sendable {
    case blocking(@Sendable () -> HTTPResponse)
    case async(@Sendable () async -> HTTPResponse)

    /// The answer, made on the calling thread (for `HTTPServer.respond(to:)`, with no event loop): an async
    /// handler's task is waited for.
    func waitForAnswer() -> HTTPResponse {
        switch self {
        case .blocking(let body): return body()
        case .async(let body):
            let made = AnswerBox()
            let done = DispatchSemaphore(value: 0)
            Task {
                made.set(await body())
                done.signal()
            }
            done.wait()
            return made.value
        }
    }

    /// Carries an answer from a task to the thread that waits for it (written once, before the signal).
    private final class AnswerBox: @unchecked Sendable {
        private(set) var value = HTTPResponse(status: .internalServerError)
        func set(_ response: HTTPResponse) { value = response }
    }
}

/// An error an `async throws` handler may throw to answer with `response` (a 404, a 409 with its reason):
/// any other error is answered 500 with its description.
public struct HTTPResponseError: Error, Sendable {
    /// The answer sent instead.
    public let response: HTTPResponse

    /// The error answered by `response`.
    public init(_ response: HTTPResponse) { self.response = response }
}

/// An `async throws` route handler (`HTTPServer.MethodRoutes.async`): it runs off the event loop.
public typealias AsyncHTTPHandler = @Sendable (HTTPRequest) async throws -> HTTPResponse

extension HTTPResponse {
    /// The placeholder a handler answers for work done elsewhere (`HTTPServer.MethodRoutes.blocking` and
    /// `.async` wrap their handlers in it).
    static func deferred(_ work: DeferredAnswer) -> HTTPResponse {
        var response = HTTPResponse(status: .ok)
        response.deferred = work
        return response
    }

    /// The answer `body` makes on the server's blocking pool, off the event loop (a proxy's upstream call),
    /// for a layer that answers outside the route table (`HTTPServer.beforeRoutes`).
    package static func madeOffTheLoop(_ body: @escaping @Sendable () -> HTTPResponse) -> HTTPResponse {
        .deferred(.blocking(body))
    }

    /// The answer to an `async throws` handler's error.
    static func answer(to error: any Error) -> HTTPResponse {
        if let error = error as? HTTPResponseError { return error.response }
        return .error(.internalServerError, "the handler failed: \(String(describing: error).prefix(300))")
    }
}
