/// A response serialised once, for the writer to copy as one block: beside the writer, which serialises it.
extension HTTPResponse {
    /// This response with its status line and header fields serialised now, for an answer built once and
    /// sent many times (a precomputed route, a cache): each send then copies one block instead of writing
    /// field by field. Changing the status or headers later is safe: the block is dropped (`preparedHead`).
    package func prepared() -> HTTPResponse {
        guard headers.firstInvalidName == nil else { return self }
        var copy = self
        var bytes: [UInt8] = []
        ResponseWriter.appendStatusAndFields(self, to: &bytes)
        copy.preparedHead = bytes
        return copy
    }

}
