import HTTPVocabulary
import ShortcutHTTP
import ShortcutJSON
import ShortcutRecords
import ShortcutStubs

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A matched stub's response: status (and `statusMessage`), headers, the body (`body`, `jsonBody`,
/// `base64Body`, `bodyFileName` from `__files/`), rendered through its templates when it has them, and
/// its delay (`fixedDelayMilliseconds` and `delayDistribution`, or the global settings' in their place) on
/// the loop's timer (no thread waits), and its `fault` or `chunkedDribbleDelay` as the way it is delivered.
enum StubAnswer {
    static func response(
        for match: StubMatch, to stubRequest: StubRequest, request: HTTPRequest, stubs: StubService, isOffTheLoop: Bool = false
    ) -> HTTPResponse {
        let definition = match.mapping.response
        if definition.proxyBaseUrl != nil && definition.fault == nil {
            return .madeOffTheLoop { proxied(match, stubRequest, stubs: stubs) }
        }
        let status =
            definition.statusMessage.map { HTTPStatus(code: definition.status, reasonPhrase: $0) } ?? HTTPStatus(definition.status)
        var headers = HTTPHeaders()
        var body: [UInt8]
        switch definition.body {
        case .none: body = []
        case .text(let text): body = Array(text.utf8)
        case .json(let json):
            body = Array(json.description.utf8)
            if !definition.headers.contains(where: { $0.name.equalsIgnoringASCIICase("Content-Type") }) {
                headers.add(name: "Content-Type", value: "application/json")
            }
        case .binary(let bytes): body = bytes
        case .file(let name):
            switch stubs.bodyFile(name) {
            case .success(let bytes): body = bytes
            case .failure(let error): return .error(.internalServerError, "stub \(match.mapping.id): \(error)")
            }
        }
        if let templates = match.templates {
            // A template's work grows with the request's body (a jsonPath over it, a loop over its items):
            // bounded (`TemplateLimits.workSteps`, tens of milliseconds at most), but not for a loop to wait on.
            if request.body.count >= offTheLoopBodyBytes && !isOffTheLoop {
                return .madeOffTheLoop { response(for: match, to: stubRequest, request: request, stubs: stubs, isOffTheLoop: true) }
            }
            let model = TemplateRequestModel(
                method: stubRequest.method, url: stubRequest.url, host: request.authority ?? "localhost",
                headers: stubRequest.headers.map { ($0.name, $0.value) }, body: String(decoding: request.body, as: UTF8.self),
                pathParameters: match.report.pathParameters.sorted { $0.key < $1.key })
            let context = model.templateContext(parameters: definition.transformerParameters.map(TemplateValue.init(json:)))
            do {
                if let template = templates.body { body = Array(try template.render(context).utf8) }
                for (name, value) in templates.headers { headers.add(name: name, value: try value.render(context)) }
            } catch {
                return .error(.internalServerError, "stub \(match.mapping.id): the response template failed: \(error)")
            }
        } else {
            for field in definition.headers { headers.add(name: field.name, value: field.value) }
        }
        return delivered(HTTPResponse(status: status, headers: headers, body: body), definition, stubs: stubs)
    }

    /// The request body size from which a templated answer is rendered on the blocking threads.
    static let offTheLoopBodyBytes = 16 * 1024

    /// A proxy stub's answer: the upstream's (on the blocking pool: the call blocks), or 502 naming it.
    private static func proxied(_ match: StubMatch, _ stubRequest: StubRequest, stubs: StubService) -> HTTPResponse {
        switch stubs.forward(stubRequest, match: match) {
        case .success(let upstream):
            var headers = HTTPHeaders()
            for field in upstream.headers where HTTPField.nameProblem(field.name) == nil && HTTPField.valueProblem(field.value) == nil {
                headers.add(name: field.name, value: field.value)
            }
            let status =
                upstream.reason.isEmpty ? HTTPStatus(upstream.status) : HTTPStatus(code: upstream.status, reasonPhrase: upstream.reason)
            let response = HTTPResponse(status: status, headers: headers, body: upstream.body).noted(
                "proxied to \(match.mapping.response.proxyBaseUrl ?? "")")
            return delivered(response, match.mapping.response, stubs: stubs)
        case .failure(let failure):
            return .error(HTTPStatus(502), "proxy stub \(match.mapping.name ?? match.mapping.id): \(failure)")
        }
    }

    /// `response` with the stub's delay and its way of delivery (a fault, a dribble).
    private static func delivered(_ response: HTTPResponse, _ definition: ResponseDefinition, stubs: StubService) -> HTTPResponse {
        var response = response
        var random = SystemRandomNumberGenerator()
        let delay = stubs.settings.delayMilliseconds(
            for: definition, limit: MappingLimits.standard.maxFixedDelayMilliseconds, using: &random)
        if delay > 0 { response.delay = .milliseconds(delay) }
        if let fault = definition.fault {
            response.delivery = .fault(ConnectionFault(fault))
        } else if let dribble = definition.chunkedDribbleDelay {
            response.delivery = .dribble(pieces: dribble.numberOfChunks, over: .milliseconds(dribble.totalDuration))
        }
        return response
    }
}

extension ConnectionFault {
    /// The connection's fault for a stub's `fault`: the same four, by WireMock's names.
    init(_ fault: StubFault) {
        switch fault {
        case .emptyResponse: self = .emptyResponse
        case .malformedResponseChunk: self = .malformedResponseChunk
        case .randomDataThenClose: self = .randomDataThenClose
        case .connectionResetByPeer: self = .connectionResetByPeer
        }
    }
}
