import ShortcutStubs

/// Why the stub service refused: each says what and which, in one line.
package enum StubServiceError: Error, Sendable, CustomStringConvertible {
    /// The mapping was refused (422): the field and why.
    case invalid(MappingError)
    /// No stub has the id (404).
    case notFound(String)
    /// A stub has the id already (409).
    case conflict(String)
    /// The index is full (422).
    case full(Int)
    /// A body file cannot be served (500 when answering, said with the name).
    case bodyFile(String, String)
    /// The store refused to keep or remove a persistent stub (a read-only or full store: 503/500).
    case store(String)
    /// The recorder cannot do that now (409): a recording runs already, or none runs.
    case recording(String)

    init(_ error: StubIndexError) {
        switch error {
        case .duplicateID(let id): self = .conflict(id)
        case .full(let limit): self = .full(limit)
        default: self = .invalid(MappingError(path: "", reason: error.description))
        }
    }

    /// The same refusal, its field placed under `prefix` (`mappings[3]` + `request.url`).
    func within(_ prefix: String) -> StubServiceError {
        guard case .invalid(let error) = self else { return self }
        return .invalid(MappingError(path: prefix + (error.path.isEmpty ? "" : "." + error.path), reason: error.reason))
    }

    package var description: String {
        switch self {
        case .invalid(let error): "\(error)"
        case .notFound(let id): id.hasPrefix("scenario ") ? "no \(id)" : "no stub mapping with id \(id)"
        case .conflict(let id): "a stub mapping with id \(id) exists already"
        case .full(let limit): "the server holds \(limit) stub mappings, its limit"
        case .bodyFile(let name, let reason): "cannot serve __files/\(name): \(reason)"
        case .store(let reason), .recording(let reason): reason
        }
    }
}
