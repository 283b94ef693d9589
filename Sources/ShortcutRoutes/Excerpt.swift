extension StringProtocol {
    /// At most `maxBytes` bytes of the text's UTF-8 (cut between Unicode scalars), followed by `…` when
    /// something was cut: for echoing a client's value in a one-line reason. `prefix(n)` would count
    /// grapheme clusters, and one cluster can be a megabyte of combining marks.
    func excerpt(maxBytes: Int) -> String {
        guard utf8.count > maxBytes else { return String(self) }
        var scalars = String.UnicodeScalarView()
        var size = 0
        for scalar in unicodeScalars {
            size += UTF8.width(scalar)
            guard size <= maxBytes else { break }
            scalars.append(scalar)
        }
        return String(scalars) + "…"
    }
}
