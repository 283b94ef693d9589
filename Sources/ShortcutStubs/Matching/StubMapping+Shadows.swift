extension StubMapping {
    /// The paths of `paths` its URL matcher takes for a `GET` (whatever else it asks of a request): the
    /// built-in routes it answers instead of the server, since stubs are tried first.
    package func takesURLs(of paths: [String]) -> [String] {
        paths.filter { path in
            request.match(StubRequest(method: "GET", target: path, headers: [])).criteria.contains { $0.part == .url && $0.matched }
        }
    }
}
