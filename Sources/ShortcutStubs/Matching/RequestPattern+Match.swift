extension RequestPattern {
    /// How `request` fares against this pattern, every criterion evaluated (for near misses and tests).
    package func match(_ request: StubRequest) -> MatchReport { match(in: MatchContext(request), stopAtFirstFailure: false) }

    /// Whether `request` matches, stopping at the first criterion that does not.
    package func matches(_ request: StubRequest) -> Bool { match(in: MatchContext(request), stopAtFirstFailure: true).isMatch }

    /// The report for the request in `context`; with `stopAtFirstFailure` it ends at the first miss (cheap
    /// criteria come first), so only a match's report is complete.
    func match(in context: MatchContext, stopAtFirstFailure: Bool) -> MatchReport {
        var evaluation = Evaluation(stopAtFirstFailure: stopAtFirstFailure)
        let request = context.request
        evaluation.add(
            CriterionResult(
                part: .method, label: "Method", expected: method.name, actual: request.method, .of(method.matches(request.method))))
        if evaluation.done { return evaluation.report }
        let (urlResult, bound) = evaluateURL(request)
        evaluation.add(CriterionResult(part: .url, label: "URL", expected: url.summary, actual: request.url, urlResult))
        evaluation.pathParameters = bound ?? [:]
        if evaluation.done { return evaluation.report }
        // Path parameters only when the template fitted, as in WireMock's diff (the URL line says why not).
        if let bound {
            for (name, pattern) in pathParameters {
                let value = bound[name]
                let result = pattern.evaluate(value, in: context)
                evaluation.add(
                    CriterionResult(
                        part: .pathParameter, label: "Path parameter: \(name)", expected: pattern.summary,
                        actual: value ?? CriterionResult.absent, result))
                if evaluation.done { return evaluation.report }
            }
        }
        for (name, pattern) in headers {
            let values = request.headerValues(name)
            evaluation.add(multiValue(.header, "Header: \(name)", pattern, values, context))
            if evaluation.done { return evaluation.report }
        }
        if let basicAuthCredentials {
            evaluation.add(evaluateBasicAuth(basicAuthCredentials, request.headerValues("Authorization")))
            if evaluation.done { return evaluation.report }
        }
        for (name, pattern) in queryParameters {
            evaluation.add(multiValue(.query, "Query: \(name)", pattern, request.queryValues(name), context))
            if evaluation.done { return evaluation.report }
        }
        for (name, pattern) in formParameters {
            evaluation.add(multiValue(.form, "Form: \(name)", pattern, context.formParameters.values(named: name), context))
            if evaluation.done { return evaluation.report }
        }
        for (name, pattern) in cookies {
            evaluation.add(evaluateCookie(name, pattern, request.cookieValues(name), context))
            if evaluation.done { return evaluation.report }
        }
        for pattern in bodyPatterns {
            evaluation.add(evaluateBody(pattern, context))
            if evaluation.done { return evaluation.report }
        }
        return evaluation.report
    }

    private func evaluateURL(_ request: StubRequest) -> (ValueMatch, [String: String]?) {
        func equal(_ expected: String, _ actual: String) -> ValueMatch {
            actual.utf8.elementsEqual(expected.utf8)
                ? .exact : ValueMatch(matched: false, distance: Levenshtein.normalisedDistance(expected, actual))
        }
        func regexMatch(_ regex: JavaRegex, _ text: String) -> ValueMatch {
            do {
                return .of(try regex.regex.wholeMatch(text))
            } catch {
                return .regexGaveUp(error.description)
            }
        }
        switch url {
        case .any: return (.exact, nil)
        case .url(let expected): return (equal(expected, request.url), nil)
        case .urlPath(let expected): return (equal(expected, request.path), nil)
        case .urlPattern(let regex): return (regexMatch(regex, request.url), nil)
        case .urlPathPattern(let regex): return (regexMatch(regex, request.path), nil)
        case .urlPathTemplate(let template):
            if let bound = template.match(Substring(request.path)) { return (.exact, bound) }
            return (ValueMatch(matched: false, distance: Levenshtein.normalisedDistance(template.withoutVariables, request.path)), nil)
        }
    }

    private func multiValue(
        _ part: CriterionResult.Part, _ label: String, _ pattern: MultiValuePattern, _ values: [String]?, _ context: MatchContext
    ) -> CriterionResult {
        CriterionResult(
            part: part, label: label, expected: pattern.summary, actual: RequestPattern.describe(values),
            pattern.evaluate(values, in: context))
    }

    /// WireMock: a missing cookie matches only `absent`; a present one, the best of its values.
    private func evaluateCookie(_ name: String, _ pattern: StringValuePattern, _ values: [String]?, _ context: MatchContext)
        -> CriterionResult
    {
        let result: ValueMatch
        if let values {
            result = .best(values.map { pattern.evaluate($0, in: context) })
        } else {
            result = .of(pattern.isAbsent)
        }
        return CriterionResult(
            part: .cookie, label: "Cookie: \(name)", expected: pattern.summary, actual: RequestPattern.describe(values), result)
    }

    /// WireMock: some `Authorization` value is `Basic ` (any case) + base64(username:password). The password
    /// is never written into a report.
    private func evaluateBasicAuth(_ credentials: BasicCredentials, _ values: [String]?) -> CriterionResult {
        let encoded = credentials.encoded
        let expectedValue = "Basic " + encoded
        let results = (values ?? []).map { value -> ValueMatch in
            let bytes = Array(value.utf8)
            let matched =
                bytes.count == 6 + encoded.utf8.count && String(decoding: bytes.prefix(6), as: UTF8.self).lowercased() == "basic "
                && bytes.dropFirst(6).elementsEqual(encoded.utf8)
            return matched ? .exact : ValueMatch(matched: false, distance: Levenshtein.normalisedDistance(expectedValue, value))
        }
        return CriterionResult(
            part: .basicAuth, label: "Basic auth", expected: "username \(Quoted.text(credentials.username)) (password not shown)",
            actual: RequestPattern.describeAuthorization(values), values == nil ? .none : .best(results))
    }

    private func evaluateBody(_ pattern: BodyPattern, _ context: MatchContext) -> CriterionResult {
        let body = context.request.body
        guard context.request.isBodyKept else {
            // Never "(empty)" for a body that was sent but not kept: the criterion cannot be judged.
            return CriterionResult(part: .body, label: "Body", expected: pattern.summary, actual: CriterionResult.bodyNotKept, .none)
        }
        switch pattern {
        case .binaryEqualTo(let bytes):
            return CriterionResult(part: .body, label: "Body", expected: pattern.summary, actual: "\(body.count) bytes", .of(body == bytes))
        case .text(let stringPattern):
            let text = context.bodyText
            return CriterionResult(
                part: .body, label: "Body", expected: pattern.summary, actual: text ?? "(empty)", stringPattern.evaluate(text, in: context))
        }
    }

    /// Values as a report shows them: one value as it is, several joined by ", ", none as "(absent)".
    static func describe(_ values: [String]?) -> String { values?.joined(separator: ", ") ?? CriterionResult.absent }

    /// The user name of Basic credentials, never the password.
    static func describeAuthorization(_ values: [String]?) -> String {
        guard let value = values?.first else { return CriterionResult.absent }
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "basic", let decoded = Base64.decode(String(parts[1])) else {
            return "(not Basic credentials)"
        }
        let text = String(decoding: decoded, as: UTF8.self)
        let username = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? text
        return "username \(Quoted.text(username))"
    }
}

/// Criteria collected so far, and whether to stop.
private struct Evaluation {
    let stopAtFirstFailure: Bool
    var criteria: [CriterionResult] = []
    var pathParameters: [String: String] = [:]

    var done: Bool { stopAtFirstFailure && criteria.last?.matched == false }

    mutating func add(_ criterion: CriterionResult) { criteria.append(criterion) }

    var report: MatchReport {
        let isMatch = criteria.allSatisfy(\.matched)
        return MatchReport(
            isMatch: isMatch, distance: isMatch ? 0 : MatchReport.wireMockDistance(criteria), criteria: criteria,
            pathParameters: pathParameters)
    }
}
