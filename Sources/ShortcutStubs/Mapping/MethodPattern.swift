import HTTPVocabulary

/// A request pattern's `method`: one method (compared exactly: methods are case-sensitive, RFC 9110 §9.1),
/// `ANY` (also when absent), or WireMock's `GET_OR_HEAD`.
package enum MethodPattern: Sendable, Equatable {
    /// Any method.
    case any
    /// GET or HEAD.
    case getOrHead
    /// This method.
    case exactly(String)

    /// As written in a mapping: `GET`, `ANY`, `GET_OR_HEAD`.
    package var name: String {
        switch self {
        case .any: "ANY"
        case .getOrHead: "GET_OR_HEAD"
        case .exactly(let method): method
        }
    }

    /// Whether a request with `method` matches.
    package func matches(_ method: String) -> Bool {
        switch self {
        case .any: true
        case .getOrHead: method == "GET" || method == "HEAD"
        case .exactly(let expected): method == expected
        }
    }

    static func parse(_ cursor: JSONCursor) throws(MappingError) -> MethodPattern {
        let name = try cursor.string()
        switch name {
        case "ANY": return .any
        case "GET_OR_HEAD": return .getOrHead
        default:
            guard !name.isEmpty, name.utf8.allSatisfy(HTTPSyntax.isTokenByte) else {
                throw cursor.fail("'\(name)' is not a method name (an HTTP token such as GET, or ANY)")
            }
            return .exactly(name)
        }
    }
}
