/// A `urlPathTemplate` such as `/contacts/{contactId}/addresses/{addressId}`: literal segments and
/// variables, each variable binding the (raw, undecoded) text of one path segment, as WireMock's
/// `PathTemplate` does with `([^/]+)`. A segment may wrap its variable in literal text (`{file}.json`).
///
/// Matched segment by segment in linear time, never by a regex. Refused when read: two variables in one
/// segment (ambiguous), WireMock's `**` wildcard, and braces that are not a `{name}`.
package struct PathTemplate: Sendable, Equatable {
    /// One `/`-separated piece of the template.
    package enum Segment: Sendable, Equatable {
        /// Text that must appear exactly.
        case literal(String)
        /// `prefix{name}suffix`: the segment starts and ends with the literals and binds what lies between
        /// (at least one character).
        case variable(name: String, prefix: String, suffix: String)
    }

    /// The template as written.
    package let template: String
    /// Its segments (`/a/{b}` is `["", "a", {b}]`, as splitting a path gives `["", "a", "x"]`).
    package let segments: [Segment]

    /// The variable names, in order.
    package var variableNames: [String] {
        segments.compactMap { if case .variable(let name, _, _) = $0 { name } else { nil } }
    }

    /// The template with each variable as `_`: what a non-matching path's distance is measured against
    /// (WireMock's `withoutVariables`).
    package var withoutVariables: String {
        segments.map { segment in
            switch segment {
            case .literal(let text): text
            case .variable(_, let prefix, let suffix): prefix + "_" + suffix
            }
        }.joined(separator: "/")
    }

    /// Reads `template`, refusing what it cannot match unambiguously.
    package init(_ template: String) throws(PathTemplateError) {
        var segments: [Segment] = []
        var names = Set<String>()
        for piece in template.split(separator: "/", omittingEmptySubsequences: false) {
            let segment = try PathTemplate.segment(piece)
            if case .variable(let name, _, _) = segment, !names.insert(name).inserted {
                throw PathTemplateError(reason: "the variable {\(name)} appears twice")
            }
            segments.append(segment)
        }
        self.template = template
        self.segments = segments
    }

    /// The bound variables when `path` (raw, without the query) fits the template, else nil.
    package func match(_ path: Substring) -> [String: String]? {
        var bound: [String: String] = [:]
        var index = 0
        for piece in path.split(separator: "/", omittingEmptySubsequences: false) {
            guard index < segments.count else { return nil }
            switch segments[index] {
            case .literal(let text):
                // Bytes, not Characters: Java compares code units, and Swift's `==` equates canonical forms.
                guard piece.utf8.elementsEqual(text.utf8) else { return nil }
            case .variable(let name, let prefix, let suffix):
                let bytes = piece.utf8
                guard bytes.count > prefix.utf8.count + suffix.utf8.count, bytes.starts(with: prefix.utf8),
                    bytes.reversed().starts(with: suffix.utf8.reversed())
                else { return nil }
                bound[name] = String(decoding: bytes.dropFirst(prefix.utf8.count).dropLast(suffix.utf8.count), as: UTF8.self)
            }
            index += 1
        }
        return index == segments.count ? bound : nil
    }

    private static func segment(_ piece: Substring) throws(PathTemplateError) -> Segment {
        if piece.contains("**") { throw PathTemplateError(reason: "the ** wildcard is not supported (use urlPathPattern)") }
        guard let open = piece.firstIndex(of: "{") else {
            guard !piece.contains("}") else { throw PathTemplateError(reason: "'}' without '{' in segment '\(piece)'") }
            return .literal(String(piece))
        }
        guard let close = piece[open...].firstIndex(of: "}") else {
            throw PathTemplateError(reason: "'{' without '}' in segment '\(piece)'")
        }
        let name = piece[piece.index(after: open)..<close]
        let prefix = piece[..<open]
        let suffix = piece[piece.index(after: close)...]
        guard !prefix.contains("}"), !suffix.contains("{"), !suffix.contains("}") else {
            throw PathTemplateError(reason: "segment '\(piece)' holds more than one variable (one per segment)")
        }
        let nameBytes = name.utf8
        guard !nameBytes.isEmpty, nameBytes.allSatisfy(isNameByte) else {
            throw PathTemplateError(reason: "'{\(name)}' is not a variable name (letters, digits, '_' and '-')")
        }
        return .variable(name: String(name), prefix: String(prefix), suffix: String(suffix))
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x5F || byte == 0x2D
    }
}

/// Why a `urlPathTemplate` was refused.
package struct PathTemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One line.
    package var reason: String
    /// The reason.
    package var description: String { reason }
}
