import HTTPVocabulary
import ShortcutJSON

extension ResponseDefinition {
    /// Reads a `response` object at `cursor`.
    static func parse(_ cursor: JSONCursor, limits: MappingLimits) throws(MappingError) -> ResponseDefinition {
        let fields = try cursor.object(known: knownFields, refused: refusedFields)
        var response = ResponseDefinition()
        if let status = fields["status"] { response.status = try status.integer(in: 100...599) }
        if let message = fields["statusMessage"] {
            let text = try message.string()
            if let problem = HTTPField.valueProblem(text) { throw message.fail("\(problem)") }
            response.statusMessage = text
        }
        if let headers = fields["headers"] { response.headers = try parseHeaders(headers) }
        response.body = try parseBody(fields)
        if let delay = fields["fixedDelayMilliseconds"] {
            response.fixedDelayMilliseconds = try delay.integer(in: 0...limits.maxFixedDelayMilliseconds)
        }
        if let distribution = fields["delayDistribution"] {
            response.delayDistribution = try DelayDistribution.parse(distribution, maxMilliseconds: limits.maxFixedDelayMilliseconds)
        }
        if let dribble = fields["chunkedDribbleDelay"] {
            response.chunkedDribbleDelay = try ChunkedDribbleDelay.parse(dribble, limits: limits)
        }
        if let fault = fields["fault"] { response.fault = try StubFault.parse(fault) }
        try parseProxy(fields, into: &response)
        if let transformers = fields["transformers"] {
            for element in try transformers.array() {
                let name = try element.string()
                guard name == templateTransformer else {
                    throw element.fail("transformer '\(name)' is not supported (only \(templateTransformer))")
                }
                response.transformers.append(name)
            }
        }
        if let parameters = fields["transformerParameters"] {
            guard case .object = parameters.value else {
                throw parameters.fail("must be an object, not \(JSONCursor.kind(parameters.value))")
            }
            response.transformerParameters = parameters.value
        }
        if let flag = fields["fromConfiguredStub"] { _ = try flag.bool() }
        return response
    }

    /// `proxyBaseUrl` and the fields that shape the forwarded request (which need it).
    private static func parseProxy(_ fields: JSONObjectFields, into response: inout ResponseDefinition) throws(MappingError) {
        if let base = fields["proxyBaseUrl"] {
            let url = try base.string()
            if let problem = proxyBaseProblem(url) { throw base.fail(problem) }
            response.proxyBaseUrl = url
            if response.body != .none { throw base.fail("a proxy stub sends the upstream's body: give no body field beside it") }
        } else if let orphan = fields.present(["proxyUrlPrefixToRemove", "additionalProxyRequestHeaders", "removeProxyRequestHeaders"])
            .first,
            let cursor = fields[orphan]
        {
            throw cursor.fail("applies to a proxy stub: give proxyBaseUrl too")
        }
        if let prefix = fields["proxyUrlPrefixToRemove"] {
            let text = try prefix.string()
            guard text.hasPrefix("/") else { throw prefix.fail("must start with '/'") }
            response.proxyUrlPrefixToRemove = text
        }
        if let added = fields["additionalProxyRequestHeaders"] { response.additionalProxyRequestHeaders = try parseHeaders(added) }
        if let removed = fields["removeProxyRequestHeaders"] {
            for element in try removed.array() {
                let name = try element.string()
                if let problem = HTTPField.nameProblem(name) { throw element.fail("\(problem)") }
                response.removeProxyRequestHeaders.append(name)
            }
        }
    }

    /// Why `url` cannot be an upstream: it must be an absolute http(s) URL with a host, and no more than a base
    /// (no query or fragment: the request's own path and query are appended).
    static func proxyBaseProblem(_ url: String) -> String? {
        let lower = url.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return "must be an absolute http:// or https:// URL" }
        let rest = url.drop { $0 != ":" }.dropFirst(3)
        if rest.prefix(while: { $0 != "/" }).isEmpty { return "has no host" }
        if url.contains("?") || url.contains("#") { return "must be a base URL, without a query or fragment" }
        if url.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) { return "may not hold spaces or control characters" }
        return nil
    }

    private static func parseHeaders(_ cursor: JSONCursor) throws(MappingError) -> [HTTPField] {
        var headers: [HTTPField] = []
        for (name, value) in try cursor.members() {
            if let problem = HTTPField.nameProblem(name) { throw value.fail("\(problem)") }
            let values: [JSONCursor]
            switch value.value {
            case .string: values = [value]
            case .array: values = try value.array()
            default: throw value.fail("must be a string or an array of strings, not \(JSONCursor.kind(value.value))")
            }
            for element in values {
                let text = try element.string()
                if let problem = HTTPField.valueProblem(text) { throw element.fail("\(problem)") }
                headers.append(HTTPField(name: name, value: text))
            }
        }
        return headers
    }

    private static func parseBody(_ fields: JSONObjectFields) throws(MappingError) -> Body {
        let given = fields.present(bodyFields)
        guard given.count <= 1 else {
            let found = given.dropLast().joined(separator: ", ") + " and " + (given.last ?? "")
            throw fields.cursor.fail("only one of \(bodyFields.joined(separator: ", ")) may be given (found \(found))")
        }
        guard let name = given.first, let cursor = fields[name] else { return .none }
        switch name {
        case "body": return .text(try cursor.string())
        case "jsonBody": return .json(cursor.value)
        case "base64Body":
            guard let bytes = Base64.decode(try cursor.string()) else { throw cursor.fail("is not base64") }
            return .binary(bytes)
        default:
            let file = try cursor.string()
            if let problem = fileNameProblem(file) { throw cursor.fail(problem) }
            return .file(file)
        }
    }

    /// Why `name` may not name a file under `__files`: it must stay inside that folder.
    private static func fileNameProblem(_ name: String) -> String? {
        if name.isEmpty { return "may not be empty" }
        if name.hasPrefix("/") { return "must be relative to __files, not an absolute path" }
        if name.utf8.contains(0) || name.contains("\\") { return "may not hold a NUL or a backslash" }
        if name.split(separator: "/").contains("..") { return "may not hold a '..' segment" }
        return nil
    }
}
